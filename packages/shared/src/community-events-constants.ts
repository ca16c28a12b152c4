// The constants and texts of community-events.ts, without zod: a screen that needs only these does
// not load it.

// ---------- constants ----------

export const EVENT_CAPACITY_MAX = 100_000;
/** How many of the people going an event's page names (the count covers everyone). */
export const EVENT_ATTENDEES_SHOWN = 50;
/** When reminders go out, before the start. */
export const EVENT_REMINDER_OFFSETS = { "24h": 24 * 60 * 60_000, "1h": 60 * 60_000 } as const;
export type EventReminderOffset = keyof typeof EVENT_REMINDER_OFFSETS;
/** How long an event lasts when its host gives no end. */
export const EVENT_DEFAULT_LENGTH_MS = 60 * 60_000;
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
  endBeforeStart: "The end must come after the start.",
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
