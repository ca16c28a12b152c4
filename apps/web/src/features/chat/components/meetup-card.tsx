import type { Meetup } from "@kindred/shared";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarCheck, CalendarClock, CalendarPlus, MapPin, Video } from "lucide-react";
import { useState } from "react";
import { Modal } from "@/components/ui/modal.tsx";
import { errorMessageOf } from "@/lib/api-client.ts";
import { cn } from "@/lib/cn.ts";
import { answerMeetup, type MeetupAnswer, meetupCalendarUrl } from "../api/meetup-actions.ts";
import { applyMeetup } from "../lib/apply-chat-event.ts";
import { rangeLabel } from "../lib/meetup-time.ts";

/** Where the meet-up stands, in words for this viewer. */
function stateText(i18n: I18n, meetup: Meetup, meId: string, otherName: string): string {
  switch (meetup.state) {
    case "proposed":
      return meetup.proposedTo === meId
        ? i18n._(msg`Waiting for your answer`)
        : i18n._(msg`Waiting for ${otherName}'s answer`);
    case "accepted":
      return i18n._(msg`Accepted`);
    case "declined":
      return meetup.proposedTo === meId
        ? i18n._(msg`You declined`)
        : i18n._(msg`${otherName} declined`);
    case "cancelled":
      return meetup.cancelledBy === meId
        ? i18n._(msg`Cancelled by you`)
        : i18n._(msg`Cancelled by ${otherName}`);
    default:
      return "";
  }
}

const STATE_STYLE: Record<Meetup["state"], string> = {
  proposed: "badge-info",
  accepted: "badge-success",
  declined: "badge-neutral",
  cancelled: "badge-neutral",
};

/** A link's address without its scheme, for reading (the whole address stays in its title). */
function shortLink(link: string): string {
  return link.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

/**
 * A proposal to meet, inside its chat message: when (in the viewer's time), where, the link and
 * the note, and where it stands. The person it was suggested to accepts or declines it; either
 * cancels it (after a confirmation) while it is on; an accepted one goes into a calendar. Without
 * `interactive` (a conversation kept from a deleted account) it only shows.
 */
export function MeetupCard({
  meetup,
  meId,
  otherName,
  interactive = true,
}: {
  meetup: Meetup;
  meId: string;
  otherName: string;
  interactive?: boolean;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<MeetupAnswer>();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const when = rangeLabel(meetup.start, meetup.end);
  const over = meetup.state === "declined" || meetup.state === "cancelled";
  const canAnswer = interactive && meetup.state === "proposed" && meetup.proposedTo === meId;
  const canCancel = interactive && (meetup.state === "proposed" || meetup.state === "accepted");

  function answer(kind: MeetupAnswer) {
    setPending(kind);
    setError(undefined);
    answerMeetup(meetup._id, kind).then(
      (now) => {
        setPending(undefined);
        applyMeetup(queryClient, meId, now);
      },
      (failure: unknown) => {
        setPending(undefined);
        setError(errorMessageOf(failure, t`That did not go through. Try again.`));
      },
    );
  }

  return (
    <section
      aria-label={t`Meet-up on ${when}`}
      className="mt-2 flex min-w-56 flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3 text-sm whitespace-normal text-base-content"
    >
      <p className={cn("flex items-start gap-2 font-semibold", over && "line-through opacity-70")}>
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <time dateTime={meetup.start}>{when}</time>
      </p>
      {meetup.place ? (
        <p className="flex items-start gap-2 [overflow-wrap:anywhere]">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-base-content/60" />
          <span>
            <span className="sr-only">{t`Place:`} </span>
            <span dir="auto">{meetup.place}</span>
          </span>
        </p>
      ) : null}
      {meetup.link ? (
        <p className="flex items-start gap-2 [overflow-wrap:anywhere]">
          <Video aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-base-content/60" />
          <a
            href={meetup.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="link link-primary"
            title={meetup.link}
          >
            <span className="sr-only">{t`Video link:`} </span>
            {shortLink(meetup.link)}
          </a>
        </p>
      ) : null}
      {meetup.note ? (
        <p
          dir="auto"
          className="border-s-2 border-base-300 ps-2 whitespace-pre-wrap text-base-content/80 [overflow-wrap:anywhere]"
        >
          {meetup.note}
        </p>
      ) : null}
      <p>
        <span className={cn("badge badge-sm", STATE_STYLE[meetup.state])}>
          {stateText(i18n, meetup, meId, otherName)}
        </span>
      </p>
      {canAnswer || canCancel || meetup.state === "accepted" ? (
        <div className="flex flex-wrap gap-2">
          {canAnswer ? (
            <>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={pending !== undefined}
                onClick={() => answer("accept")}
              >
                {pending === "accept" ? (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                ) : (
                  <CalendarCheck aria-hidden="true" className="size-4" />
                )}
                <Trans>Accept</Trans>
              </button>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={pending !== undefined}
                onClick={() => answer("decline")}
              >
                <Trans>Decline</Trans>
              </button>
            </>
          ) : null}
          {meetup.state === "accepted" ? (
            <a href={meetupCalendarUrl(meetup._id)} download className="btn btn-outline btn-sm">
              <CalendarPlus aria-hidden="true" className="size-4" />
              <Trans>Add to calendar</Trans>
            </a>
          ) : null}
          {canCancel ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={pending !== undefined}
              onClick={() => setConfirming(true)}
            >
              <Trans>Cancel meet-up</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-error">
          {error}
        </p>
      ) : null}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t`Cancel this meet-up?`}
        description={t`${otherName} will see that you cancelled ${when}.`}
      >
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
            <Trans>Keep it</Trans>
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => {
              setConfirming(false);
              answer("cancel");
            }}
          >
            <Trans>Yes, cancel it</Trans>
          </button>
        </div>
      </Modal>
    </section>
  );
}
