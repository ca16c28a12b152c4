import { type SQL, sql } from "drizzle-orm";
import { inOneAgeBand, joinUser, meetable } from "../users/fragments.ts";

// The SQL the requests module lends to other modules' repositories: a connection is an accepted
// request, and chat, the badges and the feed read them inside their own statements.

/**
 * The user's connections as a subquery: `id` (the accepted request, which is also the
 * conversation's id), `user_id` (the other person) and `updated_at` (when it was accepted).
 */
export function connectionsOf(userId: unknown): SQL {
  return sql`(
    select id, to_user_id as user_id, updated_at from connection_requests
    where from_user_id = ${userId} and status = 'accepted'
    union all
    select id, from_user_id, updated_at from connection_requests
    where to_user_id = ${userId} and status = 'accepted'
  )`;
}

/**
 * The two people's conversation (their accepted request) when they are in one age band, as a
 * subquery of at most one `id`: a write between them checks both in its own statement.
 */
export function connectionInAgeBand(a: unknown, b: unknown): SQL {
  return sql`(
    select id from connection_requests
    where status = 'accepted'
      and ((from_user_id = ${a} and to_user_id = ${b}) or (from_user_id = ${b} and to_user_id = ${a}))
      and ${inOneAgeBand(a, b)}
    limit 1
  )`;
}

/**
 * The pending requests to the user, counted as GET /user/requests/received lists them: from
 * people the user may meet (users/fragments.ts `meetable`), suspensions read against the
 * database's clock (the badge's statement has no app clock at hand).
 */
export function pendingRequestCount(userId: unknown): SQL {
  return sql`(
    select count(*) from connection_requests r
    ${joinUser("u", sql`r.from_user_id`)}
    where r.to_user_id = ${userId} and r.status = 'interested'
      and ${meetable(userId, sql`r.from_user_id`, sql`now()`)}
  )`;
}

/** The ids (as text) of everyone the user has a request with, either way, whatever its status. */
export function requestPartnersOf(userId: unknown): SQL {
  return sql`select to_user_id::text from connection_requests where from_user_id = ${userId}
    union all
    select from_user_id::text from connection_requests where to_user_id = ${userId}`;
}
