import {
  type CommunityTokenClaims,
  DEFAULT_GROUP_TAG,
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GROUP_TAGS,
  type GroupBody,
  groupBodySchema,
} from "@kindred/shared";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { InputField, SelectField, TextareaField } from "@/components/ui/field.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useCreateGroup } from "../api/create-group.ts";
import { expiredOn } from "../lib/use-session-expiry.ts";
import { ItemFormModal } from "./item-form.tsx";

const EMPTY_GROUP: GroupBody = { name: "", description: "", tag: DEFAULT_GROUP_TAG };

type CreateGroupModalProps = {
  open: boolean;
  onClose: () => void;
  token: string;
  claims: CommunityTokenClaims;
  onExpired: () => void;
};

/** 'Create Group': a name, a description and a topic. */
export function CreateGroupModal({
  open,
  onClose,
  token,
  claims,
  onExpired,
}: CreateGroupModalProps) {
  const form = useZodForm(groupBodySchema, { defaultValues: EMPTY_GROUP });
  const create = useCreateGroup(token);
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ ...values, u_id: claims.id }).then(
      (group) => {
        form.reset(EMPTY_GROUP);
        onClose();
        showToast(`"${group.name}" is created.`, { variant: "success" });
      },
      (error: unknown) => {
        if (expiredOn(error, onExpired)) return;
        showServerError(form, error, "Could not create the group. Please try again.");
      },
    ),
  );
  return (
    <ItemFormModal
      open={open}
      onClose={onClose}
      title="Create Group"
      control={form.control}
      onSubmit={onSubmit}
      pending={create.isPending}
      submitLabel="Create Group"
    >
      <GroupFields control={form.control} />
    </ItemFormModal>
  );
}

type GroupForm = UseFormReturn<GroupBody, unknown, z.output<typeof groupBodySchema>>;

/** A group's name, description and topic: the create and edit forms share them. */
export function GroupFields({ control }: { control: GroupForm["control"] }) {
  return (
    <>
      <InputField control={control} name="name" label="Name" maxLength={GROUP_NAME_MAX_LENGTH} />
      <TextareaField
        control={control}
        name="description"
        label="Description"
        rows={4}
        maxLength={GROUP_DESCRIPTION_MAX_LENGTH}
      />
      <SelectField
        control={control}
        name="tag"
        label="Topic"
        options={GROUP_TAGS.map((tag) => ({ value: tag, label: tag }))}
      />
    </>
  );
}
