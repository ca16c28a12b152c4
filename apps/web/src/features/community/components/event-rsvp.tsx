import { EVENT_MESSAGES, type EventDetail } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Hourglass, X } from "lucide-react";
import { EVENT_COPY } from "@/config/copy.ts";
import { cn } from "@/lib/cn.ts";
import type { RsvpStatus } from "../api/answer-event.ts";

/** The viewer's answer in a sentence: going, their place on the waitlist, or not going. */
export function rsvpSentence(event: Pick<EventDetail, "myRsvp" | "myPosition">): string {
  if (event.myRsvp === "going") return EVENT_MESSAGES.going;
  if (event.myRsvp === "waitlisted") {
    return event.myPosition === null
      ? EVENT_MESSAGES.waitlisted
      : EVENT_COPY.waitlistPlace(event.myPosition);
  }
  return EVENT_MESSAGES.notGoing;
}

type EventRsvpProps = {
  event: Pick<EventDetail, "myRsvp" | "myPosition" | "capacity" | "going">;
  onAnswer: (status: RsvpStatus) => void;
};

/**
 * Going / Not going, as two pressed-or-not buttons, and the answer in words under them (read out
 * when it changes). Waiting counts as having said Going.
 */
export function EventRsvp({ event, onAnswer }: EventRsvpProps) {
  const { t } = useLingui();
  const waiting = event.myRsvp === "waitlisted";
  const saidGoing = event.myRsvp === "going" || waiting;
  const full = event.capacity !== null && event.going >= event.capacity;
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="join w-full" aria-label={t`Your answer`}>
        <button
          type="button"
          aria-pressed={saidGoing}
          className={cn(
            "btn join-item flex-1",
            !saidGoing ? "btn-outline" : waiting ? "btn-secondary" : "btn-primary",
          )}
          onClick={() => {
            if (!saidGoing) onAnswer("going");
          }}
        >
          {waiting ? (
            <Hourglass aria-hidden="true" className="size-4" />
          ) : (
            <Check aria-hidden="true" className="size-4" />
          )}
          <Trans>Going</Trans>
        </button>
        <button
          type="button"
          aria-pressed={!saidGoing}
          className={cn("btn join-item flex-1", !saidGoing ? "btn-neutral" : "btn-outline")}
          onClick={() => {
            if (saidGoing) onAnswer("not_going");
          }}
        >
          <X aria-hidden="true" className="size-4" />
          <Trans>Not going</Trans>
        </button>
      </fieldset>
      <p
        aria-live="polite"
        className={cn(
          "text-sm",
          event.myRsvp === "waitlisted"
            ? "font-semibold text-base-content"
            : "text-base-content/70",
        )}
      >
        {rsvpSentence(event)}
        {!saidGoing && full ? ` ${EVENT_COPY.fullHint}` : ""}
      </p>
    </div>
  );
}
