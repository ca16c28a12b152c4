import { OTP_MAX_ATTEMPTS } from "@kindred/shared";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { emailVerifications } from "../../db/schema.ts";

export type VerificationRow = typeof emailVerifications.$inferSelect;

/** Stores the account's verification, replacing any earlier one (one live per account). */
export async function storeVerification(
  db: Database,
  values: Omit<VerificationRow, "failedAttempts">,
): Promise<void> {
  const { userId, ...rest } = values;
  await db
    .insert(emailVerifications)
    .values({ ...values, failedAttempts: 0 })
    .onConflictDoUpdate({ target: emailVerifications.userId, set: { ...rest, failedAttempts: 0 } });
}

/**
 * Takes one of the live code's attempts in a single UPDATE and answers the row; undefined when
 * there is none, it expired or its attempts are used up.
 */
export async function takeCodeAttempt(
  db: Database,
  userId: string,
  now: Date,
): Promise<VerificationRow | undefined> {
  const [taken] = await db
    .update(emailVerifications)
    .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
    .where(
      and(
        eq(emailVerifications.userId, userId),
        lt(emailVerifications.failedAttempts, OTP_MAX_ATTEMPTS),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .returning();
  return taken;
}

/** The live verification a link's token names. */
export async function findByToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.tokenHash, tokenHash), gt(emailVerifications.expiresAt, now)))
    .limit(1);
  return row;
}

/** The account's verification, live or not. */
export async function findOfUser(
  db: Database,
  userId: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, userId))
    .limit(1);
  return row;
}

/** Deletes exactly this verification; false when it was gone already (single use). */
export async function consumeVerification(
  db: Database,
  userId: string,
  tokenHash: string,
): Promise<boolean> {
  const used = await db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.tokenHash, tokenHash)))
    .returning({ userId: emailVerifications.userId });
  return used.length > 0;
}

export async function deleteVerificationOf(db: Database, userId: string): Promise<void> {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}
