import { createHash, randomBytes, randomInt } from "node:crypto";
import { OTP_LENGTH, OTP_TTL_MINUTES, RESET_GRANT_TTL_MINUTES } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { destroyUserSessions } from "../../plugins/session.ts";
import { refuseWeakPassword } from "../auth/password-strength.ts";
import { getDummyHash, hashPassword, verifyPassword } from "../auth/passwords.ts";
import { endAccountCommunityTokens } from "../members/service.ts";
import { deleteUserSessions } from "../sessions/service.ts";
import { findUserByEmail, setPasswordHash } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import {
  consumeGrant,
  deleteCode,
  deleteCodeAndGrant,
  exchangeCodeForGrant,
  hasOpenGrant,
  storeCode,
  takeCodeAttempt,
} from "./repository.ts";

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
  await storeCode(db, userId, codeHash, now, expiresAt);
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
  const taken = userId ? await takeCodeAttempt(db, userId, now) : undefined;
  if (!userId || !taken) {
    // Same work as a real check, so the answer's timing does not tell which codes exist.
    await verifyPassword(await getDummyHash(), otp);
    return null;
  }
  if (!(await verifyPassword(taken.codeHash, otp))) return null;

  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashGrantToken(token);
  const expiresAt = new Date(now.getTime() + RESET_GRANT_TTL_MINUTES * MINUTE_MS);
  const opened = await exchangeCodeForGrant(db, userId, taken.codeHash, {
    tokenHash,
    now,
    expiresAt,
  });
  return opened ? token : null;
}

/**
 * `PUT /update_password`: with the reset grant this browser holds for the email's account, sets
 * the new password and ends every session (and its chat sockets everywhere). The account, or null
 * when no grant is open (the same answer for an unknown email).
 */
export async function resetPasswordWithGrant(
  app: FastifyInstance,
  email: string,
  token: string | undefined,
  password: string,
  /** Runs once the grant is known to be open, before the reset: may refuse it by throwing. */
  beforeReset?: (userId: string) => Promise<void>,
): Promise<UserRow | null> {
  const user = await findUserByEmail(app.db, email);
  const tokenHash = token && token.length <= 100 ? hashGrantToken(token) : null;
  // Checked before hashing, so a request without a grant costs no argon2 work.
  if (!user || !tokenHash || !(await hasOpenGrant(app.db, user.id, tokenHash, app.now()))) {
    return null;
  }
  // Only with an open grant, so the answer tells nothing about an account to someone without one.
  await refuseWeakPassword(password, user);
  await beforeReset?.(user.id);
  const passwordHash = await hashPassword(password);
  if (!(await resetPassword(app.db, user.id, tokenHash, passwordHash, app.now()))) return null;
  // The rows went with the reset; this also closes the account's chat sockets everywhere.
  await destroyUserSessions(app, user.id);
  return user;
}

/**
 * In one transaction: consumes the grant (deleting it, so a second use finds nothing), sets the new
 * password hash and ends every session, every community token and any live code of the user.
 * False when no grant was open.
 */
async function resetPassword(
  db: Database,
  userId: string,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await consumeGrant(tx, userId, tokenHash, now))) return false;
    await setPasswordHash(tx, userId, passwordHash, now);
    await deleteUserSessions(tx, userId);
    await endAccountCommunityTokens(tx, userId);
    await deleteCode(tx, userId);
    return true;
  });
}

/**
 * A reset code and grant are stored as hashes that mean nothing to their owner and expire within
 * the hour: nothing of them is exported; they go with the account.
 */
export const recoveryPersonalData: PersonalDataPart = {
  module: "recovery",
  tables: ["password_reset_codes", "password_reset_grants"],
  exportFor: async () => ({}),
  deleteFor: (tx, userId) => deleteCodeAndGrant(tx, userId),
};
