import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import {
  CHAT_CLOSE_FORBIDDEN_ORIGIN,
  CHAT_CLOSE_TOO_MANY_FRAMES,
  CHAT_CLOSE_TOO_MANY_SOCKETS,
  CHAT_CLOSE_UNAUTHENTICATED,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_RESUME_PAGE_SIZE,
  CHAT_SOCKET_FRAME_BURST,
  CHAT_SOCKETS_PER_ACCOUNT,
  type ChatMessage,
  type ChatServerEvent,
  type Conversation,
  chatServerEventSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  call,
  connectedPair,
  createTestApp,
  logIn,
  resetPasswordThroughMail,
  type Session,
  sendMessage,
  signUpUser,
  uniqueEmail,
} from "../../../test/helpers.ts";
import { findConnectionId } from "../requests/service.ts";
import { type ChatSocket, MAX_BUFFERED_BYTES, sendEvent } from "./hub.ts";
import { findMessageById, insertMessage } from "./repository.ts";
import { isOwnPageOrigin } from "./socket.ts";

/** The `ws` client (a dependency of @fastify/websocket); Node 20 has no WebSocket of its own. */
type ClientSocket = {
  readyState: number;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "open", listener: () => void): void;
  on(event: "close", listener: (code: number, reason: Buffer) => void): void;
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
  await rm(app.config.outboxDir, { recursive: true, force: true });
});

function socketUrlOf(target: FastifyInstance): string {
  const { port } = target.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/chat/socket`;
}

async function conversations(user: Session): Promise<Conversation[]> {
  const response = await call(app, user, "GET", "/api/chat/conversations");
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
    // Every frame the server sends must match the shared schema the web client parses with.
    const event = chatServerEventSchema.parse(JSON.parse(data.toString()));
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
const isResumed = (event: ChatServerEvent) => event.type === "resumed";

function resume(listener: Listener, after: string) {
  listener.socket.send(JSON.stringify({ type: "resume", after }));
}

/**
 * Opens a socket and waits until the server has registered it: a resume is answered only then
 * (from an unknown message id, so with nothing).
 */
async function openReady(
  user: Session,
  options: { origin?: string; url?: string } = {},
): Promise<Listener> {
  const listener = openSocket(user, options);
  await listener.opened;
  resume(listener, randomUUID());
  await listener.next(isResumed);
  return listener;
}

/** Resolves with the close code, or fails after the deadline. */
function closedWithin(listener: Listener, ms = 3000): Promise<number> {
  return Promise.race([
    listener.closed,
    new Promise<number>((_, reject) =>
      setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms),
    ),
  ]);
}

/** Stores messages directly (the API would rate-limit them): from a to b, oldest first. */
async function storeMessages(a: Session, b: Session, count: number): Promise<ChatMessage[]> {
  const conversationId = await findConnectionId(app.db, a.me._id, b.me._id);
  if (!conversationId) throw new Error("not connected");
  const stored: ChatMessage[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await insertMessage(app.db, {
      conversationId,
      fromUserId: a.me._id,
      toUserId: b.me._id,
      text: `stored ${i}`,
      clientId: undefined,
    });
    const message = await findMessageById(app.db, a.me._id, id);
    if (!message) throw new Error("not stored");
    stored.push(message);
  }
  return stored;
}

/** Milliseconds /api/health takes to answer 200; fails past the deadline. */
async function healthWithin(ms: number, target = app): Promise<number> {
  const started = performance.now();
  const response = await Promise.race([
    target.inject({ method: "GET", url: "/api/health" }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`/api/health took over ${ms} ms`)), ms),
    ),
  ]);
  expect(response.statusCode).toBe(200);
  return performance.now() - started;
}

/** A second session of the user, as logging in on another device makes. */
async function logInAgain(user: Session, target = app): Promise<Session> {
  return { me: user.me, headers: await logIn(target, user.me.emailId) };
}

/**
 * Waits until the watcher hears that the user came online. The watcher must be registered
 * (openReady) before the user's socket opens, or it may miss the announcement.
 */
async function onlineFor(watcher: Listener, user: Session) {
  await watcher.next((e) => e.type === "presence" && e.userId === user.me._id && e.online);
}

describe("who may chat", () => {
  it("lets only the two connections read and write their conversation", async () => {
    const [a, b] = await connectedPair(app);
    const stranger = await signUpUser(app);
    await sendMessage(app, a, b, "hello Bo");

    for (const [user, other] of [
      [stranger, a],
      [stranger, b],
    ] as const) {
      const read = await call(app, user, "GET", `/api/chat/${other.me._id}/messages`);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain("hello Bo");
      const write = await call(app, user, "POST", `/api/chat/${other.me._id}/messages`, {
        text: "hi",
      });
      expect(write.statusCode).toBe(403);
    }
    expect(await conversations(stranger)).toEqual([]);
    const lastId = (await conversations(b))[0]?.lastMessage?._id;
    const mark = await call(app, stranger, "POST", `/api/chat/${a.me._id}/read`, {
      messageId: lastId,
    });
    expect(mark.statusCode).toBe(403);
  });

  it("refuses messages between people whose request is still pending", async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    await call(app, a, "POST", `/api/request/send/interested/${b.me._id}`);
    const write = await call(app, b, "POST", `/api/chat/${a.me._id}/messages`, { text: "hi" });
    expect(write.statusCode).toBe(403);
  });

  it("requires a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/chat/conversations" });
    expect(response.statusCode).toBe(401);
  });
});

describe("messages", () => {
  it("stores messages, pages history oldest first and lists conversations by last message", async () => {
    const [a, b] = await connectedPair(app);
    const [, c] = await connectedPair(app);
    // a and c are connected too
    const sent = await call(app, a, "POST", `/api/request/send/interested/${c.me._id}`);
    await call(app, c, "POST", `/api/request/review/accepted/${sent.json().data._id}`);

    for (let i = 1; i <= 5; i++) await sendMessage(app, i % 2 ? a : b, i % 2 ? b : a, `m${i}`);
    await sendMessage(app, c, a, "from c");

    const first = await call(app, a, "GET", `/api/chat/${b.me._id}/messages?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page.messages.map((m: ChatMessage) => m.text)).toEqual(["m4", "m5"]);
    const older = await call(
      app,
      a,
      "GET",
      `/api/chat/${b.me._id}/messages?limit=2&before=${page.nextBefore}`,
    );
    expect(older.json().data.messages.map((m: ChatMessage) => m.text)).toEqual(["m2", "m3"]);
    const oldest = await call(
      app,
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
    const [a, b] = await connectedPair(app);
    const first = await sendMessage(app, a, b, "only once", "client-1");
    const again = await sendMessage(app, a, b, "only once", "client-1");
    expect(again._id).toBe(first._id);
    const history = await call(app, b, "GET", `/api/chat/${a.me._id}/messages`);
    expect(history.json().data.messages).toHaveLength(1);
  });

  it("refuses an empty, blank or too long message", async () => {
    const [a, b] = await connectedPair(app);
    for (const text of ["", "   \n ", "x".repeat(2001)]) {
      const response = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, { text });
      expect(response.statusCode).toBe(400);
    }
    const longest = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, {
      text: "x".repeat(2000),
    });
    expect(longest.statusCode).toBe(201);
  });

  it("keeps exact unread counts with read markers that never move back", async () => {
    const [a, b] = await connectedPair(app);
    const m1 = await sendMessage(app, a, b, "one");
    const m2 = await sendMessage(app, a, b, "two");
    await sendMessage(app, a, b, "three");
    await sendMessage(app, b, a, "mine do not count for me");
    expect((await conversations(b))[0]?.unread).toBe(3);
    expect((await conversations(a))[0]?.unread).toBe(1);

    const read = await call(app, b, "POST", `/api/chat/${a.me._id}/read`, { messageId: m2._id });
    expect(read.json().data).toEqual({ unread: 1 });
    const back = await call(app, b, "POST", `/api/chat/${a.me._id}/read`, { messageId: m1._id });
    expect(back.json().data).toEqual({ unread: 1 });
    expect((await conversations(b))[0]?.unread).toBe(1);
    const unknown = await call(app, b, "POST", `/api/chat/${a.me._id}/read`, {
      messageId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it(`limits each person to ${CHAT_MESSAGES_PER_MINUTE} messages a minute`, async () => {
    const [a, b] = await connectedPair(app);
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await sendMessage(app, a, b, `n${i}`);
    const over = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, { text: "one more" });
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    // The other person is not limited by it.
    await sendMessage(app, b, a, "still fine");
  });
});

describe("GET /api/chat/socket", () => {
  it("closes a socket without a session with 4401", async () => {
    const listener = openSocket(undefined);
    expect(await listener.closed).toBe(CHAT_CLOSE_UNAUTHENTICATED);
  });

  it("closes a socket opened from another site with 4403, session or not", async () => {
    const [a] = await connectedPair(app);
    const listener = openSocket(a, { origin: "https://evil.example" });
    expect(await listener.closed).toBe(CHAT_CLOSE_FORBIDDEN_ORIGIN);
  });

  it("accepts the loopback spellings of a loopback public origin, same scheme and port", async () => {
    expect(app.config.publicOrigin).toBe("http://localhost:7777");
    const [a, b] = await connectedPair(app);
    for (const [index, origin] of ["http://127.0.0.1:7777", "http://[::1]:7777"].entries()) {
      const listener = await openReady(a, { origin });
      await sendMessage(app, b, a, `live through loopback ${index}`);
      await listener.next(isMessage(`live through loopback ${index}`));
      listener.socket.close();
    }
    for (const origin of [
      "http://127.0.0.1:7778",
      "https://127.0.0.1:7777",
      "http://127.0.0.2:7777",
      "http://localhost.evil.example:7777",
      "http://127.0.0.1:7777.evil.example",
      "null",
    ]) {
      const refused = openSocket(a, { origin });
      const reason = new Promise<string>((resolve) =>
        refused.socket.on("close", (_code, text) => resolve(text.toString())),
      );
      expect(await refused.closed, origin).toBe(CHAT_CLOSE_FORBIDDEN_ORIGIN);
      expect(await reason).toBe("Open http://localhost:7777");
    }
  });

  it("accepts only the public origin itself when it is not on this machine", () => {
    const origin = "https://kindred.example";
    expect(isOwnPageOrigin(origin, origin)).toBe(true);
    for (const other of [
      "http://localhost",
      "https://localhost",
      "https://127.0.0.1",
      "https://[::1]",
      "http://kindred.example",
      "https://kindred.example:8443",
      undefined,
    ]) {
      expect(isOwnPageOrigin(origin, other), other).toBe(false);
    }
    expect(isOwnPageOrigin("http://127.0.0.1:3000", "http://localhost:3000")).toBe(true);
    expect(isOwnPageOrigin("http://127.0.0.1:3000", "http://localhost:3001")).toBe(false);
  });

  it("answers a plain GET with the contract's error body", async () => {
    const response = await app.inject({ method: "GET", url: "/api/chat/socket" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, code: "WEBSOCKET_ONLY" });
  });

  it("delivers messages, read markers and presence in real time", async () => {
    const [a, b] = await connectedPair(app);
    const socketA = await openReady(a);
    const socketB = await openReady(b);
    await onlineFor(socketA, b);
    expect((await conversations(a))[0]?.online).toBe(true);

    const sent = await sendMessage(app, a, b, "live <b>text</b>");
    const received = await socketB.next(isMessage("live <b>text</b>"));
    expect(received).toEqual({ type: "message", message: sent });
    // The sender's other tabs hear it too.
    await socketA.next(isMessage("live <b>text</b>"));

    await call(app, b, "POST", `/api/chat/${a.me._id}/read`, { messageId: sent._id });
    // The reader's own tabs clear their badge; the sender sees "Seen" (receipts are on).
    expect(await socketB.next((e) => e.type === "read")).toEqual({
      type: "read",
      byUserId: b.me._id,
      withUserId: a.me._id,
      messageId: sent._id,
    });
    expect(await socketA.next((e) => e.type === "seen")).toEqual({
      type: "seen",
      userId: b.me._id,
      messageId: sent._id,
    });

    socketB.socket.close();
    await socketA.next((e) => e.type === "presence" && e.userId === b.me._id && !e.online);
    expect((await conversations(a))[0]?.online).toBe(false);
    socketA.socket.close();
  });

  it("sends a reconnecting client exactly the messages it missed, in one page", async () => {
    const [a, b] = await connectedPair(app);
    const seen = await sendMessage(app, a, b, "seen before the drop");
    // B's connection drops; A keeps writing.
    const missed = [
      await sendMessage(app, a, b, "missed 1"),
      await sendMessage(app, b, a, "sent from B's other device"),
      await sendMessage(app, a, b, "missed 2"),
    ];
    const socketB = openSocket(b);
    await socketB.opened;
    resume(socketB, seen._id);
    expect(await socketB.next(isResumed)).toEqual({
      type: "resumed",
      messages: missed,
      more: false,
      seen: [],
    });
    expect(socketB.events.filter((e) => e.type === "message")).toEqual([]);
    socketB.socket.close();
  });

  it(`answers a resume with at most ${CHAT_RESUME_PAGE_SIZE} messages and whether more remain`, async () => {
    const [a, b] = await connectedPair(app);
    const seen = await sendMessage(app, a, b, "seen before the drop");
    const missed = await storeMessages(a, b, CHAT_RESUME_PAGE_SIZE + 5);
    const socketB = openSocket(b);
    await socketB.opened;
    resume(socketB, seen._id);
    const first = await socketB.next(isResumed);
    expect(first).toEqual({
      type: "resumed",
      messages: missed.slice(0, CHAT_RESUME_PAGE_SIZE),
      more: true,
      seen: [],
    });
    // The client asks again from the last message it got.
    resume(socketB, missed[CHAT_RESUME_PAGE_SIZE - 1]?._id ?? "");
    const second = await socketB.next((e) => isResumed(e) && e !== first);
    expect(second).toEqual({
      type: "resumed",
      messages: missed.slice(CHAT_RESUME_PAGE_SIZE),
      more: false,
      seen: [],
    });
    socketB.socket.close();
  });

  it("runs one resume at a time: two sent at once get one page", async () => {
    const [a, b] = await connectedPair(app);
    const seen = await sendMessage(app, a, b, "seen");
    const missed = await storeMessages(a, b, 3);
    const socketB = openSocket(b);
    await socketB.opened;
    resume(socketB, seen._id);
    resume(socketB, seen._id);
    await socketB.next(isResumed);
    // A later resume is answered again, and only the pair's one page came before it.
    resume(socketB, missed[2]?._id ?? "");
    await socketB.next((e) => isResumed(e) && e.messages.length === 0);
    expect(socketB.events.filter(isResumed)).toEqual([
      { type: "resumed", messages: missed, more: false, seen: [] },
      { type: "resumed", messages: [], more: false, seen: [] },
    ]);
    socketB.socket.close();
  });

  it("answers a malformed frame with an error event and keeps the socket open", async () => {
    const [a, b] = await connectedPair(app);
    const seen = await sendMessage(app, a, b, "seen");
    const missed = await sendMessage(app, a, b, "missed");
    const socketB = openSocket(b);
    await socketB.opened;
    const frames = [
      "not json",
      "null",
      JSON.stringify({ type: "shout", text: "hi" }),
      JSON.stringify({ type: "resume", after: "not-a-message-id" }),
      JSON.stringify({ type: "resume", after: seen._id, junk: "x".repeat(100) }),
    ];
    for (const frame of frames) socketB.socket.send(frame);
    const errors = () => socketB.events.filter((e) => e.type === "error");
    await socketB.next(() => errors().length === frames.length);
    for (const error of errors()) expect(error).toMatchObject({ code: "BAD_EVENT" });
    resume(socketB, seen._id);
    expect(await socketB.next(isResumed)).toEqual({
      type: "resumed",
      seen: [],
      messages: [missed],
      more: false,
    });
    expect(socketB.socket.readyState).toBe(1);
    socketB.socket.close();
  });

  it("closes a flooding socket with 4408 while /api/health keeps answering within 2 s", async () => {
    const [a, b] = await connectedPair(app);
    const seen = await sendMessage(app, a, b, "seen");
    await storeMessages(a, b, 50);
    const flooder = openSocket(b);
    await flooder.opened;
    const frame = JSON.stringify({ type: "resume", after: seen._id });
    for (let i = 0; i < 20_000; i++) flooder.socket.send(frame);
    // Health asked again and again while the server reads the flood, and after the socket is
    // closed: the database is never left busy with the socket's work.
    for (let i = 0; i < 20; i++) await healthWithin(2000);
    expect(await closedWithin(flooder)).toBe(CHAT_CLOSE_TOO_MANY_FRAMES);
    await healthWithin(2000);
    // What it got back is bounded by its budget, not by what it sent.
    expect(flooder.events.length).toBeLessThanOrEqual(CHAT_SOCKET_FRAME_BURST);
    // A well-behaved socket of the same person still works.
    const calm = await openReady(b);
    await sendMessage(app, a, b, "after the flood");
    await calm.next(isMessage("after the flood"));
    calm.socket.close();
  });

  it(`closes an account's socket past ${CHAT_SOCKETS_PER_ACCOUNT} with 4409 and keeps the others`, async () => {
    const [a, b] = await connectedPair(app);
    const open: Listener[] = [];
    for (let i = 0; i < CHAT_SOCKETS_PER_ACCOUNT; i++) open.push(await openReady(b));
    const refused = openSocket(b);
    expect(await closedWithin(refused)).toBe(CHAT_CLOSE_TOO_MANY_SOCKETS);
    await sendMessage(app, a, b, "to every open tab");
    for (const listener of open) await listener.next(isMessage("to every open tab"));
    // Closing one makes room for another.
    const [firstOpen] = open;
    firstOpen?.socket.close();
    await firstOpen?.closed;
    await expect
      .poll(async () => {
        const next = openSocket(b);
        const code = await Promise.race([
          next.closed,
          next.opened.then(() => {
            resume(next, randomUUID());
            return next.next(isResumed).then(() => 0);
          }),
        ]);
        next.socket.close();
        return code;
      })
      .toBe(0);
    for (const listener of open) listener.socket.close();
  });

  it("tells both people's sockets when a block closes their conversation", async () => {
    const [a, b] = await connectedPair(app);
    const socketB = openSocket(b);
    await socketB.opened;
    const block = await call(app, a, "POST", `/api/user/block/${b.me._id}`);
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

describe("a socket that does not read", () => {
  it("is cut instead of having more queued for it", () => {
    const calls: string[] = [];
    const socket: ChatSocket = {
      readyState: 1,
      bufferedAmount: MAX_BUFFERED_BYTES + 1,
      send: () => calls.push("send"),
      close: () => calls.push("close"),
      terminate: () => calls.push("terminate"),
    };
    sendEvent(socket, { type: "presence", userId: "someone", online: true });
    expect(calls).toEqual(["terminate"]);
    sendEvent({ ...socket, bufferedAmount: 0 }, { type: "presence", userId: "x", online: true });
    expect(calls).toEqual(["terminate", "send"]);
  });
});

describe("the end of a session reaches its sockets", () => {
  it("closes the socket with 4401 on logout, before a later message reaches it", async () => {
    const [a, b] = await connectedPair(app);
    const socketB = await openReady(b);
    const logout = await call(app, b, "POST", "/api/logout");
    expect(logout.statusCode).toBe(200);
    await sendMessage(app, a, b, "after the logout");
    expect(await closedWithin(socketB)).toBe(CHAT_CLOSE_UNAUTHENTICATED);
    expect(socketB.events.some(isMessage("after the logout"))).toBe(false);
    // The ended session cannot open another.
    expect(await closedWithin(openSocket(b))).toBe(CHAT_CLOSE_UNAUTHENTICATED);
  });

  it("leaves the person's other sessions' sockets open on logout", async () => {
    const email = uniqueEmail();
    const [a] = await connectedPair(app);
    const b = await signUpUser(app, { emailId: email });
    const sent = await call(app, a, "POST", `/api/request/send/interested/${b.me._id}`);
    await call(app, b, "POST", `/api/request/review/accepted/${sent.json().data._id}`);
    const phone = await logInAgain(b);
    const laptopSocket = await openReady(b);
    const phoneSocket = await openReady(phone);
    await call(app, b, "POST", "/api/logout");
    expect(await closedWithin(laptopSocket)).toBe(CHAT_CLOSE_UNAUTHENTICATED);
    await sendMessage(app, a, b, "still on the phone");
    await phoneSocket.next(isMessage("still on the phone"));
    phoneSocket.socket.close();
  });

  it("closes every socket of the account with 4401 on a password reset", async () => {
    const email = uniqueEmail();
    const b = await signUpUser(app, { emailId: email });
    const phone = await logInAgain(b);
    const sockets = [await openReady(b), await openReady(phone)];
    await resetPasswordThroughMail(app, email, "a brand new password 2");
    for (const socket of sockets) {
      expect(await closedWithin(socket)).toBe(CHAT_CLOSE_UNAUTHENTICATED);
    }
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
    const socketA = await openReady(a, { url: socketUrlOf(first) });
    const socketB = await openReady(b, { url: socketUrlOf(second) });
    await onlineFor(socketA, b);
    const list = await call(first, a, "GET", "/api/chat/conversations");
    expect(list.json().data[0].online).toBe(true);

    const sent = await sendMessage(first, a, b, "across processes");
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
    // B is registered first, so it cannot miss A coming online.
    const socketB = await openReady(b, { url: socketUrlOf(second) });
    await openReady(a, { url: socketUrlOf(third) });
    await onlineFor(socketB, a);
    await third.close();
    await socketB.next((e) => e.type === "presence" && e.userId === a.me._id && !e.online);
    const list = await call(second, b, "GET", "/api/chat/conversations");
    expect(list.json().data[0].online).toBe(false);
    socketB.socket.close();
  });

  it(`caps an account at ${CHAT_SOCKETS_PER_ACCOUNT} sockets over both processes`, async () => {
    const [, b] = await connectedPair(first);
    const open: Listener[] = [];
    for (let i = 0; i < CHAT_SOCKETS_PER_ACCOUNT; i++) {
      open.push(await openReady(b, { url: socketUrlOf(i % 2 ? second : first) }));
    }
    for (const target of [first, second]) {
      const refused = openSocket(b, { url: socketUrlOf(target) });
      expect(await closedWithin(refused)).toBe(CHAT_CLOSE_TOO_MANY_SOCKETS);
    }
    for (const listener of open) listener.socket.close();
  });

  it("closes a socket on the other process when its session logs out", async () => {
    const [a, b] = await connectedPair(first);
    const socketB = await openReady(b, { url: socketUrlOf(second) });
    const logout = await call(first, b, "POST", "/api/logout");
    expect(logout.statusCode).toBe(200);
    await sendMessage(first, a, b, "after the logout elsewhere");
    expect(await closedWithin(socketB)).toBe(CHAT_CLOSE_UNAUTHENTICATED);
    expect(socketB.events.some(isMessage("after the logout elsewhere"))).toBe(false);
  });

  it("closes the account's sockets on every process on a password reset", async () => {
    const email = uniqueEmail();
    const b = await signUpUser(first, { emailId: email });
    const phone = await logInAgain(b, first);
    const sockets = [
      await openReady(b, { url: socketUrlOf(first) }),
      await openReady(phone, { url: socketUrlOf(second) }),
    ];
    await resetPasswordThroughMail(first, email, "a brand new password 2");
    for (const socket of sockets) {
      expect(await closedWithin(socket)).toBe(CHAT_CLOSE_UNAUTHENTICATED);
    }
  });
});
