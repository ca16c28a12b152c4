import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  type ReportReason,
  reportBodySchema,
} from "@kindred/shared";
import { Field } from "@/components/ui/field.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { CHAT_MESSAGES } from "@/config/copy.ts";
import { SERVER_ERROR, showServerError, useZodForm } from "@/lib/form.ts";
import { useEndConversation, useReportUser } from "../api/safety-actions.ts";

export type SafetyAction = "block" | "remove" | "report" | "delete";

const REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or bullying",
  child_safety: "A child may be at risk",
  fake: "Fake profile",
  inappropriate: "Inappropriate content",
  other: "Something else",
};

type DialogsProps = {
  action: SafetyAction | null;
  userId: string;
  name: string;
  onClose: () => void;
  /** After a block or removal: the conversation is gone. */
  onEnded: () => void;
};

const END_TEXTS = {
  block: (name: string) => ({
    title: `Block ${name}?`,
    description:
      "Neither of you will see the other again: not in Discover, requests, connections or chat. Your conversation is deleted.",
    confirm: "Block",
  }),
  remove: (name: string) => ({
    title: `Remove ${name} from your connections?`,
    description: "The conversation closes for both of you and its messages are deleted.",
    confirm: "Remove connection",
  }),
  delete: () => ({
    title: "Delete this conversation?",
    description:
      "The other person deleted their account; only you still have these messages. They are deleted for good.",
    confirm: "Delete conversation",
  }),
};

/** The confirmations for Block, Remove connection and Report, each in an accessible dialog. */
export function SafetyDialogs({ action, userId, name, onClose, onEnded }: DialogsProps) {
  return (
    <>
      <EndDialog
        kind="block"
        open={action === "block"}
        userId={userId}
        name={name}
        onClose={onClose}
        onEnded={onEnded}
      />
      <EndDialog
        kind="remove"
        open={action === "remove"}
        userId={userId}
        name={name}
        onClose={onClose}
        onEnded={onEnded}
      />
      <EndDialog
        kind="delete"
        open={action === "delete"}
        userId={userId}
        name={name}
        onClose={onClose}
        onEnded={onEnded}
      />
      {action === "report" ? <ReportDialog userId={userId} name={name} onClose={onClose} /> : null}
    </>
  );
}

function EndDialog({
  kind,
  open,
  userId,
  name,
  onClose,
  onEnded,
}: {
  kind: "block" | "remove" | "delete";
  open: boolean;
  userId: string;
  name: string;
  onClose: () => void;
  onEnded: () => void;
}) {
  const end = useEndConversation();
  const text = END_TEXTS[kind](name);
  return (
    <Modal open={open} onClose={onClose} title={text.title} description={text.description}>
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-error"
          onClick={() => {
            // The conversation closes at once; it comes back with a toast if the call fails.
            end.mutate({ userId, name, action: kind });
            onClose();
            onEnded();
          }}
        >
          {text.confirm}
        </button>
      </div>
    </Modal>
  );
}

function ReportDialog({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose: () => void;
}) {
  const report = useReportUser();
  const form = useZodForm(reportBodySchema, { defaultValues: { reason: "spam", details: "" } });
  const details = form.watch("details") ?? "";
  const serverError = form.formState.errors.root?.server?.message;
  const submit = form.handleSubmit((body) =>
    report.mutate(
      { userId, body: { reason: body.reason, ...(body.details ? { details: body.details } : {}) } },
      {
        onSuccess: () => {
          showToast(CHAT_MESSAGES.reported, { variant: "success" });
          onClose();
        },
        onError: (error) => showServerError(form, error, "The report was not sent. Try again."),
      },
    ),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={`Report ${name}`}
      description="Tell our team what happened. They read every report."
    >
      <form onSubmit={submit} noValidate>
        <Field label="Reason" error={form.formState.errors.reason?.message}>
          {(control) => (
            <select {...control} className="select w-full" {...form.register("reason")}>
              {REPORT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Details (optional)"
          error={form.formState.errors.details?.message}
          count={details.length}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              className="textarea w-full"
              {...form.register("details")}
            />
          )}
        </Field>
        {serverError ? (
          <p role="alert" className="mt-2 text-sm text-error" data-key={SERVER_ERROR}>
            {serverError}
          </p>
        ) : null}
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={report.isPending}>
            Send report
          </button>
        </div>
      </form>
    </Modal>
  );
}
