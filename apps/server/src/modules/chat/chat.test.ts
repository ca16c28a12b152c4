import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import {
  CHAT_CLOSE_FORBIDDEN_ORIGIN,
  CHAT_CLOSE_UNAUTHENTICATED,
  CHAT_MESSAGES_PER_MINUTE,
  type ChatMessage,
  type ChatServerEvent,
  type Conversation,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, signUpUser } from "../../../test/helpers.ts";

type Session = Awaited<ReturnType<typeof signUpUser>>;

/** The `ws` client (a dependency of @fastify/websocket); Node 20 has no WebSocket of its own. */
type ClientSocket = {
  readyState: number;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "open", listener: () => void): void;
  on(event: "close", listener: (code: number) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
};
const WebSocketClient = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { headers: Record<string, string> },
) => ClientSocket;

let app: FastifyInstance;
let socketUrl: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
  socketUrl = socketUrlOf(app);
});
afterAll(async () => {
  await app.close();
});

function socketUrlOf(target: FastifyInstance): string {
  const { port } = target.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/chat/socket`;
}

function call(
  user: Session,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
  target = app,
) {
  return target.inject({
    method,
    url,
    headers: user.headers,
    ...(method === "POST" ? { payload: payload ?? {} } : {}),
  });
}

async function connectedPair(target = app): Promise<[Session, Session]> {
  const a = await signUpUser(target, { firstName: "Ana" });
  const b = await signUpUser(target, { firstName: "Bo" });
  const sent = await call(a, "POST", `/api/request/send/interested/${b.me._id}`, {}, target);
  expect(sent.statusCode).toBe(201);
  const id = sent.json().data._id;
  const reviewed = await call(b, "POST", `/api/request/review/accepted/${id}`, {}, target);
  expect(reviewed.statusCode).toBe(200);
  return [a, b];
}

async function sendMessage(
  from: Session,
  to: Session,
  text: string,
  clientId?: string,
  target = app,
): Promise<ChatMessage> {
  const response = await call(
    from,
    "POST",
    `/api/chat/${to.me._id}/messages`,
    { text, ...(clientId ? { clientId } : {}) },
    target,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function conversations(user: Session): Promise<Conversation[]> {
  const response = await call(user, "GET", "/api/chat/conversations");
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** A client socket that records what it receives. */
type Listener = {
  socket: ClientSocket;
  events: ChatServerEvent[];
  opened: Promise<void>;
  closed: Promise<number>;
  /** The first event (already received or still to come) the predicate accepts. */
  next(
    predicate: (event: ChatServerEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ChatServerEvent>;
};

function openSocket(
  user: Session | undefined,
  { origin = app.config.publicOrigin, url = socketUrl } = {},
): Listener {
  const headers: Record<string, string> = { origin };
  if (user) headers.cookie = user.headers.cookie;
  const socket = new WebSocketClient(url, { headers });
  const events: ChatServerEvent[] = [];
  const waiters: {
    predicate: (e: ChatServerEvent) => boolean;
    resolve: (e: ChatServerEvent) => void;
  }[] = [];
  socket.on("message", (data) => {
    const event = JSON.parse(data.toString()) as ChatServerEvent;
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.on("open", resolve);
    socket.on("error", reject);
  });
  const closed = new Promise<number>((resolve) => socket.on("close", resolve));
  return {
    socket,
    events,
    opened,
    closed,
    next(predicate, timeoutMs = 3000) {
      const seen = events.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no such event in time")), timeoutMs);
        waiters.push({
          predicate,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
  };
}

const isMessage = (text: string) => (event: ChatServerEvent) =>
  event.type === "message" && event.message.text === text;

/** Waits until the server has registered the socket (its presence reached the other person). */
async function onlineFor(watcher: Listener, user: Session) {
  await watcher.next((e) => e.type === "presence" && e.userId === user.me._id && e.online);
}

describe("who may chat", () => {
  it("lets only the two connections read and write their conversation", async () => {
    const [a, b] = await connectedPair();
    const stranger = await signUpUser(app);
    await sendMessage(a, b, "hello Bo");

    for (const [user, other] of [
      [stranger, a],
      [stranger, b],
    ] as const) {
      const read = await call(user, "GET", `/api/chat/${other.me._id}/messages`);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain("hello Bo");
      const write = await call(user, "POST", `/api/chat/${other.me._id}/messages`, { text: "hi" });
      expect(write.statusCode).toBe(403);
    }
    expect(await conversations(stranger)).toEqual([]);
    const lastId = (await conversations(b))[0]?.lastMessage?._id;
    const mark = await call(stranger, "POST", `/api/chat/${a.me._id}/read`, { messageId: lastId });
    expect(mark.statusCode).toBe(403);
  });

  it("refuses messages between people whose request is still pending", async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    await call(a, "POST", `/api/request/send/interested/${b.me._id}`);
    const write = await call(b, "POST", `/api/chat/${a.me._id}/messages`, { text: "hi" });
    expect(write.statusCode).toBe(403);
  });

  it("requires a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/chat/conversations" });
    expect(response.statusCode).toBe(401);
  });
});

describe("messages", () => {
  it("stores messages, pages history oldest first and lists conversations by last message", async () => {
    const [a, b] = await connectedPair();
    const [, c] = await connectedPair();
    // a and c are connected too
    const sent = await call(a, "POST", `/api/request/send/interested/${c.me._id}`);
    await call(c, "POST", `/api/request/review/accepted/${sent.json().data._id}`);

    for (let i = 1; i <= 5; i++) await sendMessage(i % 2 ? a : b, i % 2 ? b : a, `m${i}`);
    await sendMessage(c, a, "from c");

    const first = await call(a, "GET", `/api/chat/${b.me._id}/messages?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page.messages.map((m: ChatMessage) => m.text)).toEqual(["m4", "m5"]);
    const older = await call(
      a,
      "GET",
      `/api/chat/${b.me._id}/messages?limit=2&before=${page.nextBefore}`,
    );
    expect(older.json().data.messages.map((m: ChatMessage) => m.text)).toEqual(["m2", "m3"]);
    const oldest = await call(
      a,
      "GET",
      `/api/chat/${b.me._id}/messages?limit=2&before=${older.json().data.nextBefore}`,
    );
    expect(oldest.json().data).toMatchObject({ nextBefore: null });
    expect(oldest.json().data.messages.map((m: ChatMessage) => m.text)).toEqual(["m1"]);

    const list = await conversations(a);
    expect(list.map((row) => row.user._id)).toEqual([c.me._id, b.me._id]);
    expect(list[0]?.lastMessage?.text).toBe("from c");
    expect(list[1]?.lastMessage?.text).toBe("m5");
    expect(list[0]?.user).toMatchObject({
      firstName: c.me.firstName,
      publicId: expect.any(String),
      joinedAt: c.me.createdAt,
      socialLinks: { instagramLink: null, otherLink: null },
    });
    expect(JSON.stringify(list)).not.toMatch(/example\.com|emailId|password/i);
  });

  it("stores a repeated clientId once and answers the first message", async () => {
    const [a, b] = await connectedPair();
    const first = await sendMessage(a, b, "only once", "client-1");
    const again = await sendMessage(a, b, "only once", "client-1");
    expect(again._id).toBe(first._id);
    const history = await call(b, "GET", `/api/chat/${a.me._id}/messages`);
    expect(history.json().data.messages).toHaveLength(1);
  });

  it("refuses an empty, blank or too long message", async () => {
    const [a, b] = await connectedPair();
    for (const text of ["", "   \n ", "x".repeat(2001)]) {
      const response = await call(a, "POST", `/api/chat/${b.me._id}/messages`, { text });
      expect(response.statusCode).toBe(400);
    }
    const longest = await call(a, "POST", `/api/chat/${b.me._id}/messages`, {
      text: "x".repeat(2000),
    });
    expect(longest.statusCode).toBe(201);
  });

  it("keeps exact unread counts with read markers that never move back", async () => {
    const [a, b] = await connectedPair();
    const m1 = await sendMessage(a, b, "one");
    const m2 = await sendMessage(a, b, "two");
    await sendMessage(a, b, "three");
    await sendMessage(b, a, "mine do not count for me");
    expect((await conversations(b))[0]?.unread).toBe(3);
    expect((await conversations(a))[0]?.unread).toBe(1);

    const read = await call(b, "POST", `/api/chat/${a.me._id}/read`, { messageId: m2._id });
    expect(read.json().data).toEqual({ unread: 1 });
    const back = await call(b, "POST", `/api/chat/${a.me._id}/read`, { messageId: m1._id });
    expect(back.json().data).toEqual({ unread: 1 });
    expect((await conversations(b))[0]?.unread).toBe(1);
    const unknown = await call(b, "POST", `/api/chat/${a.me._id}/read`, {
      messageId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it(`limits each person to ${CHAT_MESSAGES_PER_MINUTE} messages a minute`, async () => {
    const [a, b] = await connectedPair();
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await sendMessage(a, b, `n${i}`);
    const over = await call(a, "POST", `/api/chat/${b.me._id}/messages`, { text: "one more" });
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    // The other person is not limited by it.
    await sendMessage(b, a, "still fine");
  });
});

describe("GET /api/chat/socket", () => {
  it("closes a socket without a session with 4401", async () => {
    const listener = openSocket(undefined);
    expect(await listener.closed).toBe(CHAT_CLOSE_UNAUTHENTICATED);
  });

  it("closes a socket opened from another site with 4403, session or not", async () => {
    const [a] = await connectedPair();
    const listener = openSocket(a, { origin: "https://evil.example" });
    expect(await listener.closed).toBe(CHAT_CLOSE_FORBIDDEN_ORIGIN);
  });

  it("answers a plain GET with the contract's error body", async () => {
    const response = await app.inject({ method: "GET", url: "/api/chat/socket" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, code: "WEBSOCKET_ONLY" });
  });

  it("delivers messages, read markers and presence in real time", async () => {
    const [a, b] = await connectedPair();
    const socketA = openSocket(a);
    await socketA.opened;
    const socketB = openSocket(b);
    await socketB.opened;
    await onlineFor(socketA, b);
    expect((await conversations(a))[0]?.online).toBe(true);

    const sent = await sendMessage(a, b, "live <b>text</b>");
    const received = await socketB.next(isMessage("live <b>text</b>"));
    expect(received).toEqual({ type: "message", message: sent });
    // The sender's other tabs hear it too.
    await socketA.next(isMessage("live <b>text</b>"));

    await call(b, "POST", `/api/chat/${a.me._id}/read`, { messageId: sent._id });
    const read = await socketA.next((e) => e.type === "read");
    expect(read).toEqual({
      type: "read",
      byUserId: b.me._id,
      withUserId: a.me._id,
      messageId: sent._id,
    });

    socketB.socket.close();
    await socketA.next((e) => e.type === "presence" && e.userId === b.me._id && !e.online);
    expect((await conversations(a))[0]?.online).toBe(false);
    socketA.socket.close();
  });

  it("sends a reconnecting client exactly the messages it missed", async () => {
    const [a, b] = await connectedPair();
    const seen = await sendMessage(a, b, "seen before the drop");
    // B's connection drops; A keeps writing.
    const missed = [
      await sendMessage(a, b, "missed 1"),
      await sendMessage(b, a, "sent from B's other device"),
      await sendMessage(a, b, "missed 2"),
    ];
    const socketB = openSocket(b);
    await socketB.opened;
    socketB.socket.send(JSON.stringify({ type: "resume", after: seen._id }));
    await socketB.next(isMessage("missed 2"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const messages = socketB.events.flatMap((e) => (e.type === "message" ? [e.message] : []));
    expect(messages).toEqual(missed);
    socketB.socket.close();
  });

  it("tells both people's sockets when a block closes their conversation", async () => {
    const [a, b] = await connectedPair();
    const socketB = openSocket(b);
    await socketB.opened;
    const block = await call(a, "POST", `/api/user/block/${b.me._id}`);
    expect(block.statusCode).toBe(201);
    expect(await socketB.next((e) => e.type === "closed")).toEqual({
      type: "closed",
      userId: a.me._id,
    });
    socketB.socket.close();
  });

  it("says a person left when the server closes with their socket open, before the database goes", async () => {
    const closing = await createTestApp();
    await closing.listen({ port: 0, host: "127.0.0.1" });
    const [a, b] = await connectedPair(closing);
    const socketA = openSocket(a, { url: socketUrlOf(closing) });
    await socketA.opened;
    const socketB = openSocket(b, { url: socketUrlOf(closing) });
    await socketB.opened;
    await onlineFor(socketA, b);
    const publish = vi.spyOn(closing.chatHub, "publish");
    await closing.close();
    // The hub was asked to tell each one's connections (on this process, or on others through
    // Redis) while the database could still say who they are.
    for (const [user, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(publish).toHaveBeenCalledWith([other.me._id], {
        type: "presence",
        userId: user.me._id,
        online: false,
      });
    }
    expect(await socketA.closed).toBeGreaterThan(0);
  });
});

const multiProcess = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.skipIf(!multiProcess)("two server processes sharing PostgreSQL and Redis", () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    first = await createTestApp({ redisUrl });
    second = await createTestApp({ databaseUrl: first.config.databaseUrl, redisUrl });
    await first.listen({ port: 0, host: "127.0.0.1" });
    await second.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("delivers a message sent on one process to a socket on the other, with presence", async () => {
    const [a, b] = await connectedPair(first);
    const socketA = openSocket(a, { url: socketUrlOf(first) });
    await socketA.opened;
    const socketB = openSocket(b, { url: socketUrlOf(second) });
    await socketB.opened;
    await onlineFor(socketA, b);
    const list = await call(a, "GET", "/api/chat/conversations", undefined, first);
    expect(list.json().data[0].online).toBe(true);

    const sent = await sendMessage(a, b, "across processes", undefined, first);
    expect(await socketB.next(isMessage("across processes"))).toEqual({
      type: "message",
      message: sent,
    });
    socketA.socket.close();
    socketB.socket.close();
  });

  it("tells a socket on one process that a person left when the other process shuts down", async () => {
    const third = await createTestApp({
      databaseUrl: first.config.databaseUrl,
      redisUrl: process.env.TEST_REDIS_URL,
    });
    await third.listen({ port: 0, host: "127.0.0.1" });
    const [a, b] = await connectedPair(first);
    const socketA = openSocket(a, { url: socketUrlOf(third) });
    await socketA.opened;
    const socketB = openSocket(b, { url: socketUrlOf(second) });
    await socketB.opened;
    await onlineFor(socketB, a);
    await third.close();
    await socketB.next((e) => e.type === "presence" && e.userId === a.me._id && !e.online);
    const list = await call(b, "GET", "/api/chat/conversations", undefined, second);
    expect(list.json().data[0].online).toBe(false);
    socketB.socket.close();
  });
});
