import { APPEAL_MAX_LENGTH, appealBodySchema } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { FormError, TextareaField } from "@/components/ui/field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { MODERATION_MESSAGES } from "@/config/copy.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useSendAppeal } from "./send-appeal.ts";

type AppealFormProps = {
  /** The decision appealed; the newest about the person when absent. */
  actionId?: string;
  /** A banned person's token from the ban's mail (they have no session). */
  token?: string;
  /** Beside Send: Cancel in a dialog. */
  secondary?: ReactNode;
};

/** Why the decision should change (up to 1,000 characters); then "Appeal sent". */
export function AppealForm({ actionId, token, secondary }: AppealFormProps) {
  const send = useSendAppeal();
  const form = useZodForm(appealBodySchema, { defaultValues: { text: "" } });
  const submit = form.handleSubmit((body) =>
    send.mutate(
      {
        text: body.text,
        ...(actionId ? { actionId } : {}),
        ...(token ? { token } : {}),
      },
      { onError: (error) => showServerError(form, error, MODERATION_MESSAGES.appealFailed) },
    ),
  );

  if (send.isSuccess) {
    return (
      <div role="status" className="alert alert-success alert-soft items-start">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        <div>
          <p className="font-semibold">
            <Trans>Appeal sent</Trans>
          </p>
          <p className="text-sm">{MODERATION_MESSAGES.appealSent}</p>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <TextareaField
        control={form.control}
        name="text"
        label={t`Why should the decision change?`}
        hint={t`A moderator other than the one who decided reads it.`}
        rows={5}
        maxLength={APPEAL_MAX_LENGTH}
      />
      <FormError control={form.control} />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {secondary}
        <SubmitButton pending={send.isPending}>
          <Trans>Send appeal</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}
