import {
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX_LENGTH,
  type ModerationAction,
  type ModerationActionBody,
  type ModerationCaseDetail,
  moderationActionFormSchema,
  SUSPENSION_DAYS,
} from "@kindred/shared";
import { plural, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { FormError, TextareaField } from "@/components/ui/field.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { MODERATION_MESSAGES } from "@/config/copy.ts";
import { cn } from "@/lib/cn.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useActOnCase } from "../api/act-on-case.ts";
import { ACTION_LABELS } from "../lib/labels.ts";

const ACTION_HINTS: Record<ModerationAction, string> = {
  dismiss: "Nothing breaks the rules. The case closes.",
  warn: "The person is told, nothing else changes.",
  remove: t`The content is removed for everyone.`,
  suspend: t`The person can read but not write until the end.`,
  ban: "Every session ends; the account's data is deleted after 30 days.",
};

function submitLabel(body: Pick<ModerationActionBody, "action" | "days">): string {
  switch (body.action) {
    case "dismiss":
      return t`Dismiss the case`;
    case "warn":
      return t`Send the warning`;
    case "remove":
      return t`Remove the content`;
    case "suspend":
      return body.days
        ? plural(body.days, { one: "Suspend for # day", other: "Suspend for # days" })
        : t`Suspend`;
    case "ban":
      return "Ban";
  }
}

/** The actions on an open case, each with the reason the person reads; Ban asks first. */
export function CaseActionForm({
  item,
  personName,
}: {
  item: ModerationCaseDetail;
  personName: string;
}) {
  const act = useActOnCase(item._id);
  const [confirmBan, setConfirmBan] = useState<ModerationActionBody>();
  const actions = MODERATION_ACTIONS.filter(
    (action) => action !== "remove" || item.subject.type !== "user",
  );
  const form = useZodForm(moderationActionFormSchema, {
    defaultValues: { reason: "" },
  });
  const chosen = form.watch("action");
  const days = form.watch("days");
  const actionError = form.formState.errors.action?.message;
  // An unchosen radio is null, which zod names "Invalid input": the sentence says what to do.
  const daysError = form.formState.errors.days ? MODERATION_MESSAGES.daysRequired : undefined;

  function send(body: ModerationActionBody) {
    act.mutate(body, {
      onSuccess: () => {
        form.reset({ reason: "" });
      },
      onError: (error) => showServerError(form, error, MODERATION_MESSAGES.actionFailed),
    });
  }

  const submit = form.handleSubmit((body) => {
    const sent: ModerationActionBody = {
      action: body.action,
      reason: body.reason,
      ...(body.action === "suspend" ? { days: body.days } : {}),
    };
    if (sent.action === "ban") setConfirmBan(sent);
    else send(sent);
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-1">
        <fieldset className="fieldset py-1">
          <legend className="fieldset-legend pb-1">
            <Trans>Action</Trans>
          </legend>
          <div className="grid gap-1.5">
            {actions.map((action) => (
              <label
                key={action}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-field border border-base-300 px-3 py-2",
                  "has-[:checked]:border-primary has-[:checked]:bg-primary/5",
                  action === "ban" && "has-[:checked]:border-error has-[:checked]:bg-error/5",
                )}
              >
                <input
                  type="radio"
                  value={action}
                  className={cn(
                    "radio radio-sm mt-0.5",
                    action === "ban" ? "radio-error" : "radio-primary",
                  )}
                  {...form.register("action")}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium">{ACTION_LABELS[action]}</span>
                  <span className="block text-xs text-base-content/70">{ACTION_HINTS[action]}</span>
                </span>
              </label>
            ))}
          </div>
          <p className="min-h-5 text-sm text-error">{actionError}</p>
        </fieldset>
        {chosen === "suspend" ? (
          <fieldset className="fieldset py-1">
            <legend className="fieldset-legend pb-1">
              <Trans>For how long</Trans>
            </legend>
            <div className="join">
              {SUSPENSION_DAYS.map((count) => (
                <label key={count} className="join-item btn btn-sm has-[:checked]:btn-primary">
                  <input
                    type="radio"
                    name="days"
                    value={count}
                    className="sr-only"
                    checked={days === count}
                    // A radio's value is a string; the schema wants the number.
                    onChange={() =>
                      form.setValue("days", count, { shouldValidate: form.formState.isSubmitted })
                    }
                  />
                  {count} {count === 1 ? "day" : "days"}
                </label>
              ))}
            </div>
            <p className="min-h-5 text-sm text-error">{daysError}</p>
          </fieldset>
        ) : null}
        <TextareaField
          control={form.control}
          name="reason"
          label={t`Reason the person reads`}
          hint={t`Say which rule was broken and what they did. They read it in the notice and the mail.`}
          rows={4}
          maxLength={MODERATION_REASON_MAX_LENGTH}
        />
        <FormError control={form.control} />
        <button
          type="submit"
          className={cn("btn mt-2", chosen === "ban" ? "btn-error" : "btn-primary")}
          disabled={act.isPending}
        >
          {act.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          {chosen ? submitLabel({ action: chosen, days }) : t`Choose an action`}
        </button>
      </form>
      {confirmBan ? (
        <Modal
          open
          onClose={() => setConfirmBan(undefined)}
          title={t`Ban ${personName}?`}
          description={t`Every session, socket and community token ends at once. Their content is hidden and their data is deleted after 30 days. They can appeal once.`}
        >
          <div className="modal-action mt-2">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => setConfirmBan(undefined)}
            >
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className="btn btn-error"
              onClick={() => {
                send(confirmBan);
                setConfirmBan(undefined);
              }}
            >
              <Trans>Ban</Trans>
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
