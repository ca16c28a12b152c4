import {
  POST_CONTENT_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
  type PostBody,
  postBodySchema,
} from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { InputField, TextareaField } from "@/components/ui/field.tsx";
import { useZodForm } from "@/lib/form.ts";
import { ItemFormModal } from "./item-form.tsx";

export type PostForm = UseFormReturn<PostBody, unknown, z.output<typeof postBodySchema>>;

export const EMPTY_POST: PostBody = { title: "", content: "" };

export function usePostForm(): PostForm {
  return useZodForm(postBodySchema, { defaultValues: EMPTY_POST });
}

type PostFormModalProps = {
  open: boolean;
  onClose: () => void;
  form: PostForm;
  pending: boolean;
  onSubmit: (values: z.output<typeof postBodySchema>) => void;
};

/** 'Add Your Thought': a title and the text, and Post. */
export function PostFormModal({ open, onClose, form, pending, onSubmit }: PostFormModalProps) {
  const { t } = useLingui();
  return (
    <ItemFormModal
      open={open}
      onClose={onClose}
      title={t`Add Your Thought`}
      control={form.control}
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={t`Post`}
    >
      <InputField
        control={form.control}
        name="title"
        label={t`Title`}
        maxLength={POST_TITLE_MAX_LENGTH}
      />
      <TextareaField
        control={form.control}
        name="content"
        label={t`Content`}
        rows={6}
        maxLength={POST_CONTENT_MAX_LENGTH}
      />
    </ItemFormModal>
  );
}
