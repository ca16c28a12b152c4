import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LazyReportDialog } from "@/components/report/report-button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { useEndConversation, useForgetBlocked } from "../api/safety-actions.ts";

export type SafetyAction = "block" | "remove" | "report" | "delete";

type DialogsProps = {
  action: SafetyAction | null;
  userId: string;
  name: string;
  onClose: () => void;
  /** After a block or removal: the conversation is gone. */
  onEnded: () => void;
};

const END_TEXTS = {
  block: (i18n: I18n, name: string) => ({
    title: i18n._(msg`Block ${name}?`),
    description: i18n._(
      msg`Neither of you will see the other again: not in Discover, requests, connections or chat. Your conversation is deleted.`,
    ),
    confirm: i18n._(msg`Block`),
  }),
  remove: (i18n: I18n, name: string) => ({
    title: i18n._(msg`Remove ${name} from your connections?`),
    description: i18n._(msg`The conversation closes for both of you and its messages are deleted.`),
    confirm: i18n._(msg`Remove connection`),
  }),
  delete: (i18n: I18n) => ({
    title: i18n._(msg`Delete this conversation?`),
    description: i18n._(
      msg`The other person deleted their account; only you still have these messages. They are deleted for good.`,
    ),
    confirm: i18n._(msg`Delete conversation`),
  }),
};

/** The confirmations for Block, Remove connection and Report, each in an accessible dialog. */
export function SafetyDialogs({ action, userId, name, onClose, onEnded }: DialogsProps) {
  const { t } = useLingui();
  const forgetBlocked = useForgetBlocked();
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
      <LazyReportDialog
        open={action === "report"}
        subject={{ type: "user", _id: userId }}
        title={t`Report ${name}`}
        blockName={name}
        onClose={onClose}
        onReported={({ blocked }) => {
          if (!blocked) return;
          forgetBlocked(userId);
          onEnded();
        }}
      />
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
  const { i18n } = useLingui();
  const end = useEndConversation();
  const text = END_TEXTS[kind](i18n, name);
  return (
    <Modal open={open} onClose={onClose} title={text.title} description={text.description}>
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
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
