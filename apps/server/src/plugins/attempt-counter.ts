import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { RateLimitRule } from "../config.ts";

/**
 * Counts attempts per key in a fixed window, with the two moves the rate-limit plugin lacks:
 * give one back (`refund`) and forget a key (`clear`). Login uses them so that only failures
 * count: every attempt is counted when it starts (so a burst of parallel guesses cannot all slip
 * under the limit before the first failure is recorded), and a success takes its count back.
 */
export type AttemptCounter = {
  /** Counts one attempt; returns the count in the window and the ms left in it. */
  hit(key: string, rule: RateLimitRule): Promise<{ count: number; resetInMs: number }>;
  /** Takes one attempt back (never below zero). */
  refund(key: string): Promise<void>;
  /** Forgets every attempt of the key. */
  clear(key: string): Promise<void>;
};

export function memoryAttemptCounter(now: () => number = Date.now): AttemptCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  function sweep(at: number) {
    if (at < nextSweep) return;
    nextSweep = at + 60_000;
    for (const [key, entry] of windows) if (entry.resetAt <= at) windows.delete(key);
  }
  return {
    async hit(key, rule) {
      const at = now();
      sweep(at);
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= at) {
        entry = { count: 0, resetAt: at + rule.windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - at };
    },
    async refund(key) {
      const entry = windows.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

const REFUND_SCRIPT = `
local n = tonumber(redis.call('get', KEYS[1]) or '0')
if n > 0 then return redis.call('decr', KEYS[1]) end
return 0`;

/**
 * The same counts in Redis, shared by every server process. When Redis does not answer, attempts
 * are let through (as the other rate limits do) rather than refusing every log-in.
 */
export function redisAttemptCounter(
  redis: Redis,
  log: FastifyBaseLogger,
  prefix = "kindred-attempts:",
): AttemptCounter {
  const warn = (error: unknown) =>
    log.warn({ err: error }, "attempt counter unavailable: not counting");
  return {
    async hit(key, rule) {
      try {
        const replies = await redis
          .multi()
          .set(prefix + key, 0, "PX", rule.windowMs, "NX")
          .incr(prefix + key)
          .pttl(prefix + key)
          .exec();
        const count = Number(replies?.[1]?.[1] ?? 0);
        const ttl = Number(replies?.[2]?.[1] ?? rule.windowMs);
        return { count, resetInMs: ttl > 0 ? ttl : rule.windowMs };
      } catch (error) {
        warn(error);
        return { count: 0, resetInMs: 0 };
      }
    },
    async refund(key) {
      try {
        await redis.eval(REFUND_SCRIPT, 1, prefix + key);
      } catch (error) {
        warn(error);
      }
    },
    async clear(key) {
      try {
        await redis.del(prefix + key);
      } catch (error) {
        warn(error);
      }
    },
  };
}
