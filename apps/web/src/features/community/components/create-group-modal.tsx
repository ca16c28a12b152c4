import {
  type CommunityTokenClaims,
  DEFAULT_GROUP_TAG,
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GROUP_TAGS,
  type GroupBody,
  groupBodySchema,
} from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { InputField, SelectField, TextareaField } from "@/components/ui/field.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useCreateGroup } from "../api/create-group.ts";
import { GROUP_TAG_LABELS } from "../lib/group-tags.ts";
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
  const { t } = useLingui();
  const form = useZodForm(groupBodySchema, { defaultValues: EMPTY_GROUP });
  const create = useCreateGroup(token);
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ ...values, u_id: claims.id }).then(
      (group) => {
        form.reset(EMPTY_GROUP);
        onClose();
        const name = group.name;
        showToast(t`"${name}" is created.`, { variant: "success" });
      },
      (error: unknown) => {
        if (expiredOn(error, onExpired)) return;
        showServerError(form, error, t`Could not create the group. Please try again.`);
      },
    ),
  );
  return (
    <ItemFormModal
      open={open}
      onClose={onClose}
      title={t`Create Group`}
      control={form.control}
      onSubmit={onSubmit}
      pending={create.isPending}
      submitLabel={t`Create Group`}
    >
      <GroupFields control={form.control} />
    </ItemFormModal>
  );
}

type GroupForm = UseFormReturn<GroupBody, unknown, z.output<typeof groupBodySchema>>;

/** A group's name, description and topic: the create and edit forms share them. */
export function GroupFields({ control }: { control: GroupForm["control"] }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <InputField control={control} name="name" label={t`Name`} maxLength={GROUP_NAME_MAX_LENGTH} />
      <TextareaField
        control={control}
        name="description"
        label={t`Description`}
        rows={4}
        maxLength={GROUP_DESCRIPTION_MAX_LENGTH}
      />
      <SelectField
        control={control}
        name="tag"
        label={t`Topic`}
        options={GROUP_TAGS.map((tag) => ({ value: tag, label: i18n._(GROUP_TAG_LABELS[tag]) }))}
      />
    </>
  );
}
