import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
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
        reply.header("retry-after", String(result.ttlInSeconds));
        throw new HttpError(429, "RATE_LIMITED", tooManyAttemptsMessage(result.ttlInSeconds));
      }
    }
  });
}

/** Counters live in memory, or in Redis when REDIS_URL is set so every instance shares them. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    let redis: Redis | undefined;
    if (app.config.redisUrl) {
      redis = new Redis(app.config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      });
      redis.on("error", (error) => app.log.warn({ err: error }, "rate-limit store unavailable"));
      // Without an offline queue, commands fail fast during an outage; so wait for the first connection.
      const connected = redis;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          app.log.warn("Redis did not answer within 2 s; rate limits are skipped until it does");
          resolve();
        }, 2000);
        connected.once("ready", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      app.addHook("onClose", async () => {
        redis?.disconnect();
      });
    }
    app.decorate("attempts", redis ? redisAttemptCounter(redis, app.log) : memoryAttemptCounter());
    await app.register(rateLimit, {
      global: false,
      // When Redis is down, keep serving rather than refuse every login.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: "kindred-rl:" } : {}),
    });
  },
  { name: "rate-limit" },
);
