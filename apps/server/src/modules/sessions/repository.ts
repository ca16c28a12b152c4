import { and, eq, lt, ne, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
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

/** Deletes every session of the user but `keepHash`; the ended ones' hashes. */
export async function deleteOtherSessions(
  tx: Database,
  userId: string,
  keepHash: string,
): Promise<string[]> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepHash)))
    .returning({ idHash: sessions.idHash });
  return ended.map((row) => row.idHash);
}

export type SessionExportRow = { createdAt: string; expiresAt: string; current: boolean };

/** The user's sessions for the export: when each began and ends, and which is this one. */
export function findSessionsForExport(
  db: Database,
  userId: string,
  currentSessionHash: string,
): Promise<SessionExportRow[]> {
  return selectRows<SessionExportRow>(
    db,
    sql`select ${isoTimestamp(sql`created_at`)} as "createdAt",
      ${isoTimestamp(sql`expires_at`)} as "expiresAt",
      id_hash = ${currentSessionHash} as "current"
    from sessions where user_id = ${userId} order by created_at`,
  );
}
