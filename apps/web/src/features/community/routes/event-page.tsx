import { EVENT_MESSAGES, type EventDetail } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ArrowLeft,
  CalendarDays,
  CalendarPlus,
  CalendarSearch,
  Clock,
  MapPin,
  UserRound,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { ReportButton } from "@/components/report/report-button.tsx";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { EVENT_COPY } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { useMe } from "@/lib/get-me.ts";
import { failureReason } from "@/lib/optimistic-mutation.ts";
import { useAnswerEvent } from "../api/answer-event.ts";
import { useCancelEvent } from "../api/cancel-event.ts";
import { downloadEventCalendar } from "../api/event-calendar-file.ts";
import { useEvent } from "../api/get-event.ts";
import { CommunityFrame } from "../components/community-frame.tsx";
import { EventAttendance } from "../components/event-attendance.tsx";
import { EventCancelButton } from "../components/event-cancel-button.tsx";
import { CancelledBadge } from "../components/event-card.tsx";
import { EventRsvp } from "../components/event-rsvp.tsx";
import {
  type CommunityMemberSession,
  RequireCommunityToken,
} from "../components/require-community-token.tsx";
import { hasStarted, hostDateTime, viewerDateTime, viewerZoneName } from "../lib/event-time.ts";
import { expiredOn, useExpiryOf, useLeaveOnExpiry } from "../lib/use-session-expiry.ts";

/** The community frame every state of the page sits in: its header and the way back. */
function EventFrame({ member, children }: { member: CommunityMemberSession; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <CommunityFrame
      memberName={member.claims.uname || t`Member`}
      leave={member.leave}
      width="max-w-5xl"
    >
      <Link to={paths.events} className="btn btn-ghost btn-sm mb-4 -ms-2">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {EVENT_COPY.backToEvents}
      </Link>
      {children}
    </CommunityFrame>
  );
}

/** An unknown id (or one that is not an id at all): the server says 404 or 400. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

type AddToCalendarProps = { token: string; event: EventDetail; onExpired: () => void };

/** Downloads the event's .ics (the call needs the token, so it is a button, not a plain link). */
function AddToCalendarButton({ token, event, onExpired }: AddToCalendarProps) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline w-full"
      disabled={pending}
      onClick={() => {
        setPending(true);
        downloadEventCalendar(token, event._id, event.title)
          .catch((error: unknown) => {
            if (expiredOn(error, onExpired)) return;
            showToast(`${EVENT_COPY.calendarFileFailed} ${failureReason(error).text}`, {
              variant: "error",
            });
          })
          .finally(() => setPending(false));
      }}
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      {EVENT_COPY.addToCalendar}
    </button>
  );
}

function WhoIsGoing({ event }: { event: EventDetail }) {
  const { t } = useLingui();
  const more = event.going - event.attendees.length;
  return (
    <section
      aria-labelledby="who-is-going"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-5">
        <h2 id="who-is-going" className="text-lg font-bold">
          <Trans>Who is going</Trans>
        </h2>
        {event.attendees.length === 0 ? (
          <p className="text-sm text-base-content/70">{EVENT_COPY.nobodyGoing}</p>
        ) : (
          <ul aria-label={t`People going`} className="flex flex-wrap gap-2">
            {event.attendees.map((person) => (
              <li
                key={person._id}
                dir="auto"
                className="badge badge-ghost badge-lg h-auto max-w-full py-1 break-all"
              >
                {person.name}
                {person._id === event.host._id ? (
                  <span className="text-xs text-base-content/60">
                    {" "}
                    <Trans>(host)</Trans>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {more > 0 ? (
          <p className="text-sm text-base-content/70">{EVENT_COPY.moreGoing(more)}</p>
        ) : null}
        {event.waitlisted > 0 ? (
          <p className="text-sm text-base-content/70">
            {EVENT_COPY.waitlistCount(event.waitlisted)}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function EventDetails({ event, member }: { event: EventDetail; member: CommunityMemberSession }) {
  const expired = useLeaveOnExpiry(member.leave);
  const answer = useAnswerEvent(member.token, event._id, member.claims, { onExpired: expired });
  const cancel = useCancelEvent(member.token, event._id);
  const isHost = event.host._id === member.claims.id;
  const signedIn = Boolean(useMe().data);
  const started = hasStarted(event.date);
  const cancelled = event.cancelledAt !== null;
  const { t, i18n } = useLingui();
  const hostTime = hostDateTime(event.date, event.utcOffset, i18n.locale);
  const zone = viewerZoneName(event.date, i18n.locale);
  const eventTitle = event.title;
  const hostName = event.host.name;

  function cancelEvent() {
    cancel.mutate(undefined, {
      onSuccess: () => showToast(EVENT_MESSAGES.eventCancelled, { variant: "success" }),
      onError: (error) => {
        if (expiredOn(error, expired)) return;
        showToast(`${EVENT_COPY.cancelFailed} ${failureReason(error).text}`, { variant: "error" });
      },
    });
  }

  return (
    // On phones the answer comes right after when and where; on wide screens it is the side
    // column beside them and the description.
    <article
      aria-labelledby="event-title"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]"
    >
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {cancelled ? <CancelledBadge /> : null}
            {started && !cancelled ? (
              <span className="badge badge-neutral badge-soft">
                <Trans>Past</Trans>
              </span>
            ) : null}
          </div>
          <h1
            id="event-title"
            dir="auto"
            className="text-3xl font-bold tracking-tight break-words sm:text-4xl"
          >
            {event.title}
          </h1>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex min-w-0 items-center gap-2 text-base-content/70">
              <UserRound aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 break-words">
                <Trans>
                  Hosted by{" "}
                  <span dir="auto" className="font-medium text-base-content">
                    {hostName}
                  </span>
                </Trans>
              </span>
            </p>
            {signedIn && !isHost ? (
              <ReportButton
                subject={{ type: "event", _id: event._id }}
                title={t`Report this event`}
                label={t`Report the event ${eventTitle}`}
                className="-me-2"
              />
            ) : null}
          </div>
        </header>
        <dl className="card border border-base-300 bg-base-100 p-5 shadow-sm">
          <div className="flex gap-3 py-2">
            <dt>
              <CalendarDays aria-hidden="true" className="size-5 text-primary" />
              <span className="sr-only">
                <Trans>When</Trans>
              </span>
            </dt>
            <dd className="min-w-0">
              <time dateTime={event.date} className="font-semibold">
                {viewerDateTime(event.date, i18n.locale)}
              </time>
              {zone ? <span className="text-sm text-base-content/60"> ({zone})</span> : null}
              {hostTime ? (
                <p className="mt-1 flex items-center gap-1 text-sm text-base-content/70">
                  <Clock aria-hidden="true" className="size-3.5 shrink-0" />
                  <span>
                    <Trans>Host's time: {hostTime}</Trans>
                  </span>
                </p>
              ) : null}
            </dd>
          </div>
          <div className="flex gap-3 py-2">
            <dt>
              <MapPin aria-hidden="true" className="size-5 text-primary" />
              <span className="sr-only">
                <Trans>Where</Trans>
              </span>
            </dt>
            <dd dir="auto" className="min-w-0 break-words">
              {event.location}
            </dd>
          </div>
          <div className="flex gap-3 py-2">
            <dt className="sr-only">
              <Trans>Places</Trans>
            </dt>
            <dd className="min-w-0">
              <EventAttendance
                going={event.going}
                capacity={event.capacity}
                className="gap-3 text-base text-base-content [&>svg]:size-5 [&>svg]:text-primary"
              />
            </dd>
          </div>
        </dl>
      </div>
      <aside className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <section
          aria-labelledby="your-answer"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body gap-3 p-5">
            <h2 id="your-answer" className="text-lg font-bold">
              {isHost ? <Trans>Your event</Trans> : <Trans>Are you going?</Trans>}
            </h2>
            {cancelled ? (
              <p className="text-sm font-medium text-error">{EVENT_COPY.cancelledNote}</p>
            ) : started ? (
              <p className="text-sm text-base-content/70">{EVENT_COPY.pastNote}</p>
            ) : isHost ? (
              <p className="text-sm text-base-content/70">{EVENT_COPY.hostNote}</p>
            ) : (
              <EventRsvp event={event} onAnswer={(status) => answer.mutate(status)} />
            )}
            {cancelled ? null : (
              <AddToCalendarButton token={member.token} event={event} onExpired={expired} />
            )}
            {isHost && !cancelled && !started ? (
              <EventCancelButton
                title={event.title}
                pending={cancel.isPending}
                onCancel={cancelEvent}
              />
            ) : null}
          </div>
        </section>
        <WhoIsGoing event={event} />
      </aside>
      <section aria-labelledby="about-event" className="min-w-0 lg:col-start-1 lg:row-start-2">
        <h2 id="about-event" className="mb-2 text-lg font-bold">
          <Trans>About this event</Trans>
        </h2>
        <p dir="auto" className="break-words whitespace-pre-wrap text-base-content/80">
          {event.description}
        </p>
      </section>
    </article>
  );
}

function EventScreen(member: CommunityMemberSession) {
  const { eventId = "" } = useParams();
  const event = useEvent(member.token, eventId);
  const expired = useLeaveOnExpiry(member.leave);
  useExpiryOf(event.error, expired);

  if (event.isPending) {
    return (
      <EventFrame member={member}>
        <LoadingPanel />
      </EventFrame>
    );
  }
  if (event.isError) {
    return (
      <EventFrame member={member}>
        {isMissing(event.error) ? (
          <EmptyPanel icon={CalendarSearch} title={EVENT_COPY.notFoundTitle}>
            <p className="text-base-content/70">{EVENT_MESSAGES.notFound}</p>
            <Link to={paths.events} className="btn btn-primary btn-sm">
              <Trans>See all events</Trans>
            </Link>
          </EmptyPanel>
        ) : (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
            <span>{EVENT_COPY.loadFailed}</span>
            <button type="button" className="btn btn-sm" onClick={() => event.refetch()}>
              <Trans>Try Again</Trans>
            </button>
          </div>
        )}
      </EventFrame>
    );
  }
  return (
    <EventFrame member={member}>
      <EventDetails event={event.data} member={member} />
    </EventFrame>
  );
}

/** /services/events/:eventId: one event, the viewer's answer, who is going, Add to calendar. */
export function EventPage() {
  return <RequireCommunityToken>{(member) => <EventScreen {...member} />}</RequireCommunityToken>;
}
