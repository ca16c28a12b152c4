import { randomUUID } from "node:crypto";
import type { ChatServerEvent } from "@kindred/shared";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";

/** The part of a WebSocket the hub uses, so tests and the socket route share one shape. */
export type ChatSocket = {
  readonly readyState: number;
  send(data: string): void;
};

const OPEN = 1;
const CHANNEL = "kindred:chat";
const PRESENCE_KEY = (userId: string) => `kindred:presence:${userId}`;
/** A process's presence entry lives this long unless renewed; a crashed process fades out. */
const PRESENCE_TTL_MS = 60_000;
const PRESENCE_RENEW_MS = 20_000;

/**
 * Delivers chat events to the sockets of the people they concern, on every server process:
 * through Redis pub/sub when REDIS_URL is set, inside this process otherwise.
 */
export type ChatHub = {
  readonly kind: "redis" | "memory";
  /** Sends the event to every open socket of these users, on every process. */
  publish(userIds: string[], event: ChatServerEvent): Promise<void>;
  /** Registers a socket; true when it is the user's first socket on this process. */
  addSocket(userId: string, socket: ChatSocket): Promise<boolean>;
  /** Unregisters a socket; true when the user has no socket left on this process. */
  removeSocket(userId: string, socket: ChatSocket): Promise<boolean>;
  /** Those of the users with at least one socket open on any process. */
  online(userIds: string[]): Promise<Set<string>>;
  close(): Promise<void>;
};

type Envelope = { userIds: string[]; event: ChatServerEvent };

function createLocalSockets() {
  const sockets = new Map<string, Set<ChatSocket>>();
  return {
    sockets,
    deliver({ userIds, event }: Envelope) {
      const data = JSON.stringify(event);
      for (const userId of userIds) {
        for (const socket of sockets.get(userId) ?? []) {
          if (socket.readyState === OPEN) socket.send(data);
        }
      }
    },
    add(userId: string, socket: ChatSocket): boolean {
      let set = sockets.get(userId);
      if (!set) {
        set = new Set();
        sockets.set(userId, set);
      }
      set.add(socket);
      return set.size === 1;
    },
    remove(userId: string, socket: ChatSocket): boolean {
      const set = sockets.get(userId);
      if (!set) return false;
      set.delete(socket);
      if (set.size > 0) return false;
      sockets.delete(userId);
      return true;
    },
  };
}

export function createMemoryHub(): ChatHub {
  const local = createLocalSockets();
  return {
    kind: "memory",
    async publish(userIds, event) {
      local.deliver({ userIds, event });
    },
    async addSocket(userId, socket) {
      return local.add(userId, socket);
    },
    async removeSocket(userId, socket) {
      return local.remove(userId, socket);
    },
    async online(userIds) {
      return new Set(userIds.filter((id) => local.sockets.has(id)));
    },
    async close() {},
  };
}

/**
 * One publisher and one subscriber connection per process. Presence is a hash per user whose
 * fields are the processes holding a socket, each valued with its expiry, renewed while open.
 */
export async function createRedisHub(url: string, log: FastifyBaseLogger): Promise<ChatHub> {
  const processId = randomUUID();
  const local = createLocalSockets();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000 });
  publisher.on("error", (error) => log.warn({ err: error }, "chat publisher: Redis unavailable"));
  subscriber.on("error", (error) => log.warn({ err: error }, "chat subscriber: Redis unavailable"));
  subscriber.on("message", (_channel: string, payload: string) => {
    try {
      local.deliver(JSON.parse(payload) as Envelope);
    } catch (error) {
      log.warn({ err: error }, "chat event could not be read");
    }
  });
  await subscriber.subscribe(CHANNEL);

  const mark = (userId: string) =>
    publisher.hset(PRESENCE_KEY(userId), processId, String(Date.now() + PRESENCE_TTL_MS));
  const renew = setInterval(() => {
    for (const userId of local.sockets.keys()) {
      mark(userId).catch((error: unknown) => log.warn({ err: error }, "presence renewal failed"));
    }
  }, PRESENCE_RENEW_MS);
  renew.unref();

  return {
    kind: "redis",
    async publish(userIds, event) {
      if (userIds.length === 0) return;
      await publisher.publish(CHANNEL, JSON.stringify({ userIds, event } satisfies Envelope));
    },
    async addSocket(userId, socket) {
      const first = local.add(userId, socket);
      if (first) await mark(userId);
      return first;
    },
    async removeSocket(userId, socket) {
      const last = local.remove(userId, socket);
      if (last) await publisher.hdel(PRESENCE_KEY(userId), processId);
      return last;
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      const pipeline = publisher.pipeline();
      for (const userId of userIds) pipeline.hvals(PRESENCE_KEY(userId));
      const results = (await pipeline.exec()) ?? [];
      const now = Date.now();
      const online = new Set<string>();
      results.forEach(([error, values], index) => {
        const userId = userIds[index];
        if (error || !userId) return;
        if ((values as string[]).some((expiry) => Number(expiry) > now)) online.add(userId);
      });
      return online;
    },
    async close() {
      clearInterval(renew);
      const users = [...local.sockets.keys()];
      await Promise.allSettled(users.map((id) => publisher.hdel(PRESENCE_KEY(id), processId)));
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    chatHub: ChatHub;
  }
}

export const chatHubPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = app.config.redisUrl
      ? await createRedisHub(app.config.redisUrl, app.log)
      : createMemoryHub();
    app.decorate("chatHub", hub);
    app.addHook("onClose", async () => hub.close());
  },
  { name: "chat-hub" },
);
