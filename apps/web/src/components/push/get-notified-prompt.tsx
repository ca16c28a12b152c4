import { BellRing } from "lucide-react";
import { useId, useState } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { PUSH_MESSAGES } from "@/config/copy.ts";
import { dismissPushOffer, shouldOfferPush, subscribeToPush } from "@/lib/push.ts";

type GetNotifiedPromptProps = {
  /** True once the person has sent a request on this screen: only then is push offered. */
  requestSent: boolean;
};

/**
 * "Get notified when they answer": offered once a request is out, never on load, only where
 * push works, nobody has asked yet and the person has not said "Not now" before.
 */
export function GetNotifiedPrompt({ requestSent }: GetNotifiedPromptProps) {
  // Decided once, when the first request goes out; a failed "Turn on" keeps the card open.
  const [open, setOpen] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  if (requestSent && open === null) setOpen(shouldOfferPush());
  if (!open) return null;

  async function turnOn() {
    setPending(true);
    setError(null);
    try {
      const result = await subscribeToPush();
      setOpen(false);
      if (result.status === "subscribed") {
        showToast(PUSH_MESSAGES.turnedOn, { variant: "success" });
      }
    } catch {
      setError(PUSH_MESSAGES.turnOnFailed);
    } finally {
      setPending(false);
    }
  }

  function notNow() {
    dismissPushOffer();
    setOpen(false);
  }

  return (
    // Floats above the screen (just above the phone's tab bar, in a corner on wider screens)
    // instead of taking a place in it: the card and its buttons stay where the swipe left them.
    <section
      aria-labelledby={titleId}
      className="card card-border fixed inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 mx-auto max-w-md bg-base-100 shadow-lg md:inset-x-auto md:right-6 md:bottom-6 md:w-96"
    >
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div>
            <h2 id={titleId} className="font-semibold">
              {PUSH_MESSAGES.promptTitle}
            </h2>
            <p className="text-sm text-base-content/70">{PUSH_MESSAGES.promptBody}</p>
          </div>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-ghost btn-sm" onClick={notNow}>
            {PUSH_MESSAGES.notNow}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={pending}
            onClick={() => void turnOn()}
          >
            {pending ? (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            ) : null}
            {PUSH_MESSAGES.turnOn}
          </button>
        </div>
      </div>
    </section>
  );
}
