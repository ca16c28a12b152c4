import { OTP_MAX_ATTEMPTS } from "@kindred/shared";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { passwordResetCodes, passwordResetGrants } from "../../db/schema.ts";

/** Stores the user's code hash, replacing any earlier code (one live code per account). */
export async function storeCode(
  db: Database,
  userId: string,
  codeHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(passwordResetCodes)
    .values({ userId, codeHash, failedAttempts: 0, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: passwordResetCodes.userId,
      set: { codeHash, failedAttempts: 0, createdAt: now, expiresAt },
    });
}

/**
 * Takes one of the live code's attempts in a single UPDATE and answers its hash; undefined when
 * there is no code, it expired or its attempts are used up.
 */
export async function takeCodeAttempt(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ codeHash: string } | undefined> {
  const [taken] = await db
    .update(passwordResetCodes)
    .set({ failedAttempts: sql`${passwordResetCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(passwordResetCodes.userId, userId),
        lt(passwordResetCodes.failedAttempts, OTP_MAX_ATTEMPTS),
        gt(passwordResetCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: passwordResetCodes.codeHash });
  return taken;
}

/**
 * In one transaction: deletes this very code and opens a reset grant. False when the code was
 * gone already (single use: only the request that deletes it opens a grant).
 */
export function exchangeCodeForGrant(
  db: Database,
  userId: string,
  codeHash: string,
  grant: { tokenHash: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const { tokenHash, now, expiresAt } = grant;
  return db.transaction(async (tx) => {
    const used = await tx
      .delete(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, userId), eq(passwordResetCodes.codeHash, codeHash)))
      .returning({ userId: passwordResetCodes.userId });
    if (used.length === 0) return false;
    await tx
      .insert(passwordResetGrants)
      .values({ userId, tokenHash, createdAt: now, expiresAt })
      .onConflictDoUpdate({
        target: passwordResetGrants.userId,
        set: { tokenHash, createdAt: now, expiresAt },
      });
    return true;
  });
}

/** The user's grant that the token opens, while it is live. */
function liveGrant(userId: string, tokenHash: string, now: Date) {
  return and(
    eq(passwordResetGrants.userId, userId),
    eq(passwordResetGrants.tokenHash, tokenHash),
    gt(passwordResetGrants.expiresAt, now),
  );
}

/** True when the token opens a live grant for this user (a cheap check before hashing). */
export async function hasOpenGrant(
  db: Database,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const [grant] = await db
    .select({ userId: passwordResetGrants.userId })
    .from(passwordResetGrants)
    .where(liveGrant(userId, tokenHash, now))
    .limit(1);
  return grant !== undefined;
}

/** Deletes the live grant the token opens; false when there was none. */
export async function consumeGrant(
  db: Database,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const consumed = await db
    .delete(passwordResetGrants)
    .where(liveGrant(userId, tokenHash, now))
    .returning({ userId: passwordResetGrants.userId });
  return consumed.length > 0;
}

export async function deleteCode(db: Database, userId: string): Promise<void> {
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
}

/** Deletes the user's reset code and grant (a deleted account). */
export async function deleteCodeAndGrant(db: Database, userId: string): Promise<void> {
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
  await db.delete(passwordResetGrants).where(eq(passwordResetGrants.userId, userId));
}
