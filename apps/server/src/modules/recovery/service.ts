import { createHash, randomBytes, randomInt } from "node:crypto";
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  RESET_GRANT_TTL_MINUTES,
} from "@kindred/shared";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { passwordResetCodes, passwordResetGrants, sessions, users } from "../../db/schema.ts";
import { getDummyHash, hashPassword, verifyPassword } from "../accounts/passwords.ts";

const MINUTE_MS = 60_000;

/** A uniformly random code from the operating system's CSPRNG, zero-padded: "004217". */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

export function hashGrantToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Stores a fresh code for the user, replacing any earlier one (the primary key on user_id keeps one
 * live code per account), and returns it. Only its argon2id hash is kept.
 */
export async function issueCode(db: Database, userId: string, now: Date): Promise<string> {
  const code = newCode();
  const codeHash = await hashPassword(code);
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE_MS);
  await db
    .insert(passwordResetCodes)
    .values({ userId, codeHash, failedAttempts: 0, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: passwordResetCodes.userId,
      set: { codeHash, failedAttempts: 0, createdAt: now, expiresAt },
    });
  return code;
}

/** The work of issueCode without storing anything: an unknown email costs the same time. */
export async function issueNoCode(): Promise<void> {
  await hashPassword(newCode());
}

/**
 * Checks a code. Every try first takes one of the code's attempts in a single UPDATE, so even
 * concurrent guesses get at most OTP_MAX_ATTEMPTS checks per code; a dead, expired or missing code
 * fails like a wrong one. A right code is deleted and a reset grant opened in one transaction; the
 * grant's token (for the browser's cookie) is returned.
 */
export async function verifyCode(
  db: Database,
  userId: string | undefined,
  otp: string,
  now: Date,
): Promise<string | null> {
  const [taken] = userId
    ? await db
        .update(passwordResetCodes)
        .set({ failedAttempts: sql`${passwordResetCodes.failedAttempts} + 1` })
        .where(
          and(
            eq(passwordResetCodes.userId, userId),
            lt(passwordResetCodes.failedAttempts, OTP_MAX_ATTEMPTS),
            gt(passwordResetCodes.expiresAt, now),
          ),
        )
        .returning({ codeHash: passwordResetCodes.codeHash })
    : [];
  if (!userId || !taken) {
    // Same work as a real check, so the answer's timing does not tell which codes exist.
    await verifyPassword(await getDummyHash(), otp);
    return null;
  }
  if (!(await verifyPassword(taken.codeHash, otp))) return null;

  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashGrantToken(token);
  const expiresAt = new Date(now.getTime() + RESET_GRANT_TTL_MINUTES * MINUTE_MS);
  const opened = await db.transaction(async (tx) => {
    // Single use: only the request that deletes this very code opens a grant.
    const used = await tx
      .delete(passwordResetCodes)
      .where(
        and(eq(passwordResetCodes.userId, userId), eq(passwordResetCodes.codeHash, taken.codeHash)),
      )
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
  return opened ? token : null;
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
    .where(
      and(
        eq(passwordResetGrants.userId, userId),
        eq(passwordResetGrants.tokenHash, tokenHash),
        gt(passwordResetGrants.expiresAt, now),
      ),
    )
    .limit(1);
  return grant !== undefined;
}

/**
 * In one transaction: consumes the grant (deleting it, so a second use finds nothing), sets the new
 * password hash and ends every session and any live code of the user. False when no grant was open.
 */
export async function resetPassword(
  db: Database,
  userId: string,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const consumed = await tx
      .delete(passwordResetGrants)
      .where(
        and(
          eq(passwordResetGrants.userId, userId),
          eq(passwordResetGrants.tokenHash, tokenHash),
          gt(passwordResetGrants.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetGrants.userId });
    if (consumed.length === 0) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
    return true;
  });
}
