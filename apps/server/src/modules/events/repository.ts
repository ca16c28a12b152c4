import type { ContentVisibility } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pastCursor } from "../../db/keyset.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { communityEvents, eventRsvps } from "../../db/schema.ts";
import { type Page, type PageRequest, pageOf } from "../../lib/paging.ts";
import { memberAccount, memberName } from "../members/fragments.ts";
import { authorHidden, blockedEitherWay, personOutOfSight } from "../users/fragments.ts";
import { eventShownTo } from "./fragments.ts";

// Events (upcoming soonest first, past most recent first) and the answers to them (going, or
// waitlisted in the order the answers took the event's lock).

/** An event as stored, with what its pages show about the host. */
export type EventRow = {
  id: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
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

type RawEventRow = Omit<EventRow, "startsAt" | "endsAt" | "cancelledAt"> & {
  startsAt: string | Date;
  endsAt: string | Date;
  cancelledAt: string | Date | null;
};

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

function toEventRow(row: RawEventRow): EventRow {
  return {
    ...row,
    startsAt: toDate(row.startsAt),
    endsAt: toDate(row.endsAt),
    cancelledAt: row.cancelledAt === null ? null : toDate(row.cancelledAt),
    going: Number(row.going),
  };
}

/** The event columns with the host's name and the number going; `e` is community_events. */
const EVENT_COLUMNS = sql`
  e.id, e.title, e.description, e.location, e.starts_at as "startsAt", e.ends_at as "endsAt",
  e.utc_offset as "utcOffset",
  e.capacity, e.group_id as "groupId", e.cancelled_at as "cancelledAt", e.author_id as "authorId",
  ${memberName(sql`e.author_id`)} as "hostName", ${memberAccount(sql`e.author_id`)} as "hostUserId",
  (select count(*) from event_rsvps r where r.event_id = e.id and r.status = 'going')::int as going
`;

const EVENT_FROM = sql`community_events e`;

/**
 * Nothing by a host the viewer blocked or who blocked the viewer, or banned or held for review,
 * and nothing held or hidden unless the viewer hosts it.
 */
function visibleTo(viewerId: string): SQL {
  return sql`not ${blockedEitherWay(viewerId, sql`e.author_id`)}
    and not ${authorHidden(viewerId, sql`e.author_id`)}
    and ${eventShownTo(viewerId, sql`e.visibility`, sql`e.author_id`)}`;
}

// ---------- creating ----------

export type NewEvent = {
  authorId: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  utcOffset: string;
  capacity: number | null;
  groupId: string | null;
  /** `held` when the automatic filter holds it; visible by default. */
  visibility?: ContentVisibility;
};

/** A new event (its host going and its reminders are added in the same transaction). */
export async function insertEvent(db: Database, input: NewEvent): Promise<string> {
  const [created] = await selectRows<{ id: string }>(
    db,
    sql`
      insert into community_events
        (author_id, title, description, location, starts_at, ends_at, utc_offset, capacity,
          group_id, visibility)
      values (${input.authorId}, ${input.title}, ${input.description}, ${input.location},
        ${input.startsAt.toISOString()}::timestamptz, ${input.endsAt.toISOString()}::timestamptz,
        ${input.utcOffset}, ${input.capacity},
        ${input.groupId}, ${input.visibility ?? "visible"})
      returning id
    `,
  );
  if (!created) throw new Error("insert returned no row");
  return created.id;
}

/** The host going: the event's first answer. */
export async function addHostGoing(db: Database, eventId: string, hostId: string): Promise<void> {
  await db.execute(sql`
    insert into event_rsvps (event_id, member_id, status, created_at)
    values (${eventId}, ${hostId}, 'going', clock_timestamp())
  `);
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
      select r.member_id as id, ${memberName(sql`r.member_id`)} as name
      from event_rsvps r
      where r.event_id = ${eventId} and r.status = 'going'
        and not ${blockedEitherWay(viewerId, sql`r.member_id`)}
        and not ${personOutOfSight(viewerId, sql`r.member_id`, sql`now()`)}
      order by r.created_at, r.member_id
      limit ${limit}
    `,
  );
}

/**
 * Upcoming (starting at or after `now`, soonest first) or past (most recent first) events, a
 * page at a time by keyset on (starts_at, id).
 */
export async function listEvents(
  db: Database,
  viewerId: string,
  input: { when: "upcoming" | "past"; now: Date } & PageRequest,
): Promise<Page<EventRow>> {
  const upcoming = input.when === "upcoming";
  const now = input.now.toISOString();
  const position = pastCursor(sql`e.starts_at`, sql`e.id`, input.after, upcoming ? "asc" : "desc");
  const rows = await selectRows<RawEventRow>(
    db,
    sql`
      select ${EVENT_COLUMNS} from ${EVENT_FROM}
      where ${upcoming ? sql`e.starts_at >= ${now}::timestamptz` : sql`e.starts_at < ${now}::timestamptz`}
        ${position ? sql`and ${position}` : sql``}
        and ${visibleTo(viewerId)}
      order by ${upcoming ? sql`e.starts_at asc, e.id asc` : sql`e.starts_at desc, e.id desc`}
      limit ${input.limit + 1}
    `,
  );
  return pageOf(rows.map(toEventRow), input.limit, (row) => ({ at: row.startsAt, id: row.id }));
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
      from first
      where r.event_id = ${eventId} and r.member_id = first.member_id
      returning r.member_id as "memberId", ${memberAccount(sql`r.member_id`)} as "userId"
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
      select answering."userId" from (
        select ${memberAccount(sql`r.member_id`)} as "userId", r.created_at, r.member_id
        from event_rsvps r
        where r.event_id = ${eventId}
          and r.status in (${sql.join(
            statuses.map((status) => sql`${status}`),
            sql`, `,
          )})
      ) answering
      where answering."userId" is not null
      order by answering.created_at, answering.member_id
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

// ---------- the private calendar ----------

/** An event of the member's calendar, with their answer to it. */
export type AnsweredEventRow = EventRow & { myStatus: "going" | "waitlisted" };

/**
 * The events the member is going to or waiting for (not cancelled), from `since` on, soonest
 * first, each with the member's answer.
 */
export async function listAnsweredEvents(
  db: Database,
  memberId: string,
  since: Date,
  limit: number,
): Promise<AnsweredEventRow[]> {
  const rows = await selectRows<RawEventRow & { myStatus: "going" | "waitlisted" }>(
    db,
    sql`
      select ${EVENT_COLUMNS}, mine.status as "myStatus" from ${EVENT_FROM}
      join event_rsvps mine on mine.event_id = e.id and mine.member_id = ${memberId}
        and mine.status in ('going', 'waitlisted')
      where e.cancelled_at is null and e.starts_at >= ${since.toISOString()}::timestamptz
        and ${visibleTo(memberId)}
      order by e.starts_at, e.id
      limit ${limit}
    `,
  );
  return rows.map((row) => ({ ...toEventRow(row), myStatus: row.myStatus }));
}

// ---------- demo data ----------

/** Events and the answers to them as given, in two statements (the demo data). */
export async function insertEvents(
  db: Database,
  rows: {
    events: (typeof communityEvents.$inferInsert & { id: string })[];
    rsvps: (typeof eventRsvps.$inferInsert)[];
  },
): Promise<void> {
  if (rows.events.length > 0) await db.insert(communityEvents).values(rows.events);
  if (rows.rsvps.length > 0) await db.insert(eventRsvps).values(rows.rsvps);
}

// ---------- personal data ----------

// An account's member has the account's id (community_members_kind_check).

export type EventExportRows = {
  events: {
    _id: string;
    title: string;
    description: string;
    location: string;
    startsAt: string;
    createdAt: string;
  }[];
  /** The events the member answered: going, or waitlisted with their place. */
  eventRsvps: {
    eventId: string;
    eventTitle: string;
    status: string;
    waitlistPosition: number | null;
    answeredAt: string;
  }[];
};

export async function findEventExportRows(db: Database, userId: string): Promise<EventExportRows> {
  const t = (column: string) => isoTimestamp(sql.raw(column));
  const [events, eventRsvpRows] = await Promise.all([
    selectRows<EventExportRows["events"][number]>(
      db,
      sql`select e.id as "_id", e.title, e.description, e.location,
        ${t("e.starts_at")} as "startsAt", ${t("e.created_at")} as "createdAt"
      from community_events e
      where e.author_id = ${userId} order by e.created_at`,
    ),
    selectRows<EventExportRows["eventRsvps"][number]>(
      db,
      sql`select e.id as "eventId", e.title as "eventTitle", r.status,
        case when r.status = 'waitlisted' then (
          select count(*) from event_rsvps w
          where w.event_id = r.event_id and w.status = 'waitlisted'
            and (w.created_at, w.member_id) <= (r.created_at, r.member_id)
        )::int end as "waitlistPosition",
        ${t("r.created_at")} as "answeredAt"
      from event_rsvps r join community_events e on e.id = r.event_id
      where r.member_id = ${userId} order by r.created_at, e.id`,
    ),
  ]);
  return { events, eventRsvps: eventRsvpRows };
}

/**
 * Locks, in one order, every event of someone else's where the account holds a place and others
 * may be waiting (a capacity, not cancelled, not started): its deletion frees the place and moves
 * the first waiting person up under the same lock an answer takes (lockEvent). Their ids.
 */
export async function lockEventsWithPlaceOf(db: Database, userId: string): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
      select e.id from community_events e
      join event_rsvps r on r.event_id = e.id
      where r.member_id = ${userId} and r.status = 'going' and e.author_id <> ${userId}
        and e.capacity is not null and e.cancelled_at is null and e.starts_at > now()
      order by e.id
      for update of e
    `,
  );
  return rows.map((row) => row.id);
}

/** Removes the account's answers, then its events (everyone's answers to them go too). */
export async function deleteEventsOf(db: Database, userId: string): Promise<void> {
  await db.execute(sql`delete from event_rsvps where member_id = ${userId}`);
  await db.execute(sql`delete from community_events where author_id = ${userId}`);
}
