import { randomUUID } from "node:crypto";
import {
  CHAT_CLOSE_UNAUTHENTICATED,
  CHAT_SOCKETS_PER_ACCOUNT,
  type ChatServerEvent,
} from "@kindred/shared";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Clock } from "../../lib/clock.ts";
import type { SessionEnd } from "../../plugins/session.ts";

/** The part of a WebSocket the hub uses, so tests and the socket route share one shape. */
export type ChatSocket = {
  readonly readyState: number;
  /** Bytes queued for the peer and not yet written to the network. */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
};

const OPEN = 1;
/**
 * A socket with this much still queued is not reading its frames: it is cut instead of growing
 * the server's memory (a page of the largest messages is about 600 KB).
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Sends an event (or its JSON) to an open socket; cuts a socket that does not read. */
export function sendEvent(socket: ChatSocket, event: ChatServerEvent | string): void {
  if (socket.readyState !== OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(typeof event === "string" ? event : JSON.stringify(event));
}
const CHANNEL = "kindred:chat";
const PRESENCE_KEY = (userId: string) => `kindred:presence:${userId}`;
/** A process's presence entry lives this long unless renewed; a crashed process fades out. */
const PRESENCE_TTL_MS = 60_000;
const PRESENCE_RENEW_MS = 20_000;
/** A hash per user: each process holding sockets, valued `count:expiry` (renewed like presence). */
const SOCKETS_KEY = (userId: string) => `kindred:sockets:${userId}`;
/**
 * In one step, so two processes cannot both take the last place: the user's sockets on the other
 * live processes plus this process's new count; over the cap it answers 0, else it records this
 * process's count and answers 1. ARGV: process id, now, count, cap, expiry, key ttl (ms).
 */
const CLAIM_SOCKET_SCRIPT = `
local now = tonumber(ARGV[2])
local others = 0
local entries = redis.call('HGETALL', KEYS[1])
for i = 1, #entries, 2 do
  if entries[i] ~= ARGV[1] then
    local count, expiry = string.match(entries[i + 1], '^(%d+):(%d+)$')
    if count and tonumber(expiry) > now then others = others + tonumber(count) end
  end
end
if others + tonumber(ARGV[3]) > tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3] .. ':' .. ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`;

/**
 * Delivers chat events to the sockets of the people they concern, on every server process:
 * through Redis pub/sub when REDIS_URL is set, inside this process otherwise.
 */
export type ChatHub = {
  readonly kind: "redis" | "memory";
  /** Sends the event to every open socket of these users, on every process. */
  publish(userIds: string[], event: ChatServerEvent): Promise<void>;
  /**
   * Registers a socket opened by a session: refused past CHAT_SOCKETS_PER_ACCOUNT for the user
   * on this process; `first` when it is the user's first socket on this process.
   */
  addSocket(
    userId: string,
    socket: ChatSocket,
    sessionIdHash: string,
  ): Promise<{ accepted: boolean; first: boolean }>;
  /** Unregisters a socket; true when the user has no socket left on this process. */
  removeSocket(userId: string, socket: ChatSocket): Promise<boolean>;
  /** Those of the users with at least one socket open on any process. */
  online(userIds: string[]): Promise<Set<string>>;
  /** The sockets open on this process, everyone's (read by /metrics). */
  openSockets(): number;
  /** Closes, on every process, the sockets the ended sessions opened (4401). */
  endSessions(end: SessionEnd): Promise<void>;
  close(): Promise<void>;
};

type Delivery = { userIds: string[]; event: ChatServerEvent };
/** What travels between processes: an event for some users, or the end of sessions. */
type Envelope = Delivery | { end: SessionEnd };

function createLocalSockets() {
  /** Each user's open sockets, each with the hash of the session that opened it. */
  const sockets = new Map<string, Map<ChatSocket, string>>();
  let open = 0;
  const deliver = ({ userIds, event }: Delivery) => {
    const data = JSON.stringify(event);
    for (const userId of userIds) {
      for (const socket of sockets.get(userId)?.keys() ?? []) sendEvent(socket, data);
    }
  };
  // A closing socket is no longer OPEN, so nothing more is sent to it; its close event
  // unregisters it (and says its person left, if it was their last).
  const end = (ended: SessionEnd) => {
    for (const [userId, owned] of sockets) {
      for (const [socket, sessionIdHash] of owned) {
        const hit =
          "userId" in ended ? userId === ended.userId : sessionIdHash === ended.sessionIdHash;
        if (hit) socket.close(CHAT_CLOSE_UNAUTHENTICATED, "Session ended");
      }
    }
  };
  return {
    sockets,
    deliver,
    end,
    count: () => open,
    apply(envelope: Envelope) {
      if ("end" in envelope) end(envelope.end);
      else deliver(envelope);
    },
    add(userId: string, socket: ChatSocket, sessionIdHash: string) {
      let owned = sockets.get(userId);
      if (!owned) {
        owned = new Map();
        sockets.set(userId, owned);
      }
      if (owned.size >= CHAT_SOCKETS_PER_ACCOUNT) return { accepted: false, first: false };
      owned.set(socket, sessionIdHash);
      open += 1;
      return { accepted: true, first: owned.size === 1 };
    },
    remove(userId: string, socket: ChatSocket): boolean {
      const owned = sockets.get(userId);
      if (!owned?.delete(socket)) return false;
      open -= 1;
      if (owned.size > 0) return false;
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
    async addSocket(userId, socket, sessionIdHash) {
      return local.add(userId, socket, sessionIdHash);
    },
    async removeSocket(userId, socket) {
      return local.remove(userId, socket);
    },
    async online(userIds) {
      return new Set(userIds.filter((id) => local.sockets.has(id)));
    },
    openSockets: local.count,
    async endSessions(end) {
      local.end(end);
    },
    async close() {},
  };
}

/**
 * Publishes on the process's shared Redis connection and listens on one subscriber connection of
 * its own (a subscribed connection runs no other command). Presence is a hash per user whose
 * fields are the processes holding a socket, each valued with its expiry, renewed while open;
 * a second hash counts each process's sockets, so the cap holds across processes.
 */
export async function createRedisHub(
  publisher: Redis,
  log: FastifyBaseLogger,
  now: Clock,
): Promise<ChatHub> {
  const processId = randomUUID();
  const local = createLocalSockets();
  // Queued while Redis is away, so the subscription is made again when it is back.
  const subscriber = publisher.duplicate({
    maxRetriesPerRequest: 2,
    connectTimeout: 2000,
    enableOfflineQueue: true,
  });
  subscriber.on("error", (error) => log.warn({ err: error }, "chat subscriber: Redis unavailable"));
  subscriber.on("message", (_channel: string, payload: string) => {
    try {
      local.apply(JSON.parse(payload) as Envelope);
    } catch (error) {
      log.warn({ err: error }, "chat event could not be read");
    }
  });
  await subscriber.subscribe(CHANNEL);

  const mark = (userId: string) =>
    publisher.hset(PRESENCE_KEY(userId), processId, String(now().getTime() + PRESENCE_TTL_MS));
  /** Writes this process's socket count for the user (none: the field goes). */
  const recordCount = async (userId: string) => {
    const count = local.sockets.get(userId)?.size ?? 0;
    if (count === 0) {
      await publisher.hdel(SOCKETS_KEY(userId), processId);
      return;
    }
    await publisher
      .multi()
      .hset(SOCKETS_KEY(userId), processId, `${count}:${now().getTime() + PRESENCE_TTL_MS}`)
      .pexpire(SOCKETS_KEY(userId), PRESENCE_TTL_MS)
      .exec();
  };
  /** Whether the account may hold `count` sockets here, given those on other processes. */
  const claim = async (userId: string, count: number): Promise<boolean> => {
    const at = now().getTime();
    try {
      const answer = await publisher.eval(
        CLAIM_SOCKET_SCRIPT,
        1,
        SOCKETS_KEY(userId),
        processId,
        String(at),
        String(count),
        String(CHAT_SOCKETS_PER_ACCOUNT),
        String(at + PRESENCE_TTL_MS),
        String(PRESENCE_TTL_MS),
      );
      return answer === 1;
    } catch (error) {
      // Without Redis the cap still holds on this process; chat should not stop for it.
      log.warn({ err: error }, "socket count unavailable");
      return true;
    }
  };
  const renew = setInterval(() => {
    for (const userId of local.sockets.keys()) {
      Promise.all([mark(userId), recordCount(userId)]).catch((error: unknown) =>
        log.warn({ err: error }, "presence renewal failed"),
      );
    }
  }, PRESENCE_RENEW_MS);
  renew.unref();

  return {
    kind: "redis",
    async publish(userIds, event) {
      if (userIds.length === 0) return;
      await publisher.publish(CHANNEL, JSON.stringify({ userIds, event } satisfies Envelope));
    },
    async addSocket(userId, socket, sessionIdHash) {
      const added = local.add(userId, socket, sessionIdHash);
      if (!added.accepted) return added;
      if (!(await claim(userId, local.sockets.get(userId)?.size ?? 1))) {
        local.remove(userId, socket);
        await recordCount(userId);
        return { accepted: false, first: false };
      }
      if (added.first) {
        // Like the count: without Redis the socket still works on this process; the presence
        // entry is written again by the next renewal once Redis is back.
        await mark(userId).catch((error: unknown) =>
          log.warn({ err: error }, "presence unavailable"),
        );
      }
      return added;
    },
    async removeSocket(userId, socket) {
      const last = local.remove(userId, socket);
      await recordCount(userId);
      if (last) await publisher.hdel(PRESENCE_KEY(userId), processId);
      return last;
    },
    openSockets: local.count,
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      const pipeline = publisher.pipeline();
      for (const userId of userIds) pipeline.hvals(PRESENCE_KEY(userId));
      const results = (await pipeline.exec()) ?? [];
      const at = now().getTime();
      const online = new Set<string>();
      results.forEach(([error, values], index) => {
        const userId = userIds[index];
        if (error || !userId) return;
        if ((values as string[]).some((expiry) => Number(expiry) > at)) online.add(userId);
      });
      return online;
    },
    async endSessions(end) {
      // At once here, even if Redis is down; the other processes hear it through the channel
      // (this one too, which changes nothing then).
      local.end(end);
      await publisher.publish(CHANNEL, JSON.stringify({ end } satisfies Envelope));
    },
    async close() {
      clearInterval(renew);
      const users = [...local.sockets.keys()];
      await Promise.allSettled(
        users.flatMap((id) => [
          publisher.hdel(PRESENCE_KEY(id), processId),
          publisher.hdel(SOCKETS_KEY(id), processId),
        ]),
      );
      // The publisher is the shared connection: the Redis plugin closes it, after this.
      subscriber.disconnect();
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
    const hub = app.redis ? await createRedisHub(app.redis, app.log, app.now) : createMemoryHub();
    app.decorate("chatHub", hub);
    // Subscribed once every plugin is in, so the session plugin may be registered before or after.
    app.addHook("onReady", async () => {
      app.onSessionEnded((end) => hub.endSessions(end));
    });
    app.addHook("onClose", async () => hub.close());
  },
  { name: "chat-hub", dependencies: ["redis"] },
);
