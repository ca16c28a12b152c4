import { NEW_ACCOUNT_DAYS } from "@kindred/shared";
import { RetryLaterError } from "../plugins/errors.ts";

// What makes an account new, and the daily limits new accounts have (docs/moderation-filters.md).
// The limits count rows in the database from the start of the UTC day, so every process agrees
// and a restart forgets nothing; a refusal asks to come back at the next UTC midnight.

const DAY_MS = 24 * 60 * 60_000;

/** Younger than NEW_ACCOUNT_DAYS at `now`. */
export function isNewAccount(createdAt: Date | string, now: Date): boolean {
  return now.getTime() - new Date(createdAt).getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
}

/** The start of the UTC day `now` falls in: the daily limits count from there. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Refuses with 429 RATE_LIMITED (Retry-After: the seconds to the next UTC midnight) once `used`
 * has reached `limit`.
 */
export function refuseOverDailyLimit(now: Date, used: number, limit: number, message: string) {
  if (used < limit) return;
  const next = utcDayStart(now).getTime() + DAY_MS;
  throw new RetryLaterError("RATE_LIMITED", message, (next - now.getTime()) / 1000);
}
