import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays, CalendarPlus, History, List, Rows3 } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { COMMUNITY_MESSAGES, EVENT_COPY } from "@/config/copy.ts";
import { EVENTS_PAGE_SIZE } from "@/config/ui.ts";
import { cn } from "@/lib/cn.ts";
import { type EventsWhen, useEvents } from "../api/get-events.ts";
import { CalendarSubscribeCard } from "../components/calendar-subscribe-card.tsx";
import { CommunityFrame } from "../components/community-frame.tsx";
import { CommunityList } from "../components/community-list.tsx";
import { EventCard } from "../components/event-card.tsx";
import { EventPager } from "../components/event-pager.tsx";
import { EventRow } from "../components/event-row.tsx";
import {
  type CommunityMemberSession,
  RequireCommunityToken,
} from "../components/require-community-token.tsx";
import { useDeleteOwnItem } from "../lib/use-delete-own-item.ts";
import { useEventPages } from "../lib/use-event-pages.ts";
import { useExpiryOf, useLeaveOnExpiry } from "../lib/use-session-expiry.ts";

/**
 * The create form (with the form kit and zod) loads after the list it sits beside, so the first
 * screen does not wait for it; its card keeps its place meanwhile.
 */
const CreateEventForm = lazy(async () => ({
  default: (await import("../components/create-event-form.tsx")).CreateEventForm,
}));

/** The compact list's page: a screenful of one-line events instead of the spec's 2 cards. */
const COMPACT_PAGE_SIZE = 10;

const TABS: { when: EventsWhen; label: string; icon: typeof CalendarDays }[] = [
  { when: "upcoming", label: EVENT_COPY.upcoming, icon: CalendarDays },
  { when: "past", label: EVENT_COPY.past, icon: History },
];

/** Which list and how dense, from the address (`?when=past`, `?view=compact`), so both survive a
 * reload and the back button. */
function useListChoice() {
  const [params, setParams] = useSearchParams();
  const when: EventsWhen = params.get("when") === "past" ? "past" : "upcoming";
  const compact = params.get("view") === "compact";
  function set(next: { when?: EventsWhen; compact?: boolean }) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const nextWhen = next.when ?? when;
        const nextCompact = next.compact ?? compact;
        if (nextWhen === "past") updated.set("when", "past");
        else updated.delete("when");
        if (nextCompact) updated.set("view", "compact");
        else updated.delete("view");
        return updated;
      },
      { replace: true },
    );
  }
  return { when, compact, set };
}

function EventList({
  token,
  claims,
  when,
  compact,
  onExpired,
  landedId = null,
}: {
  token: string;
  claims: CommunityMemberSession["claims"];
  when: EventsWhen;
  compact: boolean;
  onExpired: () => void;
  /** The event just created: the list opens at its page, scrolled to it, outlined. */
  landedId?: string | null;
}) {
  const { t } = useLingui();
  const events = useEvents(token, when);
  const pageSize = compact ? COMPACT_PAGE_SIZE : EVENTS_PAGE_SIZE;
  const pages = useEventPages(events, pageSize);
  const items = events.data?.pages.flatMap((batch) => batch.events) ?? [];
  const landedAt = landedId ? items.findIndex((event) => event._id === landedId) : -1;
  const { setPage, pageCount } = pages;
  const { hasNextPage } = events;
  // Its page, once the batch holding it is here (going to the last page loads the next batch).
  useEffect(() => {
    if (!landedId) return;
    if (landedAt >= 0) setPage(Math.floor(landedAt / pageSize) + 1);
    else if (hasNextPage) setPage(pageCount);
  }, [landedId, landedAt, pageSize, hasNextPage, pageCount, setPage]);
  const landedShown = landedId !== null && pages.shown.some((event) => event._id === landedId);
  useEffect(() => {
    if (landedShown)
      document.getElementById(`event-${landedId}`)?.scrollIntoView({ block: "center" });
  }, [landedShown, landedId]);
  useExpiryOf(events.error, onExpired);
  const remove = useDeleteOwnItem(token, "event", onExpired);
  const label = when === "past" ? t`Past events` : t`Upcoming events`;

  return (
    <CommunityList
      query={events}
      empty={pages.empty}
      failure={t`Could not load the events.`}
      emptyIcon={when === "past" ? History : CalendarDays}
      emptyTitle={when === "past" ? EVENT_COPY.noPastEvents : COMMUNITY_MESSAGES.noEvents}
    >
      {compact ? (
        <ul
          aria-label={label}
          className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
        >
          {pages.shown.map((event) => (
            <EventRow key={event._id} event={event} landed={event._id === landedId} />
          ))}
        </ul>
      ) : (
        <ul aria-label={label} className="grid gap-4 md:grid-cols-2">
          {pages.shown.map((event) => (
            <EventCard
              key={event._id}
              event={event}
              onDelete={remove.ifOwn(event.u_id === claims.id, event._id, event.title)}
              landed={event._id === landedId}
            />
          ))}
        </ul>
      )}
      <EventPager current={pages.current} pageCount={pages.pageCount} onPage={pages.setPage} />
    </CommunityList>
  );
}

function EventsScreen({ token, claims, leave }: CommunityMemberSession) {
  const { t } = useLingui();
  const expired = useLeaveOnExpiry(leave);
  const choice = useListChoice();
  // Bumped by each new event, so the list goes back to its first page, where it shows.
  const [created, setCreated] = useState(0);
  const [landedId, setLandedId] = useState<string | null>(null);

  return (
    <CommunityFrame memberName={claims.uname || t`Member`} leave={leave}>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          <Trans>Events</Trans>
        </h1>
        <p className="mt-2 text-base-content/70">
          <Trans>Meetups, study sessions and talks from the community.</Trans>
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="events-list">
            <h2 id="events-list" className="sr-only">
              {choice.when === "past" ? t`Past events` : t`Upcoming events`}
            </h2>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <div
                role="tablist"
                aria-label={t`Which events`}
                className="tabs tabs-box tabs-sm bg-base-300"
              >
                {TABS.map(({ when, label, icon: Icon }) => (
                  <button
                    key={when}
                    id={`events-tab-${when}`}
                    type="button"
                    role="tab"
                    aria-selected={choice.when === when}
                    aria-controls="events-tabpanel"
                    tabIndex={choice.when === when ? 0 : -1}
                    className={cn("tab gap-2", choice.when === when && "tab-active")}
                    onClick={() => choice.set({ when })}
                    onKeyDown={(event) => {
                      // Arrow keys move between the two tabs, as a tab list's keys do.
                      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
                      const other = when === "past" ? "upcoming" : "past";
                      choice.set({ when: other });
                      document.getElementById(`events-tab-${other}`)?.focus();
                    }}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {label}
                  </button>
                ))}
              </div>
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                {choice.compact ? (
                  <Rows3 aria-hidden="true" className="size-4" />
                ) : (
                  <List aria-hidden="true" className="size-4" />
                )}
                {EVENT_COPY.compact}
                <input
                  type="checkbox"
                  className="toggle toggle-sm toggle-primary"
                  checked={choice.compact}
                  onChange={(event) => choice.set({ compact: event.target.checked })}
                />
              </label>
            </div>
            <div id="events-tabpanel" role="tabpanel" aria-labelledby={`events-tab-${choice.when}`}>
              {/* Keyed: another tab, density or a new event starts at the first page. */}
              <EventList
                key={`${choice.when}-${choice.compact}-${created}`}
                token={token}
                claims={claims}
                when={choice.when}
                compact={choice.compact}
                onExpired={expired}
                landedId={landedId}
              />
            </div>
          </section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Suspense fallback={<CreateEventFormPlaceholder />}>
            <CreateEventForm
              token={token}
              claims={claims}
              onExpired={expired}
              onCreated={(eventId) => {
                choice.set({ when: "upcoming" });
                setLandedId(eventId);
                setCreated((count) => count + 1);
              }}
            />
          </Suspense>
          <CalendarSubscribeCard token={token} onExpired={expired} />
        </div>
      </div>
    </CommunityFrame>
  );
}

/**
 * /services/events: upcoming or past events (2 per page, or a compact list),
 * the create form and the member's calendar address.
 */
export function EventsPage() {
  return <RequireCommunityToken>{(member) => <EventsScreen {...member} />}</RequireCommunityToken>;
}

/** The create form's card while its code loads: its title, and room for the fields. */
function CreateEventFormPlaceholder() {
  return (
    <section
      aria-labelledby="create-event"
      className="card min-h-[52rem] border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-1">
        <h2 id="create-event" className="flex items-center gap-2 text-xl font-bold">
          <CalendarPlus aria-hidden="true" className="size-5 text-primary" />
          <Trans>Create an event</Trans>
        </h2>
      </div>
    </section>
  );
}
