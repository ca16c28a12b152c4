import { eq, lt, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import { sessions } from "../../db/schema.ts";
import { liveSession } from "./fragments.ts";

export async function insertSession(
  db: Database,
  session: { idHash: string; userId: string; expiresAt: Date; pushSubscriptionId?: string | null },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/**
 * The user of a live session and whether its expiry should slide forward (see liveSession).
 * Every signed-in call makes this lookup: a prepared statement, planned once.
 */
export async function findSessionByHash(
  db: Database,
  idHash: string,
  now: Date,
  extendBefore: Date,
): Promise<{ userId: string; extend: boolean } | undefined> {
  const [session] = await preparedRows<{ userId: string; extend: boolean }>(
    db,
    "session_lookup",
    sql`select s.user_id as "userId", s.extend from ${liveSession(idHash, now, extendBefore)} s`,
  );
  return session;
}

export async function extendSession(db: Database, idHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Expired rows are never read again; deleting them keeps the table small. */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
