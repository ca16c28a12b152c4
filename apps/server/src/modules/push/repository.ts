import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { pushSubscriptions } from "../../db/schema.ts";
import { attachPushDevice, sessionById } from "../sessions/fragments.ts";

export type StoredSubscription = {
  id: string;
  userId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Sends in a row that failed. */
  failures: number;
  /** How long until the endpoint may be tried again after a failure (0: now). */
  waitMs: number;
};

/**
 * Saves a browser's subscription for the caller (the same endpoint again updates its keys and
 * owner: the device belongs to whoever subscribed on it last) and ties it to the caller's session,
 * so logging out detaches it. Its id.
 */
export async function saveSubscription(
  db: Database,
  input: { userId: string; sessionIdHash: string; endpoint: string; p256dh: string; auth: string },
): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`
      with saved as (
        insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        values (${input.userId}, ${input.endpoint}, ${input.p256dh}, ${input.auth})
        on conflict (endpoint) do update
          set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
        returning id
      ),
      attached as (
        ${attachPushDevice(input.sessionIdHash, input.userId, sql`(select id from saved)`)}
      )
      select id from saved
    `,
  );
  if (!row) throw new Error("upsert returned no row");
  return row.id;
}

/** Deletes one of the caller's subscriptions; false when the caller has none with this id. */
export async function deleteOwnSubscription(
  db: Database,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function findSubscription(
  db: Database,
  id: string,
): Promise<StoredSubscription | undefined> {
  const [row] = await selectRows<StoredSubscription>(
    db,
    sql`select id, user_id as "userId", endpoint, p256dh, auth, failures,
        greatest(0, ceil(extract(epoch from (retry_at - now())) * 1000))::int as "waitMs"
      from push_subscriptions where id = ${id}`,
  );
  return row;
}

/**
 * Keeps the user's `max` newest devices, `keptId` (the one just subscribed or claimed) among them:
 * the older ones are deleted.
 */
export async function deleteDevicesBeyond(
  db: Database,
  userId: string,
  keptId: string,
  max: number,
): Promise<void> {
  await db.execute(sql`
    delete from push_subscriptions
    where user_id = ${userId} and id <> ${keptId}
      and id not in (
        select id from push_subscriptions where user_id = ${userId} and id <> ${keptId}
        order by created_at desc, id desc
        limit ${Math.max(0, max - 1)}
      )
  `);
}

/**
 * A send to the endpoint timed out or failed: counted, and nothing more is sent to it for
 * `delayMs`. The failures in a row now (0 when the subscription is gone).
 */
export async function recordEndpointFailure(
  db: Database,
  id: string,
  delayMs: number,
): Promise<number> {
  const [row] = await selectRows<{ failures: number }>(
    db,
    sql`update push_subscriptions
      set failures = failures + 1,
        retry_at = now() + ${Math.round(delayMs)} * interval '1 millisecond'
      where id = ${id} returning failures`,
  );
  return row?.failures ?? 0;
}

/** A send got through: the endpoint's failures are forgotten. */
export async function clearEndpointFailures(db: Database, id: string): Promise<void> {
  await db.execute(sql`
    update push_subscriptions set failures = 0, retry_at = null where id = ${id} and failures > 0
  `);
}

export async function subscriptionIdsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.id);
}

/** The push service said the subscription is gone (404, 410). */
export async function deleteSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The export's `pushDevices`, oldest first: where each pushes to, never its keys. */
export function findDevicesForExport(
  db: Database,
  userId: string,
): Promise<{ _id: string; endpoint: string; createdAt: string }[]> {
  return selectRows<{ _id: string; endpoint: string; createdAt: string }>(
    db,
    sql`select id as "_id", endpoint, ${isoTimestamp(sql`created_at`)} as "createdAt"
      from push_subscriptions where user_id = ${userId} order by created_at`,
  );
}

/** Every device of the user. */
export async function deleteSubscriptionsOf(db: Database, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Gives the subscription with this id to the user: its id, or null when there is none. */
export async function assignSubscription(
  db: Database,
  userId: string,
  subscriptionId: string,
): Promise<string | null> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ userId })
    .where(eq(pushSubscriptions.id, subscriptionId))
    .returning({ id: pushSubscriptions.id });
  return row?.id ?? null;
}

/** The session's device stops belonging to the session's user (unless someone else took it). */
export async function releaseSessionSubscription(db: Database, sessionIdHash: string) {
  await db.execute(sql`
    update push_subscriptions p set user_id = null
    from ${sessionById(sessionIdHash)} s
    where p.id = s.push_subscription_id and p.user_id = s.user_id
  `);
}
