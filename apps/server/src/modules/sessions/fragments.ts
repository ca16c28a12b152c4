import { type SQL, sql } from "drizzle-orm";

// Any read made for a signed-in viewer (the session lookup below, the feed's page) joins the
// session it is made for.

/**
 * How stale a session's `last_seen_at` may get: a use after that writes it (with the sliding
 * expiry), so the devices list is right to a few minutes without a write on every call.
 */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * The live session of a session id's hash (expiring after `now`) as a one-row subquery: its
 * `user_id`, and `extend`, whether its expiry falls before `extendBefore` or its last use was
 * recorded over LAST_SEEN_EVERY_MS ago (then keepSession writes both). No row when the session
 * ended (logout, password change, deleted account) or expired. A statement that needs the signed-in
 * user joins it, so the check and the read are one round trip and see the same moment.
 */
export function liveSession(idHash: string, now: Date, extendBefore: Date): SQL {
  const seenBefore = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  return sql`(
    select user_id,
      (expires_at < ${extendBefore.toISOString()}::timestamptz
        or last_seen_at is null
        or last_seen_at < ${seenBefore.toISOString()}::timestamptz) as extend
    from sessions
    where id_hash = ${idHash} and expires_at > ${now.toISOString()}::timestamptz
    limit 1
  )`;
}

/** The session with this id's hash as a one-row subquery: its `user_id` and `push_subscription_id`. */
export function sessionById(idHash: string): SQL {
  return sql`(select user_id, push_subscription_id from sessions where id_hash = ${idHash})`;
}

/**
 * The statement that ties a push device (`subscriptionId`, SQL) to the user's session, so logging
 * out detaches it: for a statement that saves the device first (push's repository).
 */
export function attachPushDevice(idHash: string, userId: string, subscriptionId: SQL): SQL {
  return sql`update sessions set push_subscription_id = ${subscriptionId}
    where id_hash = ${idHash} and user_id = ${userId}`;
}

/** Whether the person (`userId`, SQL) has a live session at `now`: signed in on some device. */
export function signedInSomewhere(userId: unknown, now: Date): SQL {
  return sql`exists (select 1 from sessions s
    where s.user_id = ${userId} and s.expires_at > ${now.toISOString()}::timestamptz)`;
}
