import {
  type CommunityMember,
  type createEventBodySchema,
  EVENT_ATTENDEES_SHOWN,
  EVENT_DEFAULT_LENGTH_MS,
  EVENT_MESSAGES,
  EVENT_REMINDER_OFFSETS,
  type EventDetail,
  type EventListItem,
  type EventReminderOffset,
  type EventRsvp,
  eventPath,
  isUuid,
  type NotificationKind,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { ModeratedContent } from "../../lib/moderated-content.ts";
import { type Page, type PageQuery, pageRequestOf } from "../../lib/paging.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError, type UnknownId, unknownIdError } from "../../plugins/errors.ts";
import { flagScreened, screenContent, visibilityOf } from "../filters/service.ts";
import { groupMembership } from "../groups/service.ts";
import { completeJob, dropJobs, enqueueJob } from "../jobs/service.ts";
import { withPayload } from "../jobs/worker.ts";
import {
  type NotificationQueue,
  notificationQueueOf,
  withNotifications,
} from "../notifications/service.ts";
import * as moderation from "./moderation-repository.ts";
import {
  accountsAnswering,
  addHostGoing,
  addRsvp,
  deleteEventsOf,
  deleteOwnEvent,
  type EventRow,
  fillFreePlaces,
  findEvent,
  findEventById,
  findEventExportRows,
  insertEvent,
  insertEvents,
  listAttendees,
  listEvents as listEventRows,
  lockEvent,
  lockEventsWithPlaceOf,
  markCancelled,
  removeRsvp,
  rsvpState,
} from "./repository.ts";

type App = Pick<FastifyInstance, "db" | "config" | "now" | "chatHub" | "log" | "moderation">;

/** What an event's routes answer for an id that names no event the viewer sees. */
export const EVENT_NOT_FOUND: UnknownId = { code: "NOT_FOUND", message: EVENT_MESSAGES.notFound };

/** What deleting answers for an id that names no event of the caller's. */
export const OWN_EVENT_NOT_FOUND: UnknownId = {
  code: "NOT_FOUND",
  message: EVENT_MESSAGES.notYours,
};

/** "+02:00", "-05:30" or "Z": the offset the date was written with, in one spelling. */
export function utcOffsetOf(date: string): string {
  const match = /(?:([+-])(\d{2}):?(\d{2})?|[zZ])$/.exec(date.trim());
  if (!match?.[1]) return "Z";
  return `${match[1]}${match[2]}:${match[3] ?? "00"}`;
}

export function toListItem(row: EventRow): EventListItem {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    date: row.startsAt.toISOString(),
    endDate: row.endsAt.toISOString(),
    location: row.location,
    u_id: row.authorId,
    utcOffset: row.utcOffset,
    capacity: row.capacity,
    going: row.going,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    groupId: row.groupId,
  };
}

function notFound(): HttpError {
  return unknownIdError(EVENT_NOT_FOUND);
}

/** The event the viewer may see, or 404 (unknown, or hidden by a block). */
export async function visibleEvent(db: Database, id: string, viewerId: string): Promise<EventRow> {
  const event = await findEvent(db, id, viewerId);
  if (!event) throw notFound();
  return event;
}

/**
 * Upcoming (soonest first, from now on) or past (most recent first) events the viewer may see,
 * a page at a time.
 */
export async function listEvents(
  app: App,
  viewerId: string,
  query: PageQuery & { when: "upcoming" | "past" },
): Promise<Page<EventListItem>> {
  const page = await listEventRows(app.db, viewerId, {
    when: query.when,
    now: app.now(),
    ...pageRequestOf(query),
  });
  return { items: page.items.map(toListItem), next: page.next };
}

/**
 * Tells each account about the event. A notification names who caused it, and only an account
 * can: the first of `actors` that is an account and not the person told. The host comes first;
 * a host without an account (or the host told of their own event) is stood in for by another
 * person of the event, so the news still arrives. Nobody to name: nothing is said.
 */
async function tellAbout(
  queue: NotificationQueue,
  event: { id: string },
  kind: NotificationKind,
  userIds: string[],
  actors: (string | null)[],
): Promise<void> {
  for (const userId of userIds) {
    const actorId = actors.find((actor): actor is string => actor !== null && actor !== userId);
    if (!actorId) continue;
    await queue.notify({
      userId,
      kind,
      actorId,
      subject: { type: "event", id: event.id },
      url: eventPath(event.id),
    });
  }
}

// ---------- creating ----------

export async function createEvent(
  app: App,
  member: CommunityMember,
  body: z.infer<typeof createEventBodySchema>,
): Promise<EventDetail> {
  let groupId: string | null = null;
  if (body.groupId !== undefined && body.groupId !== null && body.groupId !== "") {
    if (!isUuid(body.groupId)) {
      throw new HttpError(404, "NOT_FOUND", EVENT_MESSAGES.groupNotFound);
    }
    groupId = body.groupId.toLowerCase();
    const membership = await groupMembership(app.db, groupId, member.id);
    if (!membership.group) throw new HttpError(404, "NOT_FOUND", EVENT_MESSAGES.groupNotFound);
    if (!membership.member) throw new HttpError(403, "FORBIDDEN", EVENT_MESSAGES.groupNotMember);
  }
  const startsAt = new Date(body.date);
  const endsAt = body.endDate
    ? new Date(body.endDate)
    : new Date(startsAt.getTime() + EVENT_DEFAULT_LENGTH_MS);
  // A rule between two fields, beyond the document's schema: its own code, as MEETUP_TIME.
  if (endsAt.getTime() <= startsAt.getTime()) {
    const message = EVENT_MESSAGES.endBeforeStart;
    throw new HttpError(400, "EVENT_TIME", message, [{ path: "endDate", message }]);
  }
  const now = app.now();
  // Title and description through the automatic filter: a match opens a case in the event's
  // transaction, and from a new or unconnected host the event is held (only its host sees it).
  const screening = await screenContent(app, member.id, [body.title, body.description]);
  // The event, its host going (the first answer) and its reminders, in one transaction: an
  // event never exists without them.
  const id = await app.db.transaction(async (tx) => {
    const created = await insertEvent(tx, {
      authorId: member.id,
      title: body.title,
      description: body.description,
      location: body.location,
      startsAt,
      endsAt,
      utcOffset: utcOffsetOf(body.date),
      capacity: body.capacity ?? null,
      groupId,
      visibility: visibilityOf(screening),
    });
    await flagScreened(app, tx, screening, { type: "event", _id: created }, member.id);
    await addHostGoing(tx, created, member.id);
    await queueReminders(tx, created, startsAt, now);
    return created;
  });
  return getEvent(app, id, member.id);
}

/** Reminder jobs are keyed by event and offset, so an event has at most one of each waiting. */
function reminderKey(eventId: string, offset: EventReminderOffset): string {
  return `event_reminder:${eventId}:${offset}`;
}

/** Queues the event's reminders that fall after `now` (inside the event's transaction). */
async function queueReminders(
  tx: Database,
  eventId: string,
  startsAt: Date,
  now: Date,
): Promise<void> {
  for (const offset of Object.keys(EVENT_REMINDER_OFFSETS) as EventReminderOffset[]) {
    const runAt = new Date(startsAt.getTime() - EVENT_REMINDER_OFFSETS[offset]);
    if (runAt.getTime() <= now.getTime()) continue;
    await enqueueJob(tx, {
      kind: "event_reminder",
      key: reminderKey(eventId, offset),
      runAt,
      payload: { eventId, offset, startsAt: startsAt.toISOString() },
    });
  }
}

/** The event's reminders still waiting go: a cancelled or deleted event sends none. */
function dropReminders(tx: Database, eventId: string): Promise<void> {
  return dropJobs(tx, "event_reminder", [reminderKey(eventId, "24h"), reminderKey(eventId, "1h")]);
}

// ---------- reading ----------

export async function getEvent(app: App, id: string, viewerId: string): Promise<EventDetail> {
  const event = await visibleEvent(app.db, id, viewerId);
  const [state, attendees] = await Promise.all([
    rsvpState(app.db, event.id, viewerId),
    listAttendees(app.db, event.id, viewerId, EVENT_ATTENDEES_SHOWN),
  ]);
  return {
    ...toListItem(event),
    going: state.going,
    host: { _id: event.authorId, name: event.hostName },
    waitlisted: state.waitlisted,
    myRsvp: state.status ?? "not_going",
    myPosition: state.position,
    attendees: attendees.map((person) => ({ _id: person.id, name: person.name })),
  };
}

// ---------- answering ----------

/**
 * Fills the places free under the capacity from the waitlist, in order, and tells each person
 * moved up (in the host's name, or else of the member whose leaving made room).
 */
async function promoteWhileRoom(
  tx: Database,
  queue: NotificationQueue,
  event: EventRow,
  capacity: number | null,
  leaverId: string | null,
): Promise<void> {
  if (capacity === null) return;
  const promoted = await fillFreePlaces(tx, event.id, capacity);
  const accounts = promoted.flatMap((row) => (row.userId ? [row.userId] : []));
  if (accounts.length === 0) return;
  const going = await accountsAnswering(tx, event.id, ["going"]);
  await tellAbout(queue, event, "event_promoted", accounts, [event.hostUserId, leaverId, ...going]);
}

/**
 * Going or not going, under a lock on the event's row: whoever holds it counts and writes, so
 * the number going never passes the capacity however many answer at once. Leaving a full event
 * moves the first waiting person up in the same transaction, and tells them.
 */
export async function answerEvent(
  app: App,
  id: string,
  member: CommunityMember,
  status: "going" | "not_going",
): Promise<EventRsvp> {
  const event = await visibleEvent(app.db, id, member.id);
  const now = app.now();
  const state = await withNotifications(app, async (tx, queue) => {
    const locked = await lockEvent(tx, event.id);
    if (!locked) throw notFound();
    if (locked.cancelledAt) throw new HttpError(409, "CONFLICT", EVENT_MESSAGES.cancelled);
    if (locked.startsAt.getTime() <= now.getTime()) {
      throw new HttpError(409, "CONFLICT", EVENT_MESSAGES.started);
    }
    if (status === "going") {
      // Anyone waiting for a place freed meanwhile (a deleted account) moves up before a newcomer.
      await promoteWhileRoom(tx, queue, event, locked.capacity, null);
      const before = await rsvpState(tx, event.id, member.id);
      if (before.status === null) {
        const full = locked.capacity !== null && before.going >= locked.capacity;
        await addRsvp(tx, event.id, member.id, full ? "waitlisted" : "going");
      }
      return rsvpState(tx, event.id, member.id);
    }
    if (member.id === event.authorId) {
      throw new HttpError(409, "CONFLICT", EVENT_MESSAGES.hostLeaves);
    }
    await removeRsvp(tx, event.id, member.id);
    await promoteWhileRoom(tx, queue, event, locked.capacity, member.id);
    return rsvpState(tx, event.id, member.id);
  });
  return {
    myRsvp: state.status ?? "not_going",
    myPosition: state.position,
    going: state.going,
    waitlisted: state.waitlisted,
  };
}

// ---------- cancelling and deleting ----------

/** The host cancels: the event stays, marked, its reminders go, and everyone answering is told. */
export async function cancelEvent(
  app: App,
  id: string,
  member: CommunityMember,
): Promise<EventDetail> {
  const event = await visibleEvent(app.db, id, member.id);
  if (event.authorId !== member.id) throw unknownIdError(OWN_EVENT_NOT_FOUND);
  const now = app.now();
  await withNotifications(app, async (tx, queue) => {
    const locked = await lockEvent(tx, event.id);
    if (!locked) throw notFound();
    if (locked.cancelledAt) throw new HttpError(409, "CONFLICT", EVENT_MESSAGES.alreadyCancelled);
    if (locked.startsAt.getTime() <= now.getTime()) {
      throw new HttpError(409, "CONFLICT", EVENT_MESSAGES.startedCancel);
    }
    await markCancelled(tx, event.id, member.id, now);
    await dropReminders(tx, event.id);
    // The host, who cancels, is not told of it.
    const people = (await accountsAnswering(tx, event.id, ["going", "waitlisted"])).filter(
      (userId) => userId !== event.hostUserId,
    );
    await tellAbout(queue, event, "event_cancelled", people, [event.hostUserId, ...people]);
  });
  return getEvent(app, event.id, member.id);
}

/**
 * The author deletes their event. One still to come and not cancelled is cancelled for its people
 * first (they are told, as by a cancellation); a past one goes quietly. False when not theirs.
 */
export async function deleteEvent(app: App, id: string, member: CommunityMember): Promise<void> {
  const eventId = id.toLowerCase();
  const now = app.now();
  const deleted = await withNotifications(app, async (tx, queue) => {
    const locked = await lockEvent(tx, eventId);
    if (!locked) return false;
    const event = await findEventById(tx, eventId);
    if (!event || event.authorId !== member.id) return false;
    if (!locked.cancelledAt && locked.startsAt.getTime() > now.getTime()) {
      const people = (await accountsAnswering(tx, eventId, ["going", "waitlisted"])).filter(
        (userId) => userId !== event.hostUserId,
      );
      await tellAbout(queue, event, "event_cancelled", people, [event.hostUserId, ...people]);
    }
    await dropReminders(tx, eventId);
    return deleteOwnEvent(tx, eventId, member.id);
  });
  if (!deleted) throw unknownIdError(OWN_EVENT_NOT_FOUND);
}

// ---------- reminders ----------

const reminderPayloadSchema = z.object({
  eventId: z.guid(),
  offset: z.enum(Object.keys(EVENT_REMINDER_OFFSETS) as [EventReminderOffset]),
  startsAt: z.iso.datetime(),
});

/**
 * `event_reminder` (key event_reminder:<id>:<24h|1h>): tells everyone going that the event starts
 * soon. Sent once: the notifications and the job's deletion commit together, and only while this
 * claim holds the job. Nothing for a cancelled, deleted or moved event, or one already begun; the
 * 24-hour one is not sent once the 1-hour one is due. Early by the app's clock: back at its time.
 */
export function eventReminderHandler(app: App) {
  return withPayload(
    reminderPayloadSchema,
    "event reminder dropped: its payload names no event",
    async (payload, { job }) => {
      const { eventId, offset, startsAt } = payload;
      const event = await findEventById(app.db, eventId);
      if (!event || event.cancelledAt) return undefined;
      if (event.startsAt.getTime() !== new Date(startsAt).getTime()) return undefined;
      const now = app.now().getTime();
      const dueAt = event.startsAt.getTime() - EVENT_REMINDER_OFFSETS[offset];
      if (now < dueAt) return { runAgainAt: new Date(dueAt) };
      const staleAt =
        offset === "24h"
          ? event.startsAt.getTime() - EVENT_REMINDER_OFFSETS["1h"]
          : event.startsAt.getTime();
      if (now >= staleAt) return undefined;
      await withNotifications(app, async (tx, queue) => {
        if (!(await completeJob(tx, job))) return;
        const going = await accountsAnswering(tx, event.id, ["going"]);
        // The host is reminded too, in the name of someone else going (one's own action says nothing).
        await tellAbout(queue, event, "event_reminder", going, [event.hostUserId, ...going]);
      });
      return undefined;
    },
  );
}

// ---------- demo data ----------

/**
 * Events and the answers to them as given, with each upcoming event's reminders queued as
 * creating it through the API queues them (the demo data).
 */
export async function addEvents(
  db: Database,
  rows: Parameters<typeof insertEvents>[1],
  now: Date,
): Promise<void> {
  await insertEvents(db, rows);
  for (const event of rows.events) {
    await queueReminders(db, event.id, new Date(event.startsAt), now);
  }
}

// ---------- personal data ----------

/**
 * The events the person hosts (export section `events`) and their answers to events
 * (`eventRsvps`, with their waitlist place). Deleting takes their answers, then their events
 * (with everyone's answers to them), before the members part removes the member.
 */
export const eventsPersonalData: PersonalDataPart = {
  module: "events",
  tables: ["community_events", "event_rsvps"],
  exportFor: (db, { userId }) => findEventExportRows(db, userId),
  deleteFor: (tx, userId) => deleteEventsOfAccount(tx, userId),
};

/**
 * The account's answers and events go; each place it held in someone else's full event goes to
 * the first person waiting at once, who is told (in the deletion's transaction, announced once
 * it commits).
 */
async function deleteEventsOfAccount(tx: Database, userId: string): Promise<void> {
  const freed = await lockEventsWithPlaceOf(tx, userId);
  await deleteEventsOf(tx, userId);
  const queue = notificationQueueOf(tx);
  for (const id of freed) {
    const event = await findEventById(tx, id);
    if (event) await promoteWhileRoom(tx, queue, event, event.capacity, null);
  }
}

// ---------- moderation ----------

/** Events as the moderation module handles them: a removed event's reminders go with it. */
export const eventModeration: ModeratedContent = {
  find: moderation.findEventForModeration,
  visibleTo: async (app, viewerId, id) => (await findEvent(app.db, id, viewerId)) !== undefined,
  setVisibility: moderation.setEventVisibility,
  remove: async (db, id) => {
    const removed = await moderation.removeEvent(db, id);
    if (removed) await dropReminders(db, id);
    return removed;
  },
};
