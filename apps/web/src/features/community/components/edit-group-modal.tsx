import { GROUP_MESSAGES, type GroupBody, type GroupDetail, groupBodySchema } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useUpdateGroup } from "../api/group.ts";
import { expiredOn } from "../lib/use-session-expiry.ts";
import { GroupFields } from "./create-group-modal.tsx";
import { ItemFormModal } from "./item-form.tsx";

type EditGroupModalProps = {
  open: boolean;
  onClose: () => void;
  token: string;
  group: GroupDetail;
  onExpired: () => void;
};

/** The creator's Edit group: the creation fields, filled with the group as it is. */
export function EditGroupModal({ open, onClose, token, group, onExpired }: EditGroupModalProps) {
  const { t } = useLingui();
  const current: GroupBody = { name: group.name, description: group.description, tag: group.tag };
  const form = useZodForm(groupBodySchema, { defaultValues: current });
  const update = useUpdateGroup(token, group._id);
  const { reset } = form;
  // Each opening starts from the group as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (open) reset(current);
  }, [open]);
  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => {
        onClose();
        showToast(GROUP_MESSAGES.updated, { variant: "success" });
      },
      (error: unknown) => {
        if (expiredOn(error, onExpired)) return;
        showServerError(form, error, t`Could not save the group. Please try again.`);
      },
    ),
  );
  return (
    <ItemFormModal
      open={open}
      onClose={onClose}
      title={t`Edit group`}
      control={form.control}
      onSubmit={onSubmit}
      pending={update.isPending}
      submitLabel={t`Save`}
    >
      <GroupFields control={form.control} />
    </ItemFormModal>
  );
}
