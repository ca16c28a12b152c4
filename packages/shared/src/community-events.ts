import { z } from "zod";
import { communityListQuerySchema, eventBodySchema, eventSchema } from "./community.ts";

// ---------- constants ----------

export const EVENT_CAPACITY_MAX = 100_000;
/** How many of the people going an event's page names (the count covers everyone). */
export const EVENT_ATTENDEES_SHOWN = 50;
/** When reminders go out, before the start. */
export const EVENT_REMINDER_OFFSETS = { "24h": 24 * 60 * 60_000, "1h": 60 * 60_000 } as const;
export type EventReminderOffset = keyof typeof EVENT_REMINDER_OFFSETS;
/** The web app's page of an event (what notifications and calendar entries link to). */
export function eventPath(id: string): string {
  return `/services/events/${encodeURIComponent(id)}`;
}

export const EVENT_RSVP_STATUSES = ["going", "not_going"] as const;
export const EVENT_MY_RSVPS = ["going", "waitlisted", "not_going"] as const;
export type EventMyRsvp = (typeof EVENT_MY_RSVPS)[number];

/** Sentences users read; tests compare them. */
export const EVENT_MESSAGES = {
  notFound: "There is no event with this id.",
  notYours: "There is no event of yours with this id.",
  started: "This event has already started, so answers are closed.",
  cancelled: "This event was cancelled, so answers are closed.",
  alreadyCancelled: "This event is already cancelled.",
  startedCancel: "This event has already started; it can no longer be cancelled.",
  hostLeaves: "You host this event, so you are going. Cancel the event instead.",
  groupNotMember: "You can only create events in a study group you belong to.",
  groupNotFound: "There is no study group with this id.",
  capacity: `Capacity must be a whole number from 1 to ${EVENT_CAPACITY_MAX.toLocaleString("en-US")}, or empty for no limit`,
  calendarNotFound: "There is no calendar at this address. It may have been reset.",
  going: "You are going.",
  waitlisted: "The event is full: you are on the waitlist.",
  notGoing: "You are not going.",
  eventCancelled: "The event is cancelled; everyone going or waiting was told.",
  calendarReset: "Your calendar address changed; the old one no longer works.",
} as const;

// ---------- request shapes ----------

export const eventCapacitySchema = z
  .number({ error: EVENT_MESSAGES.capacity })
  .int(EVENT_MESSAGES.capacity)
  .min(1, EVENT_MESSAGES.capacity)
  .max(EVENT_CAPACITY_MAX, EVENT_MESSAGES.capacity);

/** `POST /createevent`: the event, with an optional capacity (null: no limit) and study group. */
export const createEventBodySchema = eventBodySchema.extend({
  capacity: eventCapacitySchema.nullish(),
  groupId: z.string({ error: "Group must be a study group's id" }).max(100).nullish(),
});
export type CreateEventBody = z.input<typeof createEventBodySchema>;

export const eventRsvpBodySchema = z.object({
  status: z.enum(EVENT_RSVP_STATUSES, { error: 'Status must be "going" or "not_going"' }),
});
export type EventRsvpBody = z.infer<typeof eventRsvpBodySchema>;

/** `GET /allevents`: the list query, plus which events: upcoming (default) or past. */
export const eventsListQuerySchema = communityListQuerySchema.extend({
  when: z
    .enum(["upcoming", "past"], { error: 'When must be "upcoming" or "past"' })
    .default("upcoming"),
});
export type EventsListQuery = z.input<typeof eventsListQuerySchema>;

// ---------- response shapes ----------

export const eventPersonSchema = z.object({ _id: z.string(), name: z.string() });
export type EventPerson = z.infer<typeof eventPersonSchema>;

/** An event in a list: the community's shape plus its counts and state. */
export const eventListItemSchema = eventSchema.extend({
  /** The offset the host wrote the date with ("+02:00", "Z"). */
  utcOffset: z.string(),
  capacity: z.number().nullable(),
  going: z.number(),
  cancelledAt: z.string().nullable(),
  groupId: z.string().nullable(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

export const eventListPageSchema = z.object({
  events: z.array(eventListItemSchema),
  nextCursor: z.string().nullable(),
});
export type EventListPage = z.infer<typeof eventListPageSchema>;

export const eventDetailSchema = eventListItemSchema.extend({
  host: eventPersonSchema,
  waitlisted: z.number(),
  myRsvp: z.enum(EVENT_MY_RSVPS).nullable(),
  /** The viewer's place on the waitlist (1 is next), null when not waiting. */
  myPosition: z.number().nullable(),
  /** The first EVENT_ATTENDEES_SHOWN people going, earliest answer first. */
  attendees: z.array(eventPersonSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventRsvpSchema = z.object({
  myRsvp: z.enum(EVENT_MY_RSVPS),
  myPosition: z.number().nullable(),
  going: z.number(),
  waitlisted: z.number(),
});
export type EventRsvp = z.infer<typeof eventRsvpSchema>;

export const calendarAddressSchema = z.object({ url: z.string() });
export type CalendarAddress = z.infer<typeof calendarAddressSchema>;
