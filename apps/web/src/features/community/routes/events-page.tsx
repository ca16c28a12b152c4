import {
  COMMUNITY_MESSAGES,
  type CommunityEvent,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  EVENTS_PAGE_SIZE,
  eventBodySchema,
} from "@kindred/shared";
import { CalendarDays, CalendarPlus, ChevronLeft, ChevronRight, MapPin, Star } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { FormError, InputField, TextareaField } from "@/components/ui/field.tsx";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useCreateEvent } from "../api/create-event.ts";
import { useEvents } from "../api/get-events.ts";
import { CommunityNav } from "../components/community-header.tsx";
import { DeleteItemButton } from "../components/delete-item-button.tsx";
import { RequireCommunityToken } from "../components/require-community-token.tsx";
import type { TokenClaims } from "../lib/community-token.ts";
import { fullDateTime } from "../lib/relative-time.ts";
import { useDeleteOwnItem } from "../lib/use-delete-own-item.ts";

/** The form takes the browser's local date and time; the API gets it as an ISO 8601 instant. */
const eventFormSchema = eventBodySchema.omit({ u_id: true, date: true }).extend({
  date: z
    .string()
    .min(1, "Date is required")
    .refine((value) => !Number.isNaN(new Date(value).getTime()), "Enter a valid date and time")
    .refine((value) => new Date(value).getTime() > Date.now(), "Pick a date in the future")
    .transform((value) => new Date(value).toISOString()),
});
type EventForm = z.input<typeof eventFormSchema>;
const EMPTY_EVENT: EventForm = { title: "", description: "", date: "", location: "" };

/** Now, as a datetime-local value, for the input's minimum. */
function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

function FeaturedMeetup() {
  return (
    <section
      aria-labelledby="featured-meetup"
      className="card overflow-hidden border border-primary/30 bg-gradient-to-br from-primary/15 via-base-100 to-secondary/10 shadow-sm"
    >
      <div className="card-body gap-2">
        <span className="badge badge-primary gap-1">
          <Star aria-hidden="true" className="size-3" />
          Featured
        </span>
        <h2 id="featured-meetup" className="text-2xl font-bold">
          Weekly Community Meetup
        </h2>
        <p className="flex items-center gap-2 font-medium">
          <CalendarDays aria-hidden="true" className="size-4 text-primary" />
          Every Saturday, 6 PM
        </p>
        <p className="text-base-content/70">
          Meet other members, share what you are learning and plan the week's study sessions.
          Everyone is welcome.
        </p>
      </div>
    </section>
  );
}

function EventCard({
  event,
  onDelete,
  deleting = false,
}: {
  event: CommunityEvent;
  /** Shown only on the reader's own events. */
  onDelete?: () => void;
  deleting?: boolean;
}) {
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-5">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-lg font-semibold break-words">{event.title}</h3>
          {onDelete ? (
            <DeleteItemButton
              kind="event"
              name={event.title}
              onDelete={onDelete}
              pending={deleting}
            />
          ) : null}
        </div>
        <p className="flex items-center gap-2 text-sm font-medium text-primary">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <time dateTime={event.date}>{fullDateTime(event.date)}</time>
        </p>
        <p className="flex items-center gap-2 text-sm text-base-content/70">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="break-words">{event.location}</span>
        </p>
        <p className="break-words whitespace-pre-wrap text-base-content/80">{event.description}</p>
      </div>
    </li>
  );
}

function CreateEventForm({
  token,
  claims,
  onExpired,
  onCreated,
}: {
  token: string;
  claims: TokenClaims;
  onExpired: () => void;
  onCreated: () => void;
}) {
  const form = useZodForm(eventFormSchema, { defaultValues: EMPTY_EVENT });
  const create = useCreateEvent(token);
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ ...values, u_id: claims.id }).then(
      () => {
        form.reset(EMPTY_EVENT);
        showToast("Event added.", { variant: "success" });
        onCreated();
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return onExpired();
        showServerError(form, error, "Could not add the event. Please try again.");
      },
    ),
  );
  return (
    <section
      aria-labelledby="create-event"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <form noValidate onSubmit={onSubmit} className="card-body gap-1">
        <h2 id="create-event" className="flex items-center gap-2 text-xl font-bold">
          <CalendarPlus aria-hidden="true" className="size-5 text-primary" />
          Create an event
        </h2>
        <InputField
          control={form.control}
          name="title"
          label="Title"
          maxLength={EVENT_TITLE_MAX_LENGTH}
        />
        <TextareaField
          control={form.control}
          name="description"
          label="Description"
          rows={3}
          maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
        />
        <InputField
          control={form.control}
          name="date"
          label="Date"
          type="datetime-local"
          min={localNow()}
        />
        <InputField
          control={form.control}
          name="location"
          label="Location"
          maxLength={EVENT_LOCATION_MAX_LENGTH}
        />
        <FormError control={form.control} />
        <SubmitButton pending={create.isPending} className="mt-3">
          Add Event
        </SubmitButton>
      </form>
    </section>
  );
}

function EventsScreen({
  token,
  claims,
  leave,
}: {
  token: string;
  claims: TokenClaims;
  leave: () => void;
}) {
  const navigate = useNavigate();
  const events = useEvents(token);
  const [page, setPage] = useState(1);

  function expired() {
    leave();
    showToast(COMMUNITY_MESSAGES.sessionExpired, { variant: "error" });
    navigate(paths.community, { replace: true });
  }
  const onListExpired = useEffectEvent(expired);
  useEffect(() => {
    if (events.error instanceof ApiError && events.error.status === 401) onListExpired();
  }, [events.error]);

  const items = events.data?.pages.flatMap((batch) => batch.events) ?? [];
  const pageCount = Math.max(1, Math.ceil(items.length / EVENTS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = items.slice((current - 1) * EVENTS_PAGE_SIZE, current * EVENTS_PAGE_SIZE);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  const remove = useDeleteOwnItem(token, "event", expired);

  // The last page on screen: fetch the next batch, so Next stays available.
  useEffect(() => {
    if (current === pageCount && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [current, pageCount, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <nav aria-label="Community" className="mb-4">
        <CommunityNav />
      </nav>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Events</h1>
        <p className="mt-2 text-base-content/70">
          Meetups, study sessions and talks from the community.
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <FeaturedMeetup />
          <section aria-labelledby="upcoming-events">
            <h2 id="upcoming-events" className="mb-3 text-xl font-bold">
              Upcoming events
            </h2>
            {events.isPending ? (
              <LoadingPanel />
            ) : events.isError ? (
              <div
                role="alert"
                className="alert alert-error alert-soft flex flex-wrap justify-between"
              >
                <span>Could not load the events.</span>
                <button type="button" className="btn btn-sm" onClick={() => events.refetch()}>
                  Try Again
                </button>
              </div>
            ) : items.length === 0 ? (
              <EmptyPanel icon={CalendarDays} title={COMMUNITY_MESSAGES.noEvents} />
            ) : (
              <>
                <ul aria-label="Upcoming events" className="grid gap-4 md:grid-cols-2">
                  {shown.map((event) => (
                    <EventCard
                      key={event._id}
                      event={event}
                      onDelete={
                        event.u_id === claims.id ? () => remove.remove(event._id) : undefined
                      }
                      deleting={remove.pendingId === event._id}
                    />
                  ))}
                </ul>
                {pageCount > 1 ? (
                  <nav
                    aria-label="Event pages"
                    className="mt-4 flex items-center justify-center gap-3"
                  >
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setPage(current - 1)}
                      disabled={current <= 1}
                    >
                      <ChevronLeft aria-hidden="true" className="size-4" />
                      Previous
                    </button>
                    <span className="text-sm tabular-nums" aria-live="polite">
                      Page {current} of {pageCount}
                    </span>
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setPage(current + 1)}
                      disabled={current >= pageCount}
                    >
                      Next
                      <ChevronRight aria-hidden="true" className="size-4" />
                    </button>
                  </nav>
                ) : null}
              </>
            )}
          </section>
        </div>
        <CreateEventForm
          token={token}
          claims={claims}
          onExpired={expired}
          onCreated={() => setPage(1)}
        />
      </div>
    </div>
  );
}

/** /services/events: the featured meetup, upcoming events 2 per page and the create form. */
export function EventsPage() {
  return <RequireCommunityToken>{(member) => <EventsScreen {...member} />}</RequireCommunityToken>;
}
