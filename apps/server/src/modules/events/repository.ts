import type { EventReminderOffset } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { enqueueJob } from "../../db/jobs.ts";
import { selectRows } from "../../db/rows.ts";
import { blockedEitherWay } from "../users/fragments.ts";
import type { Cursor } from "./cursor.ts";

/** An event as stored, with what its pages show about the host. */
export type EventRow = {
  id: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  utcOffset: string;
  capacity: number | null;
  groupId: string | null;
  cancelledAt: Date | null;
  authorId: string;
  hostName: string;
  /** The host's account (null for a member known only by a community username). */
  hostUserId: string | null;
  going: number;
};

type RawEventRow = Omit<EventRow, "startsAt" | "cancelledAt"> & {
  startsAt: string | Date;
  cancelledAt: string | Date | null;
};

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

function toEventRow(row: RawEventRow): EventRow {
  return {
    ...row,
    startsAt: toDate(row.startsAt),
    cancelledAt: row.cancelledAt === null ? null : toDate(row.cancelledAt),
    going: Number(row.going),
  };
}

const MEMBER_NAME = sql`coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), m.username, '')`;

/** The event columns with the host's name and the number going; `e` is community_events. */
const EVENT_COLUMNS = sql`
  e.id, e.title, e.description, e.location, e.starts_at as "startsAt", e.utc_offset as "utcOffset",
  e.capacity, e.group_id as "groupId", e.cancelled_at as "cancelledAt", e.author_id as "authorId",
  ${MEMBER_NAME} as "hostName", m.user_id as "hostUserId",
  (select count(*) from event_rsvps r where r.event_id = e.id and r.status = 'going')::int as going
`;

const EVENT_FROM = sql`
  community_events e
  join community_members m on m.id = e.author_id
  left join users u on u.id = m.user_id
`;

/** Nothing by a host the viewer blocked or who blocked the viewer. */
function visibleTo(viewerId: string): SQL {
  return sql`not ${blockedEitherWay(viewerId, sql`e.author_id`)}`;
}

// ---------- creating ----------

export type NewEvent = {
  authorId: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  utcOffset: string;
  capacity: number | null;
  groupId: string | null;
};

export async function isGroupMember(
  db: Database,
  groupId: string,
  memberId: string,
): Promise<{ group: boolean; member: boolean }> {
  const [row] = await selectRows<{ member: boolean }>(
    db,
    sql`
      select exists (
        select 1 from study_group_members where group_id = ${groupId} and member_id = ${memberId}
      ) as member
      from study_groups where id = ${groupId}
    `,
  );
  return { group: row !== undefined, member: row?.member === true };
}

/** Reminder jobs are keyed by event and offset, so an event has at most one of each waiting. */
export function reminderKey(eventId: string, offset: EventReminderOffset): string {
  return `event_reminder:${eventId}:${offset}`;
}

/**
 * The event, its host going (the first RSVP) and its reminders due after `now`, in one
 * transaction: an event never exists without them.
 */
export async function insertEvent(
  db: Database,
  input: NewEvent,
  reminders: { offset: EventReminderOffset; runAt: Date }[],
): Promise<string> {
  return db.transaction(async (tx) => {
    const [created] = await selectRows<{ id: string }>(
      tx,
      sql`
        insert into community_events
          (author_id, title, description, location, starts_at, utc_offset, capacity, group_id)
        values (${input.authorId}, ${input.title}, ${input.description}, ${input.location},
          ${input.startsAt.toISOString()}::timestamptz, ${input.utcOffset}, ${input.capacity},
          ${input.groupId})
        returning id
      `,
    );
    if (!created) throw new Error("insert returned no row");
    await tx.execute(sql`
      insert into event_rsvps (event_id, member_id, status, created_at)
      values (${created.id}, ${input.authorId}, 'going', clock_timestamp())
    `);
    for (const reminder of reminders) {
      await enqueueJob(tx, {
        kind: "event_reminder",
        key: reminderKey(created.id, reminder.offset),
        runAt: reminder.runAt,
        payload: {
          eventId: created.id,
          offset: reminder.offset,
          startsAt: input.startsAt.toISOString(),
        },
      });
    }
    return created.id;
  });
}

// ---------- reading ----------

/** The event as the viewer may see it; undefined when there is none or a block hides it. */
export async function findEvent(
  db: Database,
  id: string,
  viewerId: string,
): Promise<EventRow | undefined> {
  const [row] = await selectRows<RawEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from ${EVENT_FROM} where e.id = ${id} and ${visibleTo(viewerId)}`,
  );
  return row ? toEventRow(row) : undefined;
}

/** The event whatever the viewer (reminders, deletion). */
export async function findEventById(db: Database, id: string): Promise<EventRow | undefined> {
  const [row] = await selectRows<RawEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from ${EVENT_FROM} where e.id = ${id}`,
  );
  return row ? toEventRow(row) : undefined;
}

export type RsvpState = {
  status: "going" | "waitlisted" | null;
  /** 1-based place on the waitlist; null when not waiting. */
  position: number | null;
  going: number;
  waitlisted: number;
};

/** The member's answer and the event's counts, as of now (inside a transaction: as of its lock). */
export async function rsvpState(
  db: Database,
  eventId: string,
  memberId: string,
): Promise<RsvpState> {
  const [row] = await selectRows<{
    status: "going" | "waitlisted" | null;
    position: number | null;
    going: number;
    waitlisted: number;
  }>(
    db,
    sql`
      select
        mine.status,
        case when mine.status = 'waitlisted' then (
          select count(*) from event_rsvps w
          where w.event_id = ${eventId} and w.status = 'waitlisted'
            and (w.created_at, w.member_id) <= (mine.created_at, mine.member_id)
        )::int end as position,
        (select count(*) from event_rsvps g
          where g.event_id = ${eventId} and g.status = 'going')::int as going,
        (select count(*) from event_rsvps w
          where w.event_id = ${eventId} and w.status = 'waitlisted')::int as waitlisted
      from (select 1) as one
      left join event_rsvps mine on mine.event_id = ${eventId} and mine.member_id = ${memberId}
    `,
  );
  return {
    status: row?.status ?? null,
    position: row?.position ?? null,
    going: Number(row?.going ?? 0),
    waitlisted: Number(row?.waitlisted ?? 0),
  };
}

export type EventPersonRow = { id: string; name: string };

/** Who is going, earliest answer first, leaving out anyone blocked either way with the viewer. */
export function listAttendees(
  db: Database,
  eventId: string,
  viewerId: string,
  limit: number,
): Promise<EventPersonRow[]> {
  return selectRows<EventPersonRow>(
    db,
    sql`
      select m.id, ${MEMBER_NAME} as name
      from event_rsvps r
      join community_members m on m.id = r.member_id
      left join users u on u.id = m.user_id
      where r.event_id = ${eventId} and r.status = 'going'
        and not ${blockedEitherWay(viewerId, sql`r.member_id`)}
      order by r.created_at, r.member_id
      limit ${limit}
    `,
  );
}

export type EventListPage = { rows: EventRow[]; next: Cursor | null };

/**
 * Upcoming (starting at or after `now`, soonest first) or past (most recent first) events, a
 * page at a time by keyset on (starts_at, id).
 */
export async function listEvents(
  db: Database,
  viewerId: string,
  input: { when: "upcoming" | "past"; now: Date; cursor: Cursor | null; limit: number },
): Promise<EventListPage> {
  const upcoming = input.when === "upcoming";
  const now = input.now.toISOString();
  const position = input.cursor
    ? sql`and (e.starts_at, e.id) ${upcoming ? sql`>` : sql`<`} (${input.cursor.at.toISOString()}::timestamptz, ${input.cursor.id}::uuid)`
    : sql``;
  const rows = await selectRows<RawEventRow>(
    db,
    sql`
      select ${EVENT_COLUMNS} from ${EVENT_FROM}
      where ${upcoming ? sql`e.starts_at >= ${now}::timestamptz` : sql`e.starts_at < ${now}::timestamptz`}
        ${position}
        and ${visibleTo(viewerId)}
      order by ${upcoming ? sql`e.starts_at asc, e.id asc` : sql`e.starts_at desc, e.id desc`}
      limit ${input.limit + 1}
    `,
  );
  const events = rows.map(toEventRow);
  const more = events.length > input.limit;
  const kept = more ? events.slice(0, input.limit) : events;
  const last = kept.at(-1);
  return { rows: kept, next: more && last ? { at: last.startsAt, id: last.id } : null };
}

// ---------- answering (inside a transaction) ----------

/** Locks the event's row until the transaction ends: every change to its RSVPs queues here. */
export async function lockEvent(
  db: Database,
  id: string,
): Promise<{ startsAt: Date; cancelledAt: Date | null; capacity: number | null } | undefined> {
  const [row] = await selectRows<{
    startsAt: string | Date;
    cancelledAt: string | Date | null;
    capacity: number | null;
  }>(
    db,
    sql`
      select starts_at as "startsAt", cancelled_at as "cancelledAt", capacity
      from community_events where id = ${id}
      for update
    `,
  );
  if (!row) return undefined;
  return {
    startsAt: toDate(row.startsAt),
    cancelledAt: row.cancelledAt === null ? null : toDate(row.cancelledAt),
    capacity: row.capacity,
  };
}

/** Adds the member going or waitlisted; the wall clock orders the waitlist by who got the lock. */
export async function addRsvp(
  db: Database,
  eventId: string,
  memberId: string,
  status: "going" | "waitlisted",
): Promise<void> {
  await db.execute(sql`
    insert into event_rsvps (event_id, member_id, status, created_at)
    values (${eventId}, ${memberId}, ${status}, clock_timestamp())
    on conflict (event_id, member_id) do nothing
  `);
}

/** Removes the member's answer; what it was (null: there was none). */
export async function removeRsvp(
  db: Database,
  eventId: string,
  memberId: string,
): Promise<"going" | "waitlisted" | null> {
  const [row] = await selectRows<{ status: "going" | "waitlisted" }>(
    db,
    sql`
      delete from event_rsvps where event_id = ${eventId} and member_id = ${memberId}
      returning status
    `,
  );
  return row?.status ?? null;
}

/**
 * Moves the first on the waitlist up to going while there is room under the capacity (after
 * someone leaves, or a member going was deleted with their account); who moved, with their
 * account if any.
 */
export function fillFreePlaces(
  db: Database,
  eventId: string,
  capacity: number,
): Promise<{ memberId: string; userId: string | null }[]> {
  return selectRows<{ memberId: string; userId: string | null }>(
    db,
    sql`
      with first as (
        select member_id from event_rsvps
        where event_id = ${eventId} and status = 'waitlisted'
        order by created_at, member_id
        limit greatest(0, ${capacity}::int - (
          select count(*) from event_rsvps where event_id = ${eventId} and status = 'going'
        ))
      )
      update event_rsvps r set status = 'going'
      from first, community_members m
      where r.event_id = ${eventId} and r.member_id = first.member_id and m.id = r.member_id
      returning r.member_id as "memberId", m.user_id as "userId"
    `,
  );
}

/** The accounts among the event's people with the given answers (members without one get none). */
export async function accountsAnswering(
  db: Database,
  eventId: string,
  statuses: ("going" | "waitlisted")[],
): Promise<string[]> {
  const rows = await selectRows<{ userId: string }>(
    db,
    sql`
      select m.user_id as "userId"
      from event_rsvps r join community_members m on m.id = r.member_id
      where r.event_id = ${eventId} and m.user_id is not null
        and r.status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
      order by r.created_at, r.member_id
    `,
  );
  return rows.map((row) => row.userId);
}

/** Marks the host's own upcoming event cancelled; false when it is not theirs. */
export async function markCancelled(
  db: Database,
  id: string,
  hostId: string,
  now: Date,
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
      update community_events set cancelled_at = ${now.toISOString()}::timestamptz
      where id = ${id} and author_id = ${hostId} and cancelled_at is null
      returning id
    `,
  );
  return rows.length > 0;
}

/** Deletes the author's own event; false when it is not theirs. */
export async function deleteOwnEvent(db: Database, id: string, authorId: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from community_events where id = ${id} and author_id = ${authorId} returning id`,
  );
  return rows.length > 0;
}

/** The event's reminders still waiting go: a cancelled or deleted event sends none. */
export async function dropReminders(db: Database, eventId: string): Promise<void> {
  await db.execute(sql`
    delete from jobs where kind = 'event_reminder'
      and key in (${reminderKey(eventId, "24h")}, ${reminderKey(eventId, "1h")})
  `);
}

/**
 * Completes a claimed reminder job inside the transaction that sends it: its row goes only if
 * this claim still holds it (the attempt number fences a stale worker), so the reminder and the
 * job's end commit together, once, whichever process ran it.
 */
export async function completeJob(
  db: Database,
  job: { id: string; attempts: number },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from jobs where id = ${job.id} and attempts = ${job.attempts} returning id`,
  );
  return rows.length > 0;
}

// ---------- the private calendar ----------

export async function findCalendarToken(db: Database, memberId: string): Promise<string | null> {
  const [row] = await selectRows<{ token: string | null }>(
    db,
    sql`select calendar_token as token from community_members where id = ${memberId}`,
  );
  return row?.token ?? null;
}

/**
 * Sets the member's calendar token: always (a reset), or only when there is none yet (the first
 * read; two at once keep the first). The token now in place.
 */
export async function saveCalendarToken(
  db: Database,
  memberId: string,
  token: string,
  onlyIfMissing: boolean,
): Promise<string | null> {
  await db.execute(sql`
    update community_members set calendar_token = ${token}
    where id = ${memberId} ${onlyIfMissing ? sql`and calendar_token is null` : sql``}
  `);
  return findCalendarToken(db, memberId);
}

export async function findMemberByCalendarToken(
  db: Database,
  token: string,
): Promise<string | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from community_members where calendar_token = ${token}`,
  );
  return row?.id;
}

/** The events the member is going to (not waiting, not cancelled), from `since` on, soonest first. */
export async function listGoingEvents(
  db: Database,
  memberId: string,
  since: Date,
  limit: number,
): Promise<EventRow[]> {
  const rows = await selectRows<RawEventRow>(
    db,
    sql`
      select ${EVENT_COLUMNS} from ${EVENT_FROM}
      join event_rsvps mine on mine.event_id = e.id and mine.member_id = ${memberId}
        and mine.status = 'going'
      where e.cancelled_at is null and e.starts_at >= ${since.toISOString()}::timestamptz
        and ${visibleTo(memberId)}
      order by e.starts_at, e.id
      limit ${limit}
    `,
  );
  return rows.map(toEventRow);
}
