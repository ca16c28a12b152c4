import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { relayTo } from "../../../test/tcp-relay.ts";
import { type ChatSocket, createRedisHub } from "./hub.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function fakeSocket(): ChatSocket {
  return { readyState: 1, bufferedAmount: 0, send: () => {}, close: () => {}, terminate: () => {} };
}

const warnings: unknown[] = [];
const log = {
  warn: (entry: unknown) => warnings.push(entry),
  child: () => log,
} as unknown as FastifyBaseLogger;

describe.skipIf(!redisUrl)("the Redis chat hub while Redis is out of reach", () => {
  it("still takes a person's first socket on this process, and says why presence is missing", async () => {
    const relay = await relayTo(new URL(redisUrl as string));
    cleanups.push(relay.cut);
    // The app's shared command connection: no offline queue, so a command fails at once.
    const publisher = new Redis(relay.url(), {
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    publisher.on("error", () => {});
    await publisher.connect();
    cleanups.push(() => publisher.disconnect());
    const hub = await createRedisHub(publisher, log, () => new Date());
    cleanups.push(() => hub.close());

    await relay.cut();
    const socket = fakeSocket();
    const added = await hub.addSocket("00000000-0000-4000-8000-000000000001", socket, "hash");
    expect(added).toEqual({ accepted: true, first: true });
    expect(warnings.length).toBeGreaterThan(0);
  });
});
