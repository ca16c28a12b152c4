import { Trans, useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Modal } from "@/components/ui/modal.tsx";
import type { CommunityItemKind } from "../api/delete-community-item.ts";

type DeleteItemButtonProps = {
  kind: CommunityItemKind;
  /** The post's title, the group's or the event's name, as the member wrote it. */
  name: string;
  onDelete: () => void;
};

/**
 * The trash button on a member's own post, group or event. It asks first (nothing deleted comes
 * back); the item then leaves its list at once. Its negative margin keeps it from making the row it
 * sits in taller than a line of title.
 */
export function DeleteItemButton({ kind, name, onDelete }: DeleteItemButtonProps) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const words = {
    post: {
      label: t`Delete your post ${name}`,
      title: t`Delete your post`,
      question: t`Delete your post?`,
    },
    group: {
      label: t`Delete your group ${name}`,
      title: t`Delete your group`,
      question: t`Delete your group?`,
    },
    event: {
      label: t`Delete your event ${name}`,
      title: t`Delete your event`,
      question: t`Delete your event?`,
    },
  }[kind];
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square -my-1 shrink-0 text-base-content/60 hover:text-error"
        aria-label={words.label}
        title={words.title}
        onClick={() => setAsking(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={words.question}
        description={
          <Trans>
            <span dir="auto" className="font-medium break-words text-base-content">
              “{name}”
            </span>{" "}
            will be gone for everyone. This cannot be undone.
          </Trans>
        }
      >
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => {
              setAsking(false);
              onDelete();
            }}
          >
            <Trans>Delete</Trans>
          </button>
        </div>
      </Modal>
    </>
  );
}
