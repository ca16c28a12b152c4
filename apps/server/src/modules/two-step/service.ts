import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TWO_STEP_DIGITS,
  TWO_STEP_MESSAGES,
  TWO_STEP_PERIOD_SECONDS,
} from "@kindred/shared";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError } from "../../plugins/errors.ts";
import { tooManyAttemptsMessage } from "../../plugins/rate-limit.ts";
import type { UserRow } from "../users/user-view.ts";
import * as repository from "./repository.ts";

const ISSUER = "Kindred";
/** The step between the right password and the code: 5 minutes, in an HttpOnly cookie. */
export const STEP_COOKIE = "kindred-two-step";
const STEP_COOKIE_PATH = "/api/login/two-step";
export const STEP_TTL_MS = 5 * 60 * 1000;
/** Wrong codes per account before 429, like passwords (a 6-digit code is easier to guess). */
const CODE_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 };

/** True when sign-in asks this person for a code after the password. */
export async function isTwoStepOn(db: Database, userId: string): Promise<boolean> {
  const row = await repository.findTwoStep(db, userId);
  return Boolean(row?.enabledAt);
}

/** A new pending secret and its otpauth address and QR code; null when two-step is already on. */
export async function beginSetup(
  db: Database,
  user: UserRow,
): Promise<{ otpauthUrl: string; qrSvg: string } | null> {
  const key = randomBytes(20);
  if (!(await repository.savePendingSecret(db, user.id, encodeBase32UpperCaseNoPadding(key)))) {
    return null;
  }
  const otpauthUrl = createTOTPKeyURI(
    ISSUER,
    user.email,
    key,
    TWO_STEP_PERIOD_SECONDS,
    TWO_STEP_DIGITS,
  );
  const qrSvg = await QRCode.toString(otpauthUrl, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return { otpauthUrl, qrSvg };
}

/**
 * Checks a 6-digit code against the secret at the app's clock, one step either side for clocks
 * that drift; a step accepted once is never accepted again, nor any before it.
 */
async function acceptCode(
  db: Database,
  userId: string,
  secret: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const key = decodeBase32IgnorePadding(secret);
  const current = Math.floor(now.getTime() / 1000 / TWO_STEP_PERIOD_SECONDS);
  for (const step of [current - 1, current, current + 1]) {
    if (verifyHOTP(key, BigInt(step), TWO_STEP_DIGITS, code)) {
      return repository.acceptStep(db, userId, step);
    }
  }
  return false;
}

function hashRecoveryCode(userId: string, code: string): string {
  const plain = code.replace(/[\s-]/g, "").toLowerCase();
  return createHash("sha256").update(`${userId}:${plain}`).digest("hex");
}

/** Ten codes like `7kq2m-9xw4p` (50 random bits each); only their hashes are stored. */
function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Turns two-step codes on with the first code from the app: the 10 recovery codes, shown once.
 * `null`: no setup to confirm; `false`: a wrong code.
 */
export async function enableTwoStep(
  app: FastifyInstance,
  userId: string,
  code: string,
): Promise<string[] | null | false> {
  const row = await repository.findTwoStep(app.db, userId);
  if (!row || row.enabledAt) return null;
  if (!(await acceptCode(app.db, userId, row.secret, code, app.now()))) return false;
  const codes = newRecoveryCodes();
  const enabled = await app.db.transaction(async (tx) => {
    if (!(await repository.markEnabled(tx, userId, app.now()))) return false;
    await repository.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => hashRecoveryCode(userId, c)),
    );
    return true;
  });
  return enabled ? codes : null;
}

/** Ten new recovery codes; the old ones stop working. Null when two-step codes are off. */
export async function regenerateRecoveryCodes(
  db: Database,
  userId: string,
): Promise<string[] | null> {
  const row = await repository.findTwoStep(db, userId);
  if (!row?.enabledAt) return null;
  const codes = newRecoveryCodes();
  await db.transaction((tx) =>
    repository.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => hashRecoveryCode(userId, c)),
    ),
  );
  return codes;
}

export function disableTwoStep(db: Database, userId: string): Promise<void> {
  return db.transaction((tx) => repository.deleteTwoStep(tx, userId));
}

/** A second factor as sent: a code from the app or a recovery code. */
export type SecondFactor = { code?: string; recoveryCode?: string };

/** Reads one free-text field as a code (6 digits) or a recovery code. */
export function secondFactorOf(value: string): SecondFactor | null {
  const plain = value.replace(/\s+/g, "").toLowerCase();
  if (/^\d{6}$/.test(plain)) return { code: plain };
  if (RECOVERY_CODE_PATTERN.test(plain)) return { recoveryCode: plain };
  return null;
}

function tooManyCodes(reply: FastifyReply, resetInMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "RATE_LIMITED", tooManyAttemptsMessage(seconds));
}

/**
 * Checks a second factor of an account with two-step codes on, counting it like a password: the
 * 6th wrong one within 15 minutes answers 429 (a right one clears the count). True when it is right.
 */
export async function checkSecondFactor(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
  factor: SecondFactor,
): Promise<boolean> {
  const row = await repository.findTwoStep(app.db, userId);
  if (!row?.enabledAt) return false;
  const key = `two-step:${userId}`;
  const { count, resetInMs } = await app.attempts.hit(key, CODE_ATTEMPTS);
  if (count > CODE_ATTEMPTS.max) {
    await app.attempts.refund(key);
    throw tooManyCodes(reply, resetInMs);
  }
  const right = factor.code
    ? await acceptCode(app.db, userId, row.secret, factor.code, app.now())
    : factor.recoveryCode
      ? await repository.useRecoveryCode(
          app.db,
          userId,
          hashRecoveryCode(userId, factor.recoveryCode),
          app.now(),
        )
      : false;
  if (right) await app.attempts.clear(key);
  return right;
}

/**
 * A password reset by mail for an account with two-step codes on also needs a code or a
 * recovery code (decision 121): 400 without one, 401 with a wrong one, 429 after five.
 */
export async function requireSecondFactorForReset(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
  given: string | undefined,
): Promise<void> {
  if (!(await isTwoStepOn(app.db, userId))) return;
  const factor = given?.trim() ? secondFactorOf(given) : null;
  if (!given?.trim()) {
    throw new HttpError(400, "TWO_STEP_REQUIRED", TWO_STEP_MESSAGES.resetNeedsCode, [
      { path: "twoStepCode", message: TWO_STEP_MESSAGES.resetNeedsCode },
    ]);
  }
  if (!factor || !(await checkSecondFactor(app, reply, userId, factor))) {
    throw new HttpError(401, "INVALID_TWO_STEP_CODE", TWO_STEP_MESSAGES.resetWrongCode);
  }
}

// ---------- the step between the password and the code ----------

function stepSignature(user: Pick<UserRow, "id" | "passwordHash">, payload: string): Buffer {
  // Keyed by the password hash (as the device cookie is): a password change ends the step.
  return createHmac("sha256", user.passwordHash).update(`kindred-two-step:${payload}`).digest();
}

/**
 * After the right password: a signed, HttpOnly cookie naming the account, when it expires and
 * the device to claim (playerId), valid for 5 minutes on POST /api/login/two-step only.
 */
export function startStep(
  reply: FastifyReply,
  user: Pick<UserRow, "id" | "passwordHash">,
  playerId: string | undefined,
): void {
  const expires = reply.server.now().getTime() + STEP_TTL_MS;
  const device = playerId ? Buffer.from(playerId).toString("base64url") : "";
  const payload = `${user.id}.${expires}.${device}`;
  const signature = stepSignature(user, payload).toString("base64url");
  reply.setCookie(STEP_COOKIE, `${payload}.${signature}`, {
    httpOnly: true,
    sameSite: "strict",
    path: STEP_COOKIE_PATH,
    secure: reply.server.config.publicOrigin.startsWith("https:"),
    maxAge: STEP_TTL_MS / 1000,
  });
}

export function endStep(reply: FastifyReply): void {
  reply.clearCookie(STEP_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    path: STEP_COOKIE_PATH,
    secure: reply.server.config.publicOrigin.startsWith("https:"),
  });
}

/** The account id the step cookie names, before its signature can be checked. */
export function stepAccountId(request: FastifyRequest): string | null {
  const value = request.cookies[STEP_COOKIE];
  if (!value || value.length > 600) return null;
  const id = value.split(".")[0] ?? "";
  return /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** The device to claim when the step cookie is validly signed for this account and not expired. */
export function readStep(
  request: FastifyRequest,
  user: Pick<UserRow, "id" | "passwordHash">,
): { playerId: string | undefined } | null {
  const value = request.cookies[STEP_COOKIE];
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [id, expires, device, signature] = parts as [string, string, string, string];
  if (id !== user.id) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = stepSignature(user, `${id}.${expires}.${device}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(Number(expires) > request.server.now().getTime())) return null;
  return { playerId: device ? Buffer.from(device, "base64url").toString() : undefined };
}

/**
 * The secret and the recovery codes are the key to the account, never exported: the export says
 * only whether two-step codes are on. They go with the account.
 */
export const twoStepPersonalData: PersonalDataPart = {
  module: "two-step",
  tables: ["two_step_secrets", "two_step_recovery_codes"],
  exportFor: async (db, { userId }) => ({
    twoStep: { on: await isTwoStepOn(db, userId) },
  }),
  deleteFor: (tx, userId) => repository.deleteTwoStep(tx, userId),
};
