import { z } from "zod";
import {
  communityListQuerySchema,
  eventBodySchema,
  eventDateSchema,
  eventSchema,
} from "./community.ts";
import {
  EVENT_CAPACITY_MAX,
  EVENT_MESSAGES,
  EVENT_MY_RSVPS,
  EVENT_RSVP_STATUSES,
} from "./community-events-constants.ts";

export * from "./community-events-constants.ts";

// ---------- request shapes ----------

export const eventCapacitySchema = z
  .number({ error: EVENT_MESSAGES.capacity })
  .int(EVENT_MESSAGES.capacity)
  .min(1, EVENT_MESSAGES.capacity)
  .max(EVENT_CAPACITY_MAX, EVENT_MESSAGES.capacity);

/**
 * `POST /createevent`: the event, with an optional end (after `date`, which the server checks:
 * 400 `EVENT_TIME`; an hour after it when absent), capacity (null: no limit) and study group.
 */
export const createEventBodySchema = eventBodySchema.extend({
  endDate: eventDateSchema.nullish(),
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
  /** When it ends (ISO 8601, UTC); `date` is when it starts. */
  endDate: z.string(),
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
