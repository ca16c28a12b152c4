import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { Modal } from "@/components/ui/modal.tsx";

/** "Leave community", asked first: leaving ends the member's community sign-in everywhere. */
export function LeaveCommunityButton({ onLeave }: { onLeave: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        <Trans>Leave community</Trans>
      </button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={t`Leave the community?`}
        description={t`You will be signed out of posts, study groups and events on every device. You can come back at any time.`}
      >
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
            <Trans>Stay</Trans>
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => {
              setAsking(false);
              onLeave();
            }}
          >
            <Trans>Leave</Trans>
          </button>
        </div>
      </Modal>
    </>
  );
}
