import { Trans } from "@lingui/react/macro";
import { CalendarX } from "lucide-react";
import { useState } from "react";
import { Modal } from "@/components/ui/modal.tsx";
import { EVENT_COPY } from "@/config/copy.ts";

type EventCancelButtonProps = { title: string; pending: boolean; onCancel: () => void };

/** The host's Cancel event: it asks first, naming the event and who will be told. */
export function EventCancelButton({ title, pending, onCancel }: EventCancelButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error w-full"
        onClick={() => setAsking(true)}
        disabled={pending}
      >
        <CalendarX aria-hidden="true" className="size-4" />
        {EVENT_COPY.cancelEvent}
      </button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={EVENT_COPY.cancelQuestion}
        description={
          <Trans>
            <span dir="auto" className="font-medium break-words text-base-content">
              “{title}”
            </span>{" "}
            will be marked cancelled, and everyone going or on the waitlist will be told. This
            cannot be undone.
          </Trans>
        }
      >
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
            <Trans>Keep it</Trans>
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => {
              setAsking(false);
              onCancel();
            }}
          >
            {EVENT_COPY.cancelEvent}
          </button>
        </div>
      </Modal>
    </>
  );
}
