import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { passkeyChallenges, passkeys } from "../../db/schema.ts";

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = "register" | "login";

export async function saveChallenge(
  db: Database,
  row: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  // Unanswered challenges go as new ones come: the table holds only the last few minutes.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Takes a challenge that is still open: one delete, so two answers to it cannot both pass. A
 * registration's must belong to the person answering it.
 */
export async function takeChallenge(
  db: Database,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId ? eq(passkeyChallenges.userId, userId) : sql`${passkeyChallenges.userId} is null`,
      ),
    )
    .returning({ expiresAt: passkeyChallenges.expiresAt });
  const [row] = rows;
  return Boolean(row && row.expiresAt > now);
}

export function listPasskeys(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findByCredentialId(
  db: Database,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** A new passkey; undefined when its credential is already on an account. */
export async function insertPasskey(
  db: Database,
  row: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [saved] = await db
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return saved;
}

/**
 * Records a sign-in: the authenticator's new counter, when it did not go back (a cloned key's
 * counter would), and when. False when the counter went back.
 */
export async function markUsed(
  db: Database,
  id: string,
  oldCounter: number,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, oldCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function deleteAllFor(tx: Database, userId: string): Promise<void> {
  await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
}
