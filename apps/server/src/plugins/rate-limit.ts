import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { RateLimitRule } from "../config.ts";
import {
  type AttemptCounter,
  memoryAttemptCounter,
  redisAttemptCounter,
} from "./attempt-counter.ts";
import { HttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Attempt counts that can be given back (log-in counts failures only); in Redis when set. */
    attempts: AttemptCounter;
  }
}

export type LimitSpec = {
  /** Keeps counters of different limits apart, e.g. "login-ip". */
  name: string;
  rule: RateLimitRule;
  /** What is counted: the client IP by default; null skips this limit for the request. */
  key?: (request: FastifyRequest) => string | null;
  /** The 429's message; "Too many attempts. Try again in N minutes." by default. */
  message?: (retryAfterSeconds: number) => string;
};

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

const rateLimiters = new WeakSet<object>();

/** Marks a hook as one that can answer 429, so the OpenAPI document declares it on its routes. */
export function markRateLimiter<T extends object>(hook: T): T {
  rateLimiters.add(hook);
  return hook;
}

export function isRateLimiter(hook: unknown): boolean {
  return typeof hook === "function" && rateLimiters.has(hook);
}

/**
 * A preHandler enforcing every limit in order (the plugin's own route option runs only one per
 * request, and login needs one per IP and one per email).
 */
export function limitRequests(app: FastifyInstance, specs: LimitSpec[]) {
  const limiters = specs.map((spec) => ({
    spec,
    check: app.createRateLimit({
      max: spec.rule.max,
      timeWindow: spec.rule.windowMs,
      keyGenerator: (request) => `${spec.name}:${spec.key ? spec.key(request) : request.ip}`,
    }),
  }));
  return markRateLimiter(async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { spec, check } of limiters) {
      if (spec.key && spec.key(request) === null) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header("retry-after", String(seconds));
        const message = spec.message ?? tooManyAttemptsMessage;
        throw new HttpError(429, "RATE_LIMITED", message(seconds));
      }
    }
  });
}

/**
 * The attempts at the signed-in person's own password (a change, turning two-step codes off, a
 * new passkey): counted per account under `name`, with log-in's per-account-and-address rule.
 */
export function ownPasswordAttempts(app: FastifyInstance, name: string) {
  return limitRequests(app, [
    {
      name,
      rule: app.config.rateLimits.loginPerAccountAndIp,
      key: (request) => request.userId || null,
    },
  ]);
}

/** Counters live in memory, or in Redis when REDIS_URL is set so every instance shares them. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.redis ?? undefined;
    app.decorate("attempts", redis ? redisAttemptCounter(redis, app.log) : memoryAttemptCounter());
    await app.register(rateLimit, {
      global: false,
      // When Redis is down, keep serving rather than refuse every login.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: "kindred-rl:" } : {}),
    });
  },
  { name: "rate-limit", dependencies: ["redis"] },
);
