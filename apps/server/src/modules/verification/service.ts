import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { EMAIL_VERIFICATION_TTL_MINUTES, OTP_LENGTH } from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isUniqueViolation } from "../../db/errors.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { findUserByEmail, findUserById, localeOfUser, setVerifiedEmail } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import { emailChangedMail, verificationMail, verifyLink } from "./mails.ts";
import {
  consumeVerification,
  deleteVerificationOf,
  findByToken,
  findOfUser,
  storeVerification,
  takeCodeAttempt,
  type VerificationRow,
} from "./repository.ts";

const MINUTE_MS = 60_000;

/**
 * Codes and tokens are kept as SHA-256 hashes, not argon2: both are random, die within the hour
 * and a code after 5 wrong tries, and a sign-up must stay cheap (decision 118).
 */
function hashOf(secret: string, userId = ""): string {
  return createHash("sha256").update(`${userId}:${secret}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** What verifying ended in: the account as it now is, or why not. */
export type VerifyOutcome =
  | { kind: "verified"; user: UserRow; changedFrom: string | null }
  | { kind: "invalid" }
  | { kind: "taken" };

/**
 * Mails a fresh code and link for `email` (the account's own, or the one it changes to),
 * replacing any earlier ones. The mail's failure is the caller's to handle.
 */
export async function sendVerification(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  email: string,
): Promise<void> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
  const token = randomBytes(32).toString("base64url");
  const now = app.now();
  await storeVerification(app.db, {
    userId: user.id,
    email: email.toLowerCase(),
    codeHash: hashOf(code, user.id),
    tokenHash: hashOf(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MINUTES * MINUTE_MS),
  });
  const change = email.toLowerCase() !== user.email.toLowerCase();
  const link = verifyLink(app.config.publicOrigin, token);
  const locale = localeOfUser(user);
  await app.sendMail(request, verificationMail(email, user.firstName, code, link, change, locale));
}

/** Applies a verification that matched: deletes it (once) and marks the address proven. */
async function applyVerification(
  app: FastifyInstance,
  row: VerificationRow,
): Promise<VerifyOutcome> {
  const before = await findUserById(app.db, row.userId);
  if (!before) return { kind: "invalid" };
  try {
    const user = await app.db.transaction(async (tx) => {
      if (!(await consumeVerification(tx, row.userId, row.tokenHash))) return undefined;
      return setVerifiedEmail(tx, row.userId, row.email, app.now());
    });
    if (!user) return { kind: "invalid" };
    const changed = before.email.toLowerCase() !== user.email.toLowerCase();
    return { kind: "verified", user, changedFrom: changed ? before.email : null };
  } catch (error) {
    // Someone signed up with the new address meanwhile: the change is dead, the account as it was.
    if (!isUniqueViolation(error, "users_email_lower_key")) throw error;
    await deleteVerificationOf(app.db, row.userId);
    return { kind: "taken" };
  }
}

/** The signed-in person's code: each try takes one of the code's 5 attempts. */
export async function verifyCode(
  app: FastifyInstance,
  userId: string,
  code: string,
): Promise<VerifyOutcome> {
  const row = await takeCodeAttempt(app.db, userId, app.now());
  if (!row || !sameHash(row.codeHash, hashOf(code, userId))) return { kind: "invalid" };
  return applyVerification(app, row);
}

/** The mail's link: its token alone names the account, so it works signed out. */
export async function verifyToken(app: FastifyInstance, token: string): Promise<VerifyOutcome> {
  const row = await findByToken(app.db, hashOf(token), app.now());
  if (!row) return { kind: "invalid" };
  return applyVerification(app, row);
}

/** Tells the old address that the email changed; a failed mail is logged, not the person's. */
export async function tellOldAddress(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  oldEmail: string,
): Promise<void> {
  try {
    await app.sendMail(
      request,
      emailChangedMail(
        oldEmail,
        user.firstName,
        app.config.publicOrigin,
        app.config.supportEmail,
        localeOfUser(user),
      ),
    );
  } catch {
    // Already logged with the request id; the change did happen.
  }
}

/** Where a resend goes: the pending new address, else the unverified own one; null: nothing to do. */
export async function addressToVerify(app: FastifyInstance, user: UserRow): Promise<string | null> {
  const pending = await findOfUser(app.db, user.id);
  if (pending && pending.email !== user.email.toLowerCase()) return pending.email;
  return user.emailVerifiedAt ? null : user.email;
}

/** True when another account uses the address. */
export async function emailTaken(app: FastifyInstance, email: string): Promise<boolean> {
  return (await findUserByEmail(app.db, email)) !== undefined;
}

/**
 * A verification holds hashes that mean nothing to their owner and the address it proves, which
 * is the account's own or the one it asked for; it dies within the hour. Nothing is exported.
 */
export const verificationPersonalData: PersonalDataPart = {
  module: "verification",
  tables: ["email_verifications"],
  exportFor: async () => ({}),
  deleteFor: (tx, userId) => deleteVerificationOf(tx, userId),
};
