import { and, eq, lt, ne, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { sessions } from "../../db/schema.ts";
import { joinUser } from "../users/fragments.ts";
import { liveSession } from "./fragments.ts";

export async function insertSession(
  db: Database,
  session: {
    idHash: string;
    userId: string;
    expiresAt: Date;
    pushSubscriptionId?: string | null;
    browser: string | null;
    os: string | null;
    lastSeenAt: Date;
  },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/**
 * What the writes that reach others check about their author (plugins/writes-that-reach-others):
 * read with the session, so those checks need no statement of their own. ISO times; null when
 * unset (or, for createdAt, when the account is gone).
 */
export type SessionAccount = {
  createdAt: string | null;
  emailVerifiedAt: string | null;
  suspendedUntil: string | null;
  bannedAt: string | null;
  /** The language the person chose (users.locale); null: none yet. */
  locale: string | null;
};

/**
 * The user of a live session, whether its expiry should slide forward (see liveSession), and
 * their account's standing. Every signed-in call makes this lookup: a prepared statement, planned
 * once.
 */
export async function findSessionByHash(
  db: Database,
  idHash: string,
  now: Date,
  extendBefore: Date,
): Promise<({ userId: string; extend: boolean } & SessionAccount) | undefined> {
  const [session] = await preparedRows<{ userId: string; extend: boolean } & SessionAccount>(
    db,
    "session_lookup_with_account",
    sql`select s.user_id as "userId", s.extend,
        ${isoTimestamp(sql`u.created_at`)} as "createdAt",
        ${isoTimestamp(sql`u.email_verified_at`)} as "emailVerifiedAt",
        ${isoTimestamp(sql`u.suspended_until`)} as "suspendedUntil",
        ${isoTimestamp(sql`u.banned_at`)} as "bannedAt",
        u.locale
      from ${liveSession(idHash, now, extendBefore)} s
      ${joinUser("u", sql`s.user_id`, "left")}`,
  );
  return session;
}

/**
 * The language chosen by the account of a live session (a page request's `<html lang>`),
 * without sliding the session's expiry; undefined when there is no session or no choice.
 */
export async function findSessionLocale(
  db: Database,
  idHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await preparedRows<{ locale: string | null }>(
    db,
    "session_locale_lookup",
    sql`select u.locale from sessions s ${joinUser("u", sql`s.user_id`)}
      where s.id_hash = ${idHash} and s.expires_at > ${now.toISOString()}::timestamptz`,
  );
  return row?.locale ?? undefined;
}

/** Slides the expiry forward and records the use (see liveSession's `extend`). */
export async function extendSession(
  db: Database,
  idHash: string,
  expiresAt: Date,
  lastSeenAt: Date,
): Promise<void> {
  await db.update(sessions).set({ expiresAt, lastSeenAt }).where(eq(sessions.idHash, idHash));
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

export type DeviceRow = {
  id: string;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

/** The user's live sessions: this one first, then by latest use. */
export function findDevices(
  db: Database,
  userId: string,
  currentSessionHash: string,
  now: Date,
): Promise<DeviceRow[]> {
  return selectRows<DeviceRow>(
    db,
    sql`select id, browser, os, ${isoTimestamp(sql`created_at`)} as "createdAt",
      ${isoTimestamp(sql`coalesce(last_seen_at, created_at)`)} as "lastSeenAt",
      id_hash = ${currentSessionHash} as "current"
    from sessions
    where user_id = ${userId} and expires_at > ${now.toISOString()}::timestamptz
    order by (id_hash = ${currentSessionHash}) desc, coalesce(last_seen_at, created_at) desc, id`,
  );
}

/**
 * Deletes the user's session with this public id; the
 * ended session's hash, or undefined when the user has no such session.
 */
export async function deleteSessionById(
  db: Database,
  userId: string,
  id: string,
): Promise<string | undefined> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ idHash: sessions.idHash });
  return ended?.idHash;
}

/** The public id of the session with this hash. */
export async function sessionIdOf(db: Database, idHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.idHash, idHash));
  return row?.id;
}
