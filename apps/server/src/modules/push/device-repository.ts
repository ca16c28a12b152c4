import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pushSubscriptions } from "../../db/schema.ts";
import { sessionById } from "../sessions/fragments.ts";

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
