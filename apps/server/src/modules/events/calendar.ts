import { randomBytes } from "node:crypto";
import { EVENT_MESSAGES, eventPath } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { createEvents, type EventAttributes } from "ics";
import { calendarSafeText } from "../../lib/calendar-text.ts";
import { HttpError } from "../../plugins/errors.ts";
import { meetupCalendarEvents } from "../meetups/service.ts";
import {
  accountOfMember,
  findCalendarToken,
  findMemberByCalendarToken,
  saveCalendarToken,
} from "../members/service.ts";
import { type EventRow, listAnsweredEvents, rsvpState } from "./repository.ts";
import { visibleEvent } from "./service.ts";

// Events as iCalendar (RFC 5545): one event's file, and a member's private calendar address
// (its secret kept on the member's row) with the events they are going to.

/** A calendar token: 32 random bytes, base64url (43 characters). */
const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The feed reaches back this far, so yesterday's event stays in the calendar app. */
const FEED_PAST_MS = 30 * 86_400_000;
const FEED_MAX_EVENTS = 500;

type App = Pick<FastifyInstance, "db" | "config" | "now">;

/** The reader's answer to an event: waiting for a place is a tentative entry. */
type Answer = "going" | "waitlisted" | null;

function toCalendarEvent(app: App, event: EventRow, answer: Answer): EventAttributes {
  const host = new URL(app.config.publicOrigin).hostname;
  return {
    uid: `event-${event.id}@${host}`,
    start: event.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: event.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: calendarSafeText(event.title),
    description: calendarSafeText(event.description),
    location: calendarSafeText(event.location),
    url: `${app.config.publicOrigin}${eventPath(event.id)}`,
    // No ORGANIZER: RFC 5545 wants it to be an address, and members' emails are not published.
    status: event.cancelledAt ? "CANCELLED" : answer === "waitlisted" ? "TENTATIVE" : "CONFIRMED",
  };
}

/** RFC 5545 text for the events, each with the reader's answer (an empty calendar for none). */
export function calendarText(
  app: App,
  events: { event: EventRow; answer: Answer }[],
  name: string,
  more: EventAttributes[] = [],
): string {
  const { error, value } = createEvents(
    [...events.map(({ event, answer }) => toCalendarEvent(app, event, answer)), ...more],
    { productId: "-//Kindred//Community events//EN", calName: calendarSafeText(name) },
  );
  if (error || !value) throw error ?? new Error("the calendar could not be written");
  return value;
}

/** One event's .ics file, for a member who may see the event (404 otherwise). */
export async function eventCalendarFile(
  app: App,
  id: string,
  viewerId: string,
): Promise<{ eventId: string; text: string }> {
  const event = await visibleEvent(app.db, id, viewerId);
  const { status } = await rsvpState(app.db, event.id, viewerId);
  return { eventId: event.id, text: calendarText(app, [{ event, answer: status }], event.title) };
}

function calendarUrl(app: App, token: string): string {
  return `${app.config.publicOrigin}/api/calendar/${token}.ics`;
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The member's private calendar address, made on first ask. */
export async function calendarAddress(app: App, memberId: string): Promise<string> {
  const existing = await findCalendarToken(app.db, memberId);
  if (existing) return calendarUrl(app, existing);
  const token = await saveCalendarToken(app.db, memberId, newToken(), true);
  if (!token) throw new Error("the calendar token was not saved");
  return calendarUrl(app, token);
}

/** A new private address; the old one answers 404 from now on. */
export async function resetCalendarAddress(app: App, memberId: string): Promise<string> {
  const token = await saveCalendarToken(app.db, memberId, newToken(), false);
  if (!token) throw new Error("the calendar token was not saved");
  return calendarUrl(app, token);
}

/**
 * The feed behind a private address: the events its member is going to, and those they wait for
 * a place at (TENTATIVE until a place frees up).
 */
export async function calendarFeed(app: App, file: string): Promise<string> {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  const memberId = CALENDAR_TOKEN.test(token)
    ? await findMemberByCalendarToken(app.db, token)
    : undefined;
  if (!memberId) throw new HttpError(404, "NOT_FOUND", EVENT_MESSAGES.calendarNotFound);
  const since = new Date(app.now().getTime() - FEED_PAST_MS);
  const events = await listAnsweredEvents(app.db, memberId, since, FEED_MAX_EVENTS);
  // The account's accepted meet-ups go in the same calendar (a member without an account has none).
  const userId = await accountOfMember(app.db, memberId);
  const meetups = userId ? await meetupCalendarEvents(app, userId, since, FEED_MAX_EVENTS) : [];
  return calendarText(
    app,
    events.map((event) => ({ event, answer: event.myStatus })),
    "Kindred events",
    meetups,
  );
}
