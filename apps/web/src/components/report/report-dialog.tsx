import {
  createReportBodySchema,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  type ReportSubject,
} from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { FormError, TextareaField } from "@/components/ui/field.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MODERATION_MESSAGES, REPORT_REASON_LABELS } from "@/config/copy.ts";
import { ApiError } from "@/lib/api-client.ts";
import { cn } from "@/lib/cn.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useCreateReport } from "./create-report.ts";

export type ReportDialogProps = {
  subject: ReportSubject;
  /** The dialog's title: "Report Ana Lee", "Report this message". */
  title: string;
  /** The person concerned, when the dialog may also block them (people and messages). */
  blockName?: string;
  onClose: () => void;
  /** After the report was filed; `blocked` when the person was blocked with it. */
  onReported?: (result: { blocked: boolean }) => void;
};

/**
 * The one report dialog of the app, for a person, a message, a post, a reply, a group or an
 * event: a reason, optional details and, for people, "Also block".
 */
export function ReportDialog({
  subject,
  title,
  blockName,
  onClose,
  onReported,
}: ReportDialogProps) {
  const report = useCreateReport();
  const reasonsId = useId();
  const form = useZodForm(createReportBodySchema, {
    defaultValues: { subject, details: "", block: false },
  });
  const reasonError = form.formState.errors.reason?.message;

  const submit = form.handleSubmit((body) => {
    const sent = {
      subject,
      reason: body.reason,
      ...(body.details?.trim() ? { details: body.details.trim() } : {}),
      ...(blockName && body.block ? { block: true } : {}),
    };
    report.mutate(sent, {
      onSuccess: () => {
        showToast(MODERATION_MESSAGES.reported, { variant: "success" });
        onClose();
        onReported?.({ blocked: Boolean(sent.block) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          showToast(MODERATION_MESSAGES.alreadyReported, { variant: "info" });
          onClose();
          return;
        }
        showServerError(form, error, MODERATION_MESSAGES.reportFailed);
      },
    });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={t`Tell our moderators what happened. They read every report, and the person is not told who reported them.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-1">
        <fieldset
          aria-describedby={reasonError ? `${reasonsId}-error` : undefined}
          className="fieldset py-1"
        >
          <legend className="fieldset-legend pb-1">
            <Trans>Reason</Trans>
          </legend>
          <div className="flex flex-col gap-1">
            {REPORT_REASONS.map((reason) => (
              <label
                key={reason}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-field border border-base-300 px-3 py-2 text-sm",
                  "has-[:checked]:border-primary has-[:checked]:bg-primary/5",
                )}
              >
                <input
                  type="radio"
                  value={reason}
                  className="radio radio-sm radio-primary"
                  aria-invalid={reasonError ? true : undefined}
                  {...form.register("reason")}
                />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
          </div>
          <p id={`${reasonsId}-error`} className="min-h-5 text-sm text-error">
            {reasonError}
          </p>
        </fieldset>
        <TextareaField
          control={form.control}
          name="details"
          label={t`Details (optional)`}
          hint={t`What happened, and where. Moderators see what was reported as it is now.`}
          rows={3}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
        />
        {blockName ? (
          <label className="flex cursor-pointer items-start gap-3 py-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary mt-0.5"
              {...form.register("block")}
            />
            <span className="min-w-0 break-words">
              <Trans>Also block {blockName}</Trans>

              <span className="block text-base-content/70">
                <Trans>Neither of you will see the other again.</Trans>
              </span>
            </span>
          </label>
        ) : null}
        <FormError control={form.control} />
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <SubmitButton pending={report.isPending}>
            <Trans>Send report</Trans>
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
