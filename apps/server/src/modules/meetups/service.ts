import {
  type Availability,
  type AvailabilitySlot,
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_MAX_HOURS,
  MEETUP_MESSAGES,
  type Meetup,
  type NewMeetupBody,
  OVERLAP_DAYS,
  type Overlap,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { createEvents, type EventAttributes } from "ics";
import { z } from "zod";
import { calendarSafeText } from "../../lib/calendar-text.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { localDay, nextDay, wallClockTime, weekdayOf, zoneOf } from "../../lib/zoned-time.ts";
import { HttpError, unknownIdError } from "../../plugins/errors.ts";
import { dropJobs, enqueueJob } from "../jobs/service.ts";
import { withPayload } from "../jobs/worker.ts";
import { findConnectionIdInAgeBand } from "../requests/service.ts";
import { findUserById } from "../users/service.ts";
import {
  acceptedMeetupsOf,
  deleteMeetupsOf,
  findMeetup,
  findSlots,
  insertMeetup,
  type MeetupRow,
  meetupsOf,
  moveMeetup,
  replaceSlots,
} from "./repository.ts";

// A time to meet: a person's private week of free hours, the overlap of two people's over the
// next two weeks, and meet-ups proposed as chat messages, accepted or declined by the other, with
// reminders 24 h and 1 h before (durable jobs) and an .ics for each.

const HOUR_MS = 3_600_000;
const REMINDERS = { "24h": 24 * HOUR_MS, "1h": HOUR_MS } as const;
type ReminderOffset = keyof typeof REMINDERS;

const NOT_FOUND = {
  status: 404,
  code: "MEETUP_NOT_FOUND",
  message: MEETUP_MESSAGES.notFound,
} as const;

export function toMeetup(row: MeetupRow): Meetup {
  return {
    _id: row.id,
    proposedBy: row.proposedBy,
    proposedTo: row.proposedTo,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    place: row.place,
    link: row.link,
    note: row.note,
    state: row.state as Meetup["state"],
    cancelledBy: row.cancelledBy,
  };
}

async function zoneOfPerson(app: FastifyInstance, userId: string): Promise<string> {
  return zoneOf((await findUserById(app.db, userId))?.timeZone);
}

export async function availabilityOf(app: FastifyInstance, userId: string): Promise<Availability> {
  const [slots, timeZone] = await Promise.all([
    findSlots(app.db, userId),
    zoneOfPerson(app, userId),
  ]);
  return { slots, timeZone };
}

export async function setAvailability(
  app: FastifyInstance,
  userId: string,
  slots: AvailabilitySlot[],
): Promise<Availability> {
  await replaceSlots(app.db, userId, slots);
  return availabilityOf(app, userId);
}

/** The hours [start, end) in ms a week of slots covers from `from` to `to`, in order. */
function freeHours(slots: AvailabilitySlot[], zone: string, from: number, to: number) {
  const byDay = new Map<number, number[]>();
  for (const { day, hour } of slots) byDay.set(day, [...(byDay.get(day) ?? []), hour]);
  const hours: [number, number][] = [];
  // The local dates from the day before `from` (a zone behind) to past `to`.
  let day = localDay(new Date(from - 24 * HOUR_MS), zone);
  const last = localDay(new Date(to + 24 * HOUR_MS), zone);
  for (let guard = 0; guard < OVERLAP_DAYS + 4; guard++) {
    for (const hour of (byDay.get(weekdayOf(day)) ?? []).sort((a, b) => a - b)) {
      const start = wallClockTime(day, hour, zone).getTime();
      const end = start + HOUR_MS;
      if (end > from && start < to) hours.push([Math.max(start, from), Math.min(end, to)]);
    }
    if (day === last) break;
    day = nextDay(day);
  }
  return hours.sort((a, b) => a[0] - b[0]);
}

/** The times both are free, as ranges merged where they touch. */
function intersect(a: [number, number][], b: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [aStart, aEnd] = a[i] as [number, number];
    const [bStart, bEnd] = b[j] as [number, number];
    const start = Math.max(aStart, bStart);
    const end = Math.min(aEnd, bEnd);
    if (start < end) {
      const previous = out.at(-1);
      if (previous && previous[1] >= start) previous[1] = Math.max(previous[1], end);
      else out.push([start, end]);
    }
    if (aEnd < bEnd) i++;
    else j++;
  }
  return out;
}

/** Anyone who is not a connection (also across age bands): 403, as the chat answers. */
export const NOT_CONNECTED = {
  status: 403,
  code: "NOT_CONNECTED",
  message: MEETUP_MESSAGES.notConnected,
} as const;

/** The other person's id, when the two are connections in one age band; 403 otherwise. */
async function assertConnected(app: FastifyInstance, userId: string, otherId: string) {
  const other = otherId.toLowerCase();
  if (!(await findConnectionIdInAgeBand(app.db, userId, other))) {
    throw unknownIdError(NOT_CONNECTED);
  }
  return other;
}

/**
 * The hours both are free in the next OVERLAP_DAYS days, from the next whole hour, each in
 * their own zone; only the two may ask, and neither learns the other's week.
 */
export async function overlapWith(
  app: FastifyInstance,
  userId: string,
  otherId: string,
): Promise<Overlap> {
  const other = await assertConnected(app, userId, otherId);
  const now = app.now().getTime();
  const from = Math.ceil(now / HOUR_MS) * HOUR_MS;
  const to = from + OVERLAP_DAYS * 24 * HOUR_MS;
  const [mine, theirs, myZone, theirZone] = await Promise.all([
    findSlots(app.db, userId),
    findSlots(app.db, other),
    zoneOfPerson(app, userId),
    zoneOfPerson(app, other),
  ]);
  return intersect(freeHours(mine, myZone, from, to), freeHours(theirs, theirZone, from, to)).map(
    ([start, end]) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() }),
  );
}

export type NewMeetup = Omit<NewMeetupBody, "place" | "link" | "note"> & {
  place: string | null;
  link?: string | null | undefined;
  note: string | null;
};

/**
 * Stores a meet-up proposed to a connection (the chat sends the message that carries it:
 * chat/service.ts proposeMeetup). 400 for a time past or too far ahead, 403 for anyone else.
 */
export async function createMeetup(
  app: FastifyInstance,
  userId: string,
  body: NewMeetup,
): Promise<Meetup> {
  const other = await assertConnected(app, userId, body.withUserId);
  const startsAt = new Date(body.start);
  const endsAt = new Date(body.end);
  const now = app.now().getTime();
  const refuse = (path: "start" | "end", message: string) =>
    new HttpError(400, "MEETUP_TIME", message, [{ path, message }]);
  if (startsAt.getTime() <= now) throw refuse("start", MEETUP_MESSAGES.inThePast);
  if (startsAt.getTime() > now + MEETUP_MAX_DAYS_AHEAD * 24 * HOUR_MS) {
    throw refuse("start", MEETUP_MESSAGES.tooFar);
  }
  if (endsAt <= startsAt) throw refuse("end", MEETUP_MESSAGES.endBeforeStart);
  if (endsAt.getTime() - startsAt.getTime() > MEETUP_MAX_HOURS * HOUR_MS) {
    throw refuse("end", MEETUP_MESSAGES.tooLong);
  }
  const row = await insertMeetup(app.db, {
    proposedBy: userId,
    proposedTo: other,
    startsAt,
    endsAt,
    place: body.place,
    link: body.link ?? null,
    note: body.note,
  });
  return toMeetup(row);
}

/** Tells both people's tabs the meet-up as it is now (its proposal message shows it). */
function announceMeetup(app: FastifyInstance, meetup: Meetup): void {
  app.chatHub
    .publish([meetup.proposedBy, meetup.proposedTo], {
      type: "meetup",
      messageId: null,
      meetup,
    })
    .catch((error: unknown) => app.log.warn({ err: error }, "meet-up change not announced"));
}

async function meetupFor(app: FastifyInstance, userId: string, rawId: string): Promise<MeetupRow> {
  const id = rawId.toLowerCase();
  const row = z.guid().safeParse(id).success ? await findMeetup(app.db, id) : undefined;
  if (!row || (row.proposedBy !== userId && row.proposedTo !== userId)) {
    throw unknownIdError(NOT_FOUND);
  }
  return row;
}

function reminderKey(meetupId: string, offset: ReminderOffset): string {
  return `meetup_reminder:${meetupId}:${offset}`;
}

/**
 * Accepts or declines a meet-up proposed to the person (403 for the proposer, 409 when it was
 * answered already). Accepting queues its reminders; the proposer is told.
 */
export async function answerMeetup(
  app: FastifyInstance,
  userId: string,
  rawId: string,
  answer: "accepted" | "declined",
): Promise<Meetup> {
  const row = await meetupFor(app, userId, rawId);
  if (row.proposedTo !== userId) {
    throw new HttpError(403, "NOT_YOURS", MEETUP_MESSAGES.notYours);
  }
  const moved = await app.notifications.within(async (tx, queue) => {
    const moved = await moveMeetup(tx, row.id, ["proposed"], answer, null, app.now());
    if (!moved) return undefined;
    if (answer === "accepted") {
      for (const offset of Object.keys(REMINDERS) as ReminderOffset[]) {
        await enqueueJob(tx, {
          kind: "meetup_reminder",
          key: reminderKey(moved.id, offset),
          payload: { meetupId: moved.id, offset, startsAt: moved.startsAt.toISOString() },
          runAt: new Date(moved.startsAt.getTime() - REMINDERS[offset]),
        });
      }
    }
    await queue.notify({
      userId: moved.proposedBy,
      kind: answer === "accepted" ? "meetup_accepted" : "meetup_declined",
      actorId: userId,
      subject: { type: "meetup", id: moved.id },
      url: `/chat/${userId}`,
    });
    return moved;
  });
  if (!moved) throw new HttpError(409, "MEETUP_ANSWERED", MEETUP_MESSAGES.alreadyAnswered);
  const meetup = toMeetup(moved);
  announceMeetup(app, meetup);
  return meetup;
}

/** Either person cancels a proposed or accepted meet-up (409 otherwise); the other is told. */
export async function cancelMeetup(
  app: FastifyInstance,
  userId: string,
  rawId: string,
): Promise<Meetup> {
  const row = await meetupFor(app, userId, rawId);
  const other = row.proposedBy === userId ? row.proposedTo : row.proposedBy;
  const moved = await app.notifications.within(async (tx, queue) => {
    const moved = await moveMeetup(
      tx,
      row.id,
      ["proposed", "accepted"],
      "cancelled",
      userId,
      app.now(),
    );
    if (!moved) return undefined;
    await dropJobs(tx, "meetup_reminder", [reminderKey(row.id, "24h"), reminderKey(row.id, "1h")]);
    await queue.notify({
      userId: other,
      kind: "meetup_cancelled",
      actorId: userId,
      subject: { type: "meetup", id: moved.id },
      url: `/chat/${userId}`,
    });
    return moved;
  });
  if (!moved) throw new HttpError(409, "MEETUP_NOT_ACTIVE", MEETUP_MESSAGES.notActive);
  const meetup = toMeetup(moved);
  announceMeetup(app, meetup);
  return meetup;
}

/** The meet-up as a calendar event for one of the two (its title names the other). */
async function calendarEventOf(
  app: Pick<FastifyInstance, "db" | "config">,
  userId: string,
  row: MeetupRow,
): Promise<EventAttributes> {
  const other = await findUserById(
    app.db,
    row.proposedBy === userId ? row.proposedTo : row.proposedBy,
  );
  const host = new URL(app.config.publicOrigin).hostname;
  const name = other ? `${other.firstName} ${other.lastName}`.trim() : "your connection";
  return {
    uid: `meetup-${row.id}@${host}`,
    start: row.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: row.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: calendarSafeText(`Meet-up with ${name}`),
    description: calendarSafeText(row.note ?? ""),
    location: calendarSafeText(row.place ?? row.link ?? ""),
    ...(row.link ? { url: row.link } : {}),
    status:
      row.state === "cancelled" || row.state === "declined"
        ? "CANCELLED"
        : row.state === "accepted"
          ? "CONFIRMED"
          : "TENTATIVE",
  };
}

/** The meet-up as an iCalendar file, for either person (404 for anyone else). */
export async function meetupCalendarFile(
  app: FastifyInstance,
  userId: string,
  rawId: string,
): Promise<{ id: string; text: string }> {
  const row = await meetupFor(app, userId, rawId);
  const { error, value } = createEvents([await calendarEventOf(app, userId, row)], {
    productId: "-//Kindred//Meet-ups//EN",
  });
  if (error || !value) throw error ?? new Error("the calendar could not be written");
  return { id: row.id, text: value };
}

/** The person's accepted meet-ups from `since` on, as events of their private calendar feed. */
export async function meetupCalendarEvents(
  app: Pick<FastifyInstance, "db" | "config">,
  userId: string,
  since: Date,
  limit: number,
): Promise<EventAttributes[]> {
  const rows = await acceptedMeetupsOf(app.db, userId, since, limit);
  return Promise.all(rows.map((row) => calendarEventOf(app, userId, row)));
}

const reminderPayloadSchema = z.object({
  meetupId: z.guid(),
  offset: z.enum(["24h", "1h"]),
  startsAt: z.string(),
});

/**
 * `meetup_reminder` (key meetup_reminder:<id>:<24h|1h>): tells both that the accepted meet-up
 * starts soon; nothing when it was cancelled or moved, or when its time is past.
 */
export function meetupReminderHandler(app: FastifyInstance) {
  return withPayload(
    reminderPayloadSchema,
    "meet-up reminder dropped: its payload names no meet-up",
    async (payload) => {
      const { meetupId, offset, startsAt } = payload;
      const row = await findMeetup(app.db, meetupId);
      if (row?.state !== "accepted") return undefined;
      if (row.startsAt.getTime() !== Date.parse(startsAt)) return undefined;
      const now = app.now().getTime();
      const dueAt = row.startsAt.getTime() - REMINDERS[offset];
      if (now < dueAt) return { runAgainAt: new Date(dueAt) };
      if (now >= row.startsAt.getTime()) return undefined;
      await app.notifications.within(async (_tx, queue) => {
        for (const [userId, actorId] of [
          [row.proposedBy, row.proposedTo],
          [row.proposedTo, row.proposedBy],
        ] as const) {
          await queue.notify({
            userId,
            kind: "meetup_reminder",
            actorId,
            subject: { type: "meetup", id: row.id },
            url: `/chat/${actorId}`,
          });
        }
      });
      return undefined;
    },
  );
}

/** A person's week and meet-ups are theirs: exported, and gone with them. */
export const meetupsPersonalData: PersonalDataPart = {
  module: "meetups",
  tables: ["availability_slots", "meetups"],
  exportFor: async (db, context) => ({
    availability: await findSlots(db, context.userId),
    meetups: (await meetupsOf(db, context.userId)).map(toMeetup),
  }),
  deleteFor: (tx, userId) => deleteMeetupsOf(tx, userId),
};
