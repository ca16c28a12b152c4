import { isUuid } from "@kindred/shared";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pushSubscriptions, userSkills, users } from "../../db/schema.ts";
import { skillRows } from "../skills/vocabulary.ts";
import type { UserRow } from "../users/user-view.ts";

export type NewUser = typeof users.$inferInsert;

/** Inserts the user and its skill index rows in one transaction. */
export function insertUserWithSkills(
  db: Database,
  values: NewUser,
  skills: readonly string[],
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    const rows = skillRows(skills).map((skill) => ({ userId: row.id, ...skill }));
    if (rows.length > 0) await tx.insert(userSkills).values(rows);
    return row;
  });
}

/**
 * The device a login or signup names (`playerId`, a push subscription's id) now belongs to this
 * user: its id, or null when no subscription has that id (anything else a client sends is ignored).
 */
export async function claimPushSubscription(
  db: Database,
  userId: string,
  playerId: string,
): Promise<string | null> {
  if (!isUuid(playerId)) return null;
  const [row] = await db
    .update(pushSubscriptions)
    .set({ userId })
    .where(eq(pushSubscriptions.id, playerId.toLowerCase()))
    .returning({ id: pushSubscriptions.id });
  return row?.id ?? null;
}

/**
 * Logging out: the session's device stops receiving this person's pushes (unless someone else
 * has signed in on it since, whose it now is).
 */
export async function detachSessionDevice(db: Database, sessionIdHash: string): Promise<void> {
  await db.execute(sql`
    update push_subscriptions p set user_id = null
    from sessions s
    where s.id_hash = ${sessionIdHash} and p.id = s.push_subscription_id and p.user_id = s.user_id
  `);
}
