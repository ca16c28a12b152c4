import { ADULT_AGE } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { users } from "../../db/schema.ts";

// The SQL the users module lends to other modules' repositories, so that a list of people is one
// statement: the card's columns, the join to the person an id names, and the block rule every
// list applies.

/** The users columns a Card is built from; never the email, password hash or session. */
export type CardRow = Pick<
  typeof users.$inferSelect,
  | "id"
  | "firstName"
  | "lastName"
  | "photoUrl"
  | "photoKey"
  | "age"
  | "gender"
  | "about"
  | "skills"
  | "learning"
  | "campus"
>;

/** Selects the CardRow columns of the users table aliased as `alias`, in the row's own names. */
export function cardColumns(alias: string): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`${u}.id as "id", ${u}.first_name as "firstName", ${u}.last_name as "lastName",
    ${u}.photo_url as "photoUrl", ${u}.photo_key as "photoKey", ${u}.age as "age", ${u}.gender as "gender", ${u}.about as "about",
    ${u}.skills as "skills", ${u}.learning as "learning", ${u}.campus as "campus"`;
}

/**
 * SQL true when either of the two has blocked the other: every list of people and every
 * request between two people applies it, so it lives with the users, not in one module.
 */
export function blockedEitherWay(a: unknown, b: unknown) {
  return sql`exists (
    select 1 from user_blocks
    where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})
  )`;
}

/**
 * SQL true when the users row `alias` is banned or held for review: they are out of everyone
 * else's sight, and so is what they wrote in the community. (A suspension hides only the person
 * from discovery: see personRestricted.)
 */
export function personHidden(alias: string): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`(${u}.banned_at is not null or ${u}.hidden_for_review)`;
}

/**
 * A moment for the rules below: the app's clock (`app.now()`, which tests control), or SQL for
 * the database's own (`now()`) where a statement has no app at hand.
 */
export type Moment = Date | SQL;

function momentSql(now: Moment): SQL {
  return now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now;
}

/** SQL true when the users row `alias` is out of discovery at `now`: hidden, or suspended. */
export function personRestricted(alias: string, now: Moment): SQL {
  const u = sql.raw(`"${alias}"`);
  // coalesce: no suspension (null) must read as false, not as null, under a `not`.
  return sql`(${personHidden(alias)} or coalesce(${u}.suspended_until > ${momentSql(now)}, false))`;
}

/** SQL true when the users rows `a` and `b` both have an age, in the same band (13-17 or 18+). */
function bothAgedInOneBand(a: string, b: string): SQL {
  const [ua, ub] = [sql.raw(`"${a}"`), sql.raw(`"${b}"`)];
  return sql`(${ua}.age is not null and ${ub}.age is not null
      and (${ua}.age >= ${ADULT_AGE}) = (${ub}.age >= ${ADULT_AGE}))`;
}

/**
 * SQL true when the two people both have an age, in the same band: the age rule of a write that
 * reaches another person (a message), folded into its own statement. When it is false, the
 * caller asks `assertSameAgeBand` which answer to give.
 */
export function inOneAgeBand(a: unknown, b: unknown): SQL {
  return sql`exists (
    select 1 from users band_a, users band_b
    where band_a.id = ${a}::uuid and band_b.id = ${b}::uuid
      and ${bothAgedInOneBand("band_a", "band_b")}
  )`;
}

/**
 * SQL true when the viewer may meet the person `otherId` names (in the feed, search, matching,
 * the public profile's Connect, a request list): not blocked either way, both have an age, the
 * two are in the same band (13-17 or 18+), and the other is not under moderation at `now`. The
 * one rule every list of people to meet applies (the feed's memory applies the same in
 * JavaScript: feed/people.ts).
 */
export function meetable(viewerId: unknown, otherId: unknown, now: Moment): SQL {
  return sql`(exists (
    select 1 from users meet_viewer, users meet_other
    where meet_viewer.id = ${viewerId}::uuid and meet_other.id = ${otherId}
      and ${bothAgedInOneBand("meet_viewer", "meet_other")}
      and not ${personRestricted("meet_other", now)}
  ) and not ${blockedEitherWay(viewerId, otherId)})`;
}

/**
 * SQL true when what `authorId` wrote is hidden from the viewer because its author is banned or
 * held for review (never from the author). A community-only member has no account: never hidden
 * by this rule.
 */
export function authorHidden(viewerId: unknown, authorId: unknown): SQL {
  return sql`exists (
    select 1 from users hidden_author
    where hidden_author.id = ${authorId} and hidden_author.id <> ${viewerId}::uuid
      and ${personHidden("hidden_author")}
  )`;
}

/**
 * SQL true when the person `personId` names is kept out of the viewer's lists at `now` (banned,
 * held for review or suspended; never the viewer themself): community member lists apply it. A
 * community-only member has no account: never kept out by this rule.
 */
export function personOutOfSight(viewerId: unknown, personId: unknown, now: Moment): SQL {
  return sql`exists (
    select 1 from users out_of_sight
    where out_of_sight.id = ${personId} and out_of_sight.id <> ${viewerId}::uuid
      and ${personRestricted("out_of_sight", now)}
  )`;
}

/**
 * The columns that decide whether the users row `alias` may be shown at all: `suspendedUntil`
 * (milliseconds since the epoch as text, or null) and `hidden` (banned or held for review). The
 * feed's memory keeps them beside the card.
 */
export function moderationColumns(alias: string): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`(extract(epoch from ${u}.suspended_until) * 1000)::bigint::text as "suspendedUntil",
    ${personHidden(alias)} as "hidden"`;
}

/**
 * SQL true when the person (the users table aliased as `alias`) may be in the feed of a viewer
 * of that band (`adult`: 18+): they have an age in the band, and are neither banned nor held for
 * review. A suspension is left to the page, which knows when it ends (modules/feed).
 */
export function inFeedBand(alias: string, adult: boolean): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`(${u}.age is not null and (${u}.age >= ${ADULT_AGE}) = ${adult}
    and not ${personHidden(alias)})`;
}

/** The person's feed number (users.feed_number) as a scalar subquery; null when there is none. */
export function feedNumberOf(userId: unknown): SQL {
  return sql`(select feed_number from users where id = ${userId})`;
}

/** SQL true when some user's photo is the one with this key. */
export function photoInUse(key: string): SQL {
  return sql`exists (select 1 from users where photo_key = ${key})`;
}

/** Joins the person an id column names as `alias` (`left`: the row stays when they are gone). */
export function joinUser(alias: string, idColumn: unknown, how: "inner" | "left" = "inner"): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`${sql.raw(how === "left" ? "left join" : "join")} users ${u} on ${u}.id = ${idColumn}`;
}

/** Everyone's users row as `alias`, for a statement that reads every card (the feed's memory). */
export function everyone(alias: string): SQL {
  return sql`users ${sql.raw(`"${alias}"`)}`;
}

/** Another person as the export names them: id and name, never an email. */
export function personRef(alias: string): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`json_build_object('_id', ${u}.id, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name)`;
}

/**
 * The account's full name (first and last, trimmed) as a scalar subquery, read at query time so a
 * renamed account shows its new name; null when it is blank or there is no such account.
 */
export function accountFullName(userId: unknown): SQL<string | null> {
  return sql<string | null>`(
    select nullif(btrim(concat_ws(' ', named_user.first_name, named_user.last_name)), '')
    from users named_user where named_user.id = ${userId}
  )`;
}

/**
 * The full name of the users row aliased `alias` as the trigram index on users has it: search
 * matches names with this expression, and only this spelling of it uses the index.
 */
export function fullName(alias: string): SQL {
  const u = sql.raw(alias);
  return sql`(${u}.first_name || ' ' || ${u}.last_name)`;
}

/** The people whose full name is close to q by word similarity (`%>`), as id and names. */
export function peopleNamedNear(q: string): SQL {
  return sql`select u.id, u.first_name, u.last_name from users u where ${fullName("u")} %> ${q}`;
}

/** The ids (as text) of everyone the user blocked or was blocked by. */
export function blockedEitherWayBy(userId: unknown): SQL {
  return sql`select blocked_id::text from user_blocks where blocker_id = ${userId}
    union all
    select blocker_id::text from user_blocks where blocked_id = ${userId}`;
}

/** The ids of the banned accounts: what counts people and their doings leaves these out. */
export function bannedAccountIds(): SQL {
  return sql`select id from users where banned_at is not null`;
}

/** SQL true when both people show read receipts ("Seen"); chat reads it for every message. */
export function readReceiptsOnForBoth(a: unknown, b: unknown): SQL {
  return sql`coalesce((select bool_and(read_receipts) from users where id in (${a}, ${b})), false)`;
}

/**
 * The people of one university (users.campus) in one band (`adult`: 18+), packed as the feed's
 * holder lists are (16 bytes each: feed number and creation in µs, big-endian int8), newest
 * first, in one row (`packed`; null when none): the feed's "My campus" filter.
 */
export function packedCampusPeople(campus: string, adult: boolean): SQL {
  return sql`select string_agg(int8send(c.feed_number)
      || int8send((extract(epoch from c.created_at) * 1000000)::bigint), ''::bytea
      order by c.created_at desc, c.feed_number desc) as packed
    from users c
    where c.campus = ${campus} and ${inFeedBand("c", adult)}`;
}
