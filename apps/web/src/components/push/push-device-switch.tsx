import { useId, useState } from "react";
import { PUSH_MESSAGES } from "@/config/copy.ts";
import { subscribeToPush, unsubscribeFromPush } from "@/lib/push.ts";
import { usePushState } from "./use-push-state.ts";

/**
 * "Push notifications on this device": a switch for this browser's push subscription, and
 * when it cannot be turned on, why and what to do about it.
 */
export function PushDeviceSwitch() {
  const { state, refresh } = usePushState();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();

  async function toggle(on: boolean) {
    setPending(true);
    setError(null);
    try {
      if (on) {
        // Straight from the click: the browser shows its permission prompt only then.
        const result = await subscribeToPush();
        if (result.status === "default") setError(PUSH_MESSAGES.promptClosed);
      } else {
        await unsubscribeFromPush();
      }
    } catch {
      setError(on ? PUSH_MESSAGES.turnOnFailed : PUSH_MESSAGES.turnOffFailed);
    } finally {
      await refresh();
      setPending(false);
    }
  }

  const note =
    state === "unsupported"
      ? PUSH_MESSAGES.unsupported
      : state === "denied"
        ? PUSH_MESSAGES.denied
        : null;
  const unavailable = state === "unsupported" || state === "denied";

  return (
    <div className="flex flex-col gap-2">
      <label className="flex cursor-pointer items-center justify-between gap-4">
        <span className="font-medium">{PUSH_MESSAGES.switchLabel}</span>
        <input
          type="checkbox"
          role="switch"
          className="toggle toggle-primary"
          checked={state === "on"}
          aria-checked={state === "on"}
          disabled={pending || state === "loading" || unavailable}
          aria-busy={pending || state === "loading"}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => void toggle(event.target.checked)}
        />
      </label>
      {note ? (
        <p id={noteId} className="text-sm text-base-content/70">
          {note}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
