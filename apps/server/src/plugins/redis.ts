import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The process's one Redis command connection when REDIS_URL is set (rate limits, attempt
     * counts, the chat hub's publishing and presence), else null. A subscriber needs a connection
     * of its own: take it with `redis.duplicate()`.
     */
    redis: Redis | null;
  }
}

/** How long start waits for Redis before going on without it (limits are skipped until then). */
const FIRST_CONNECT_WAIT_MS = 2000;

/**
 * Opens the shared Redis connection. Commands fail fast while Redis is away (no offline queue,
 * one retry), so a request never waits on it: rate limits are skipped and chat events stay on
 * this process until it is back.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate("redis", null);
      return;
    }
    const redis = new Redis(url, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on("error", (error) => app.log.warn({ err: error }, "Redis unavailable"));
    // Without an offline queue, commands fail fast during an outage; so wait for the first connection.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        app.log.warn("Redis did not answer within 2 s; rate limits are skipped until it does");
        resolve();
      }, FIRST_CONNECT_WAIT_MS);
      redis.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.decorate("redis", redis);
    // Registered first, so closed last: the chat hub still clears its presence on close.
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
  },
  { name: "redis" },
);
