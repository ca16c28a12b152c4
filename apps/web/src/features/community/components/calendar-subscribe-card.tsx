import { EVENT_MESSAGES } from "@kindred/shared";
import { Trans } from "@lingui/react/macro";
import { CalendarSync, Copy, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { Modal } from "@/components/ui/modal.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { EVENT_COPY } from "@/config/copy.ts";
import { failureReason } from "@/lib/optimistic-mutation.ts";
import { useCalendarAddress, useResetCalendarAddress } from "../api/calendar-address.ts";
import { expiredOn, useExpiryOf } from "../lib/use-session-expiry.ts";

type CalendarSubscribeCardProps = { token: string; onExpired: () => void };

/**
 * 'Subscribe in your calendar': the member's private calendar address, shown on request (the
 * server makes it on the first ask), with Copy, and Reset for when it was shared by mistake.
 */
export function CalendarSubscribeCard({ token, onExpired }: CalendarSubscribeCardProps) {
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const address = useCalendarAddress(token, shown);
  const reset = useResetCalendarAddress(token);
  const headingId = useId();
  const inputId = useId();
  useExpiryOf(address.error, onExpired);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      showToast(EVENT_COPY.addressCopied, { variant: "success" });
    } catch {
      showToast(EVENT_COPY.copyFailed, { variant: "error" });
    }
  }

  function confirmReset() {
    setAsking(false);
    reset.mutate(undefined, {
      onSuccess: () => showToast(EVENT_MESSAGES.calendarReset, { variant: "success" }),
      onError: (error) => {
        if (expiredOn(error, onExpired)) return;
        showToast(`${EVENT_COPY.resetFailed} ${failureReason(error).text}`, { variant: "error" });
      },
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-5">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
          <CalendarSync aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {EVENT_COPY.subscribeTitle}
        </h2>
        <p className="text-sm text-base-content/70">{EVENT_COPY.subscribeText}</p>
        {!shown ? (
          <button
            type="button"
            className="btn btn-outline btn-sm self-start"
            onClick={() => setShown(true)}
          >
            {EVENT_COPY.showAddress}
          </button>
        ) : address.isPending ? (
          <span className="loading loading-dots loading-sm text-primary" role="status">
            <span className="sr-only">
              <Trans>Loading...</Trans>
            </span>
          </span>
        ) : address.isError ? (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
            <span>{EVENT_COPY.addressFailed}</span>
            <button type="button" className="btn btn-sm" onClick={() => address.refetch()}>
              <Trans>Try Again</Trans>
            </button>
          </div>
        ) : (
          <>
            <label htmlFor={inputId} className="sr-only">
              <Trans>Your calendar address</Trans>
            </label>
            <div className="join w-full">
              <input
                id={inputId}
                readOnly
                value={address.data}
                className="input input-sm join-item min-w-0 flex-1 font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <button
                type="button"
                className="btn btn-sm btn-primary join-item"
                onClick={() => void copy(address.data)}
              >
                <Copy aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">{EVENT_COPY.copyAddress}</span>
              </button>
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm self-start"
              onClick={() => setAsking(true)}
              disabled={reset.isPending}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {EVENT_COPY.resetAddress}
            </button>
          </>
        )}
      </div>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={EVENT_COPY.resetQuestion}
        description={EVENT_COPY.resetWarning}
      >
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
            <Trans>Keep it</Trans>
          </button>
          <button type="button" className="btn btn-warning" onClick={confirmReset}>
            {EVENT_COPY.resetAddress}
          </button>
        </div>
      </Modal>
    </section>
  );
}
