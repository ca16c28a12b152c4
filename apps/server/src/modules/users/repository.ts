import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { users } from "../../db/schema.ts";
import type { UserRow } from "./user-view.ts";

/** The account with this id (a UUID: see findUserById in service.ts). */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The user a shareable public id names. */
export async function findUserByPublicId(
  db: Database,
  publicId: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.publicId, publicId)).limit(1);
  return row;
}

/** The account's role; undefined when there is no such account. */
export async function findRole(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

/** Sets the role of the account with this email; its id, or undefined when there is none. */
export async function setRoleByEmail(
  db: Database,
  email: string,
  role: string,
  now: Date,
): Promise<{ id: string; previous: string } | undefined> {
  const [row] = await selectRows<{ id: string; previous: string }>(
    db,
    sql`
      update users u set role = ${role}, updated_at = ${now.toISOString()}::timestamptz
      from (select id, role from users where lower(email) = ${email.toLowerCase()} for update) old
      where u.id = old.id
      returning u.id, old.role as previous
    `,
  );
  return row;
}

/** Makes these accounts admins (those that exist); the emails are compared lower-cased. */
export async function grantAdminByEmails(db: Database, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const lowered = emails.map((email) => email.toLowerCase());
  const rows = await db
    .update(users)
    .set({ role: "admin" })
    .where(sql`lower(${users.email}) in ${lowered} and ${users.role} <> 'admin'`)
    .returning({ id: users.id });
  return rows.length;
}

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<NewUser>;

export async function insertUser(tx: Database, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Sets the given columns (and updated_at); undefined when there is no such user. */
export async function updateUser(
  db: Database,
  userId: string,
  changes: UserChanges,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Locks the user's row for the transaction; its current photo key, or undefined for no such user. */
export async function lockUserPhoto(
  tx: Database,
  userId: string,
): Promise<{ photoKey: string | null } | undefined> {
  const [row] = await tx
    .select({ photoKey: users.photoKey })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/**
 * Whether the account exists, its row held (FOR KEY SHARE) until the transaction ends: a deletion,
 * which locks the row first, waits for the transaction, or the transaction finds the row gone.
 */
export async function holdUser(tx: Database, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for("key share");
  return rows.length > 0;
}

/** Deletes the user's row; the photo it held, or undefined when there was no such user. */
export async function deleteUserRow(
  tx: Database,
  userId: string,
): Promise<{ photoKey: string | null } | undefined> {
  const [row] = await tx
    .delete(users)
    .where(eq(users.id, userId))
    .returning({ photoKey: users.photoKey });
  return row;
}

/** Whether any account exists (the demo data fills only an empty database). */
export async function anyUser(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/** How many accounts exist that are not banned (the public statistics). */
export async function countUnbannedAccounts(db: Database): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from users where banned_at is null`,
  );
  return row?.count ?? 0;
}

/** Inserts many accounts at once (the demo data), in the given order. */
export function insertUsers(tx: Database, values: NewUser[]): Promise<UserRow[]> {
  return tx.insert(users).values(values).returning();
}

export type AgeState = { age: number | null; lastAgeBand: string | null; ageBandChanges: number };

/** Locks the user's row for the transaction; what an age change is decided from. */
export async function lockAgeState(tx: Database, userId: string): Promise<AgeState | undefined> {
  const [row] = await tx
    .select({
      age: users.age,
      lastAgeBand: users.lastAgeBand,
      ageBandChanges: users.ageBandChanges,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/** The ages of these accounts (those that exist). */
export function findAges(
  db: Database,
  ids: string[],
): Promise<{ id: string; age: number | null }[]> {
  return db.select({ id: users.id, age: users.age }).from(users).where(inArray(users.id, ids));
}

export type ModerationState = {
  suspendedUntil?: Date | null;
  bannedAt?: Date | null;
  hiddenForReview?: boolean;
};

/** Sets what moderation decided about the account (updated_at moves: the feed sees it). */
export async function updateModerationState(
  db: Database,
  userId: string,
  state: ModerationState,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...state, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The time zones people have chosen, and UTC for those who have not (the daily picks' zones). */
export async function selectTimeZonesInUse(db: Database): Promise<string[]> {
  const rows = await selectRows<{ zone: string }>(
    db,
    sql`select distinct coalesce(time_zone, 'UTC') as zone from users where age is not null`,
  );
  return rows.map((row) => row.zone);
}

/** The person's language and time zone, as their mails and pushes are written; undefined: gone. */
export async function findUserLanguage(
  db: Database,
  id: string,
): Promise<{ locale: string | null; timeZone: string | null } | undefined> {
  const [row] = await db
    .select({ locale: users.locale, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
