import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RateLimitRule } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { tooManyAttemptsMessage } from "../../plugins/rate-limit.ts";

/**
 * Names the account a browser logged in to with a password (OWASP's "device cookie"): its failed
 * logins to that account are counted on their own, so a stranger's guessing elsewhere never locks
 * the owner out of a device they used before.
 */
export const DEVICE_COOKIE = "kindred-device";
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** What a device cookie is signed for: the account, and the secret only the server holds for it. */
export type LoginAccount = { id: string; passwordHash: string };

/**
 * The key is the account's password hash (salted, never sent anywhere): no secret to keep apart and
 * share between instances, and a password change ends every device cookie of the account.
 */
function deviceSignature(account: LoginAccount, deviceId: string): Buffer {
  return createHmac("sha256", account.passwordHash)
    .update(`kindred-device:${account.id}:${deviceId}`)
    .digest();
}

/** The device id in the request's device cookie when it is validly signed for this account. */
export function trustedDevice(
  request: FastifyRequest,
  account: LoginAccount | undefined,
): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!account || !value) return null;
  const [accountId, deviceId, signature, ...rest] = value.split(".");
  if (rest.length > 0 || accountId !== account.id || !deviceId || !signature) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = deviceSignature(account, deviceId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/**
 * Marks the browser as a device of the account (a sign-up, a sign-in without a password): its
 * next sign-ins are from a known device.
 */
export function markDeviceKnown(reply: FastifyReply, account: LoginAccount): void {
  setDeviceCookie(reply, account, randomBytes(16).toString("base64url"));
}

function setDeviceCookie(reply: FastifyReply, account: LoginAccount, deviceId: string): void {
  const signature = deviceSignature(account, deviceId).toString("base64url");
  reply.setCookie(DEVICE_COOKIE, `${account.id}.${deviceId}.${signature}`, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: reply.server.config.publicOrigin.startsWith("https:"),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

function tooManyAttempts(reply: FastifyReply, resetInMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "RATE_LIMITED", tooManyAttemptsMessage(seconds));
}

export type LoginAttempt = {
  /**
   * The password was right: gives this attempt back, forgets the failures of this address (or
   * this device) on the account, and marks the browser as a device of the account.
   */
  succeeded(reply: FastifyReply): Promise<void>;
  /** The attempt ended before a password was judged wrong (bad input, an outage): gives it back. */
  abandoned(): Promise<void>;
};

/**
 * Counts a password login to the account named `name` (an email or a community username, known
 * or not) before the password is checked, or answers 429. From a device that logged in to the
 * account before, only that device's own failures count. Otherwise three counts: the address's
 * failures on any account (spraying), the address's on this account, and everyone's on this
 * account (a ceiling that slows guessing spread over many addresses). A wrong password leaves
 * them counted; anything else gives them back, so what stays counted are the failures, and a
 * burst of parallel guesses cannot all pass before the first failure is recorded.
 * Shared by POST /api/login and the community's password login: one budget for both.
 */
export async function beginLoginAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  account: LoginAccount | undefined,
): Promise<LoginAttempt> {
  const limits = app.config.rateLimits;
  const who = name.trim().toLowerCase();
  const device = trustedDevice(request, account);
  // The address first in the keys: it holds no "/", so an odd name cannot run into another key.
  const perAddress = `login-account-ip:${request.ip}/${who}`;
  const perDevice = account && device ? `login-device:${account.id}/${device}` : null;
  const counts: { key: string; rule: RateLimitRule }[] = perDevice
    ? [{ key: perDevice, rule: limits.loginPerDevice }]
    : [
        { key: `login-ip:${request.ip}`, rule: limits.loginPerIp },
        { key: perAddress, rule: limits.loginPerAccountAndIp },
        { key: `login-account:${who}`, rule: limits.loginPerAccount },
      ];
  const counted: string[] = [];
  const giveBack = () => Promise.all(counted.map((key) => app.attempts.refund(key)));
  for (const { key, rule } of counts) {
    const { count, resetInMs } = await app.attempts.hit(key, rule);
    counted.push(key);
    // A refused attempt checked no password: it is not a failure of any of these counts.
    if (count > rule.max) {
      await giveBack();
      throw tooManyAttempts(reply, resetInMs);
    }
  }
  return {
    async succeeded(successReply) {
      const ownKey = perDevice ?? perAddress;
      await Promise.all([
        ...counted.filter((key) => key !== ownKey).map((key) => app.attempts.refund(key)),
        app.attempts.clear(ownKey),
      ]);
      // The account-wide count is not cleared: the owner's success must not reopen the ceiling
      // for whoever is guessing from elsewhere.
      if (account)
        setDeviceCookie(successReply, account, device ?? randomBytes(16).toString("base64url"));
    },
    async abandoned() {
      await giveBack();
    },
  };
}
