import { type SQL, sql } from "drizzle-orm";
import type { users } from "../../db/schema.ts";

// The SQL the users module lends to other modules' repositories, so that a list of people is one
// statement: the card's columns and the block rule every list applies.

/** The users columns a Card is built from; never the email, password hash or session. */
export type CardRow = Pick<
  typeof users.$inferSelect,
  "id" | "firstName" | "lastName" | "photoUrl" | "photoKey" | "age" | "gender" | "about" | "skills"
>;

/** Selects the CardRow columns of the users table aliased as `alias`, in the row's own names. */
export function cardColumns(alias: string): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`${u}.id as "id", ${u}.first_name as "firstName", ${u}.last_name as "lastName",
    ${u}.photo_url as "photoUrl", ${u}.photo_key as "photoKey", ${u}.age as "age", ${u}.gender as "gender", ${u}.about as "about",
    ${u}.skills as "skills"`;
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

/** SQL true when some user's photo is the one with this key. */
export function photoInUse(key: string): SQL {
  return sql`exists (select 1 from users where photo_key = ${key})`;
}

/** Another person as the export shows them: id and name, never an email. */
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

/** Joins the users row `alias` whose id is `userId` (for its card's columns). */
export function joinCard(alias: string, userId: unknown): SQL {
  const u = sql.raw(alias);
  return sql`join users ${u} on ${u}.id = ${userId}`;
}
