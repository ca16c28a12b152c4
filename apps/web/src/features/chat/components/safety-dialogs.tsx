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
        title={`Report ${name}`}
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
