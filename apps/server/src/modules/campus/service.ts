import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import {
  CAMPUS_CODE_MAX_ATTEMPTS,
  CAMPUS_CODE_TTL_MINUTES,
  type CampusEmail,
  OTP_LENGTH,
} from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isUniqueViolation } from "../../db/errors.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { findUserById, localeOfUser, setUserCampus } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import { campusCodeMail } from "./mails.ts";
import {
  type CampusEmailRow,
  deleteCampusEmail,
  findCampusEmail,
  markCampusEmailVerified,
  storePendingCampusEmail,
  takeCampusCodeAttempt,
  verifiedByAnother,
} from "./repository.ts";

export { type UniversityLookup, universityOfEmail } from "./universities.ts";

const MINUTE_MS = 60_000;
const VERIFIED_EMAIL_KEY = "campus_emails_verified_email_key";

/**
 * Like the account email's codes (decision 118), a SHA-256 hash salted with the account: the code
 * is random, dies within the hour and after 5 wrong tries.
 */
function hashOf(code: string, userId: string): string {
  return createHash("sha256").update(`${userId}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The owner's view of their address; the code's hash never leaves. */
export function toCampusEmail(row: CampusEmailRow): CampusEmail {
  return {
    email: row.email,
    university: row.university,
    verified: row.verifiedAt !== null,
    codeExpiresAt: row.verifiedAt === null ? (row.expiresAt?.toISOString() ?? null) : null,
  };
}

/** The signed-in person's address, pending or verified; null when they have none. */
export async function campusEmailOf(
  app: FastifyInstance,
  userId: string,
): Promise<CampusEmail | null> {
  const row = await findCampusEmail(app.db, userId);
  return row ? toCampusEmail(row) : null;
}

export type SendCodeOutcome =
  | { kind: "sent"; campus: CampusEmail }
  | { kind: "taken" }
  | { kind: "already-verified" }
  | { kind: "no-user" };

/**
 * Stores `email` (of `university`) as the account's pending address with a fresh code, replacing
 * a pending one, and mails the code to it. Refused while the account has a verified address, or
 * when another account verified this one. The mail's failure is the caller's to handle.
 */
export async function sendCampusCode(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  email: string,
  university: string,
): Promise<SendCodeOutcome> {
  const user = await findUserById(app.db, userId);
  if (!user) return { kind: "no-user" };
  if (await verifiedByAnother(app.db, email, userId)) return { kind: "taken" };
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
  const now = app.now();
  const row = await storePendingCampusEmail(app.db, {
    userId,
    email: email.toLowerCase(),
    university,
    codeHash: hashOf(code, userId),
    expiresAt: new Date(now.getTime() + CAMPUS_CODE_TTL_MINUTES * MINUTE_MS),
    createdAt: now,
  });
  if (!row) return { kind: "already-verified" };
  await app.sendMail(
    request,
    campusCodeMail(row.email, user.firstName, university, code, localeOfUser(user)),
  );
  return { kind: "sent", campus: toCampusEmail(row) };
}

export type VerifyCampusOutcome =
  | { kind: "verified"; user: UserRow }
  | { kind: "wrong"; triesLeft: number }
  | { kind: "used-up" }
  | { kind: "expired" }
  | { kind: "nothing-pending" }
  | { kind: "already-verified" }
  | { kind: "taken" };

/** Why no try could be taken of the account's code. */
function whyNoTry(row: CampusEmailRow | undefined, now: Date): VerifyCampusOutcome {
  if (row?.verifiedAt) return { kind: "already-verified" };
  if (!row || row.codeHash === null) return { kind: "nothing-pending" };
  if (row.failedAttempts >= CAMPUS_CODE_MAX_ATTEMPTS) return { kind: "used-up" };
  if (row.expiresAt === null || row.expiresAt <= now) return { kind: "expired" };
  return { kind: "nothing-pending" };
}

/**
 * The code from the mail: each try takes one of its 5; the right one verifies the address and
 * puts its university on the person's card, in one transaction.
 */
export async function verifyCampusCode(
  app: FastifyInstance,
  userId: string,
  code: string,
): Promise<VerifyCampusOutcome> {
  const now = app.now();
  const row = await takeCampusCodeAttempt(app.db, userId, now);
  if (!row?.codeHash) return whyNoTry(await findCampusEmail(app.db, userId), now);
  if (!sameHash(row.codeHash, hashOf(code, userId))) {
    return { kind: "wrong", triesLeft: Math.max(0, CAMPUS_CODE_MAX_ATTEMPTS - row.failedAttempts) };
  }
  const { codeHash, university } = row;
  try {
    const user = await app.db.transaction(async (tx) => {
      if (!(await markCampusEmailVerified(tx, userId, codeHash, now))) return undefined;
      return setUserCampus(tx, userId, university, now);
    });
    // A new code was asked for meanwhile, which this one's place went to.
    return user ? { kind: "verified", user } : { kind: "expired" };
  } catch (error) {
    // Another account verified the same address first: this pending one is dead.
    if (!isUniqueViolation(error, VERIFIED_EMAIL_KEY)) throw error;
    await deleteCampusEmail(app.db, userId);
    return { kind: "taken" };
  }
}

/** Removes the address, pending or verified, and the university from the card; the account after. */
export async function removeCampusEmail(
  app: FastifyInstance,
  userId: string,
): Promise<UserRow | undefined> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    await deleteCampusEmail(tx, userId);
    return setUserCampus(tx, userId, null, now);
  });
}

/** The university address is the person's own: exported (never its code), deleted with them. */
export const campusPersonalData: PersonalDataPart = {
  module: "campus",
  tables: ["campus_emails"],
  exportFor: async (db, context) => {
    const row = await findCampusEmail(db, context.userId);
    if (!row) return {};
    return {
      campus: {
        email: row.email,
        university: row.university,
        verifiedAt: row.verifiedAt?.toISOString() ?? null,
      },
    };
  },
  deleteFor: (tx, userId) => deleteCampusEmail(tx, userId),
};
