import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sentenceColumns, stillMeaningful } from "../../db/notification-sql.ts";
import { selectRows } from "../../db/rows.ts";
import { pushSubscriptions, sessions } from "../../db/schema.ts";

export type StoredSubscription = {
  id: string;
  userId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * Saves a browser's subscription for the caller (the same endpoint again updates its keys and
 * owner: the device belongs to whoever subscribed on it last) and ties it to the caller's session,
 * so logging out detaches it. Its id.
 */
export function saveSubscription(
  db: Database,
  input: { userId: string; sessionIdHash: string; endpoint: string; p256dh: string; auth: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId: input.userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth },
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) throw new Error("upsert returned no row");
    await tx
      .update(sessions)
      .set({ pushSubscriptionId: row.id })
      .where(and(eq(sessions.idHash, input.sessionIdHash), eq(sessions.userId, input.userId)));
    return row.id;
  });
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
  const [row] = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id));
  return row;
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

export type NotificationForDelivery = {
  id: string;
  userId: string;
  kind: string;
  url: string;
  read: boolean;
  /** First names, most recent first (the first three). */
  actorNames: string[];
  actorCount: number;
  messageCount: number;
  push: boolean;
  email: boolean;
};

/**
 * A notification as a push or a mail tells it: its actors' first names, their count, the
 * messages it stands for, and the recipient's channels for its kind (no row: both on).
 */
export async function findNotificationForDelivery(
  db: Database,
  id: string,
): Promise<NotificationForDelivery | undefined> {
  const [row] = await selectRows<NotificationForDelivery>(
    db,
    sql`
      select n.id, n.user_id as "userId", n.kind, n.url, n.read_at is not null as read,
        ${sentenceColumns},
        coalesce(s.push, true) as push, coalesce(s.email, true) as email
      from notifications n
      left join notification_settings s on s.user_id = n.user_id and s.kind = n.kind
      where n.id = ${id} and ${stillMeaningful}
    `,
  );
  return row;
}
