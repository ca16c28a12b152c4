import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import {
  CHAT_CLOSE_TOO_MANY_FRAMES,
  CHAT_PHOTOS_PER_MESSAGE,
  type ChatMessage,
  type ChatServerEvent,
  chatServerEventSchema,
} from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  connectedPair,
  createTestApp,
  multipart,
  notificationsOf,
  type Session,
  sendMessage,
  signUpUser,
} from "../../../test/helpers.ts";
import { selectRows } from "../../db/rows.ts";
import { findConnectionId } from "../requests/service.ts";
import { insertMessage } from "./repository.ts";

// What a client sees of the chat's edits, deletion, replies, reactions, typing, "Seen", unread
// and search, photos, resumes and the export: status codes, bodies and socket events.

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
  const { port } = app.server.address() as AddressInfo;
  socketUrl = `ws://127.0.0.1:${port}/api/chat/socket`;
});
afterAll(async () => {
  await app.close();
  await rm(app.config.outboxDir, { recursive: true, force: true });
});

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

function openSocket(user: Session): Listener {
  const headers: Record<string, string> = {
    origin: app.config.publicOrigin,
    cookie: user.headers.cookie,
  };
  const socket = new WebSocketClient(socketUrl, { headers });
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

type EventOf<T extends ChatServerEvent["type"]> = Extract<ChatServerEvent, { type: T }>;

const isMessage = (text: string) => (event: ChatServerEvent) =>
  event.type === "message" && event.message.text === text;
const isResumed = (event: ChatServerEvent) => event.type === "resumed";
const ofType =
  <T extends ChatServerEvent["type"]>(type: T) =>
  (events: ChatServerEvent[]): EventOf<T>[] =>
    events.filter((event): event is EventOf<T> => event.type === type);
const typingEvents = ofType("typing");
const seenEvents = ofType("seen");

function resume(listener: Listener, after: string) {
  listener.socket.send(JSON.stringify({ type: "resume", after }));
}

/**
 * A resume from an unknown message id, answered once the server has handled every frame the
 * socket sent before it (frames are handled in order).
 */
async function roundTrip(listener: Listener): Promise<void> {
  const before = listener.events.filter(isResumed).length;
  resume(listener, randomUUID());
  await listener.next(() => listener.events.filter(isResumed).length > before);
}

/** Opens a socket and waits until the server has registered it. */
async function openReady(user: Session): Promise<Listener> {
  const listener = openSocket(user);
  await listener.opened;
  await roundTrip(listener);
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

/**
 * Stores messages directly (the API would rate-limit them): from a to b, oldest first, with the
 * texts given; their ids.
 */
async function storeMessages(a: Session, b: Session, texts: string[]): Promise<string[]> {
  const conversationId = await findConnectionId(app.db, a.me._id, b.me._id);
  if (!conversationId) throw new Error("not connected");
  const ids: string[] = [];
  for (const text of texts) {
    const { id } = await insertMessage(app.db, {
      conversationId,
      fromUserId: a.me._id,
      toUserId: b.me._id,
      text,
      clientId: undefined,
    });
    ids.push(id);
  }
  return ids;
}

/** Two people connected, and a third who is connected to neither. */
async function pairAndStranger(): Promise<[Session, Session, Session]> {
  const [a, b] = await connectedPair(app);
  const c = await signUpUser(app, { firstName: "Cy" });
  return [a, b, c];
}

/** The messages of the conversation with `other`, as `user` sees them (one page). */
async function history(user: Session, other: Session, query = ""): Promise<ChatMessage[]> {
  const response = await call(app, user, "GET", `/api/chat/${other.me._id}/messages${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.messages;
}

async function unreadCounts(user: Session) {
  const response = await call(app, user, "GET", "/api/notifications/unread");
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const messagePath = (id: string) => `/api/chat/messages/${id}`;
const reactionPath = (id: string, emoji: string) =>
  `/api/chat/messages/${id}/reactions/${encodeURIComponent(emoji)}`;

/** A chat message with more than text (201 expected): the message as stored. */
async function sendWith(
  from: Session,
  to: Session,
  body: { text?: string; replyTo?: string; photos?: string[] },
): Promise<ChatMessage> {
  const response = await call(app, from, "POST", `/api/chat/${to.me._id}/messages`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

// ---------- photos ----------

/** A phone photo: stored sideways (1600×1200) with EXIF Orientation 6 and a GPS position. */
async function phonePhoto(colour = "#2e86c1"): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phone", Orientation: "6" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** POST /api/chat/photos with the picture in the field `photo`. */
function uploadChatPhoto(user: Session, data: Buffer) {
  const body = multipart([{ name: "photo", filename: "photo.jpg", type: "image/jpeg", data }]);
  return app.inject({
    method: "POST",
    url: "/api/chat/photos",
    headers: { ...user.headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

/** An uploaded, unsent chat photo's id (201 expected). */
async function uploadedPhoto(user: Session): Promise<string> {
  const response = await uploadChatPhoto(user, await phonePhoto());
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id;
}

/** GET a photo address as `user` (signed out when undefined). */
function fetchPhoto(url: string, user?: Session) {
  return app.inject({ method: "GET", url, ...(user ? { headers: user.headers } : {}) });
}

// The picture is 1600×1200 pixels stored sideways: upright 1200×1600, fit in 1080×1620.
const UPRIGHT_LARGE = { width: 1080, height: 1440 };

describe("chat parity", () => {
  it("edits a message: the author only, the other person's socket hears it, no notification", async () => {
    const [a, b, c] = await pairAndStranger();
    // Sent while B is away: B gets a notification for the message itself.
    const sent = await sendMessage(app, a, b, "first draft");
    const socketB = await openReady(b);
    const notificationsBefore = await notificationsOf(app, b);
    const countsBefore = await unreadCounts(b);
    expect(notificationsBefore.length).toBeGreaterThan(0);

    const edit = await call(app, a, "PATCH", messagePath(sent._id), { text: "second draft" });
    expect(edit.statusCode).toBe(200);
    const edited = edit.json().data as ChatMessage;
    expect(edited).toMatchObject({
      _id: sent._id,
      text: "second draft",
      editedAt: expect.any(String),
      deletedAt: null,
    });
    expect(edited.editedAt).not.toBeNull();
    expect(await socketB.next((e) => e.type === "edited")).toEqual({
      type: "edited",
      messageId: sent._id,
      text: "second draft",
      editedAt: edited.editedAt,
      fromUserId: a.me._id,
      toUserId: b.me._id,
    });
    const seenByB = (await history(b, a)).find((m) => m._id === sent._id);
    expect(seenByB).toMatchObject({ text: "second draft", editedAt: edited.editedAt });

    const byOther = await call(app, b, "PATCH", messagePath(sent._id), { text: "not mine" });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().code).toBe("NOT_YOUR_MESSAGE");
    for (const id of [randomUUID(), "not-a-message-id"]) {
      const unknown = await call(app, a, "PATCH", messagePath(id), { text: "where?" });
      expect(unknown.statusCode, id).toBe(404);
    }
    for (const text of ["", "   \n "]) {
      const empty = await call(app, a, "PATCH", messagePath(sent._id), { text });
      expect(empty.statusCode, JSON.stringify(text)).toBe(400);
    }
    const stranger = await call(app, c, "PATCH", messagePath(sent._id), { text: "hijack" });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain("second draft");

    // Nothing of that changed the text, and B's notifications and badges are as they were.
    expect((await history(a, b)).find((m) => m._id === sent._id)?.text).toBe("second draft");
    expect(await notificationsOf(app, b)).toEqual(notificationsBefore);
    expect(await unreadCounts(b)).toEqual(countsBefore);
    expect(socketB.events.filter((e) => e.type === "notification")).toEqual([]);
    socketB.socket.close();
  });

  it("deletes a message for both, leaving nothing of its text behind", async () => {
    const [a, b] = await connectedPair(app);
    const socketB = await openReady(b);
    const sent = await sendMessage(app, a, b, "regret this");
    const edit = await call(app, a, "PATCH", messagePath(sent._id), { text: "regret this more" });
    expect(edit.statusCode).toBe(200);
    const editsOf = async () => {
      const [row] = await selectRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from chat_message_edits where message_id = ${sent._id}`,
      );
      return Number(row?.n);
    };
    // The edit kept the earlier text, until the deletion.
    expect(await editsOf()).toBe(1);
    const reacted = await call(app, b, "PUT", reactionPath(sent._id, "😮"));
    expect(reacted.statusCode).toBe(200);

    const removed = await call(app, a, "DELETE", messagePath(sent._id));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ _id: sent._id });
    const deleted = await socketB.next((e) => e.type === "deleted");
    expect(deleted).toEqual({
      type: "deleted",
      messageId: sent._id,
      fromUserId: a.me._id,
      toUserId: b.me._id,
      deletedAt: expect.any(String),
    });

    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const shown = (await history(viewer, other)).find((m) => m._id === sent._id);
      expect(shown).toMatchObject({
        text: "",
        deletedAt: (deleted as EventOf<"deleted">).deletedAt,
        reactions: [],
        photos: [],
      });
    }

    const reply = await sendWith(b, a, { text: "what did you say?", replyTo: sent._id });
    expect(reply.replyTo).toEqual({
      _id: sent._id,
      fromUserId: a.me._id,
      excerpt: "",
      deleted: true,
      photos: 0,
    });

    const editAfter = await call(app, a, "PATCH", messagePath(sent._id), { text: "back" });
    expect(editAfter.statusCode).toBe(404);
    expect(editAfter.json().code).toBe("MESSAGE_DELETED");
    const reactAfter = await call(app, b, "PUT", reactionPath(sent._id, "👍"));
    expect(reactAfter.statusCode).toBe(404);
    expect(reactAfter.json().code).toBe("MESSAGE_DELETED");
    const deleteAgain = await call(app, a, "DELETE", messagePath(sent._id));
    expect(deleteAgain.statusCode).toBe(404);

    expect(await editsOf()).toBe(0);
    const [stored] = await selectRows<{ text: string; reactions: number }>(
      app.db,
      sql`select text, (select count(*) from chat_reactions r where r.message_id = m.id)::int
          as reactions from chat_messages m where id = ${sent._id}`,
    );
    expect(stored).toEqual({ text: "", reactions: 0 });
    socketB.socket.close();
  });

  it("quotes the message a reply answers, from the same conversation only", async () => {
    const [a, b] = await connectedPair(app);
    const [x, y] = await connectedPair(app, ["Xan", "Yu"]);
    const elsewhere = await sendMessage(app, x, y, "far");
    const original = await sendMessage(app, a, b, "the first line\nand a second one");
    const reply = await sendWith(b, a, { text: "agreed", replyTo: original._id });
    expect(reply.replyTo).toEqual({
      _id: original._id,
      fromUserId: a.me._id,
      excerpt: "the first line",
      deleted: false,
      photos: 0,
    });
    // As the other person reads it too.
    expect((await history(a, b)).find((m) => m._id === reply._id)?.replyTo).toEqual(reply.replyTo);

    const foreign = await call(app, b, "POST", `/api/chat/${a.me._id}/messages`, {
      text: "to a message elsewhere",
      replyTo: elsewhere._id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe("REPLY_NOT_FOUND");
    const unknown = await call(app, b, "POST", `/api/chat/${a.me._id}/messages`, {
      text: "to nothing",
      replyTo: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect((await history(a, b)).map((m) => m.text)).toEqual([
      "the first line\nand a second one",
      "agreed",
    ]);
  });

  it("counts reactions of the six, once per person, live and without notifications", async () => {
    const [a, b, c] = await pairAndStranger();
    const socketA = await openReady(a);
    const socketB = await openReady(b);
    const sent = await sendMessage(app, a, b, "react to me");
    const notificationsBefore = [await notificationsOf(app, a), await notificationsOf(app, b)];

    const first = await call(app, a, "PUT", reactionPath(sent._id, "👍"));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual([{ emoji: "👍", count: 1, mine: true }]);
    const again = await call(app, a, "PUT", reactionPath(sent._id, "👍"));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual([{ emoji: "👍", count: 1, mine: true }]);

    const fromB = await call(app, b, "PUT", reactionPath(sent._id, "👍"));
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().data).toEqual([{ emoji: "👍", count: 2, mine: true }]);
    const both = (await socketA.next(
      (e) => e.type === "reactions" && e.reactions[0]?.userIds.length === 2,
    )) as EventOf<"reactions">;
    expect(both).toMatchObject({
      messageId: sent._id,
      fromUserId: a.me._id,
      toUserId: b.me._id,
    });
    expect(both.reactions).toHaveLength(1);
    expect(both.reactions[0]?.emoji).toBe("👍");
    expect([...(both.reactions[0]?.userIds ?? [])].sort()).toEqual([a.me._id, b.me._id].sort());
    await socketB.next((e) => e.type === "reactions" && e.reactions[0]?.userIds.length === 2);
    expect((await history(a, b)).find((m) => m._id === sent._id)?.reactions).toEqual([
      { emoji: "👍", count: 2, mine: true },
    ]);

    const back = await call(app, a, "DELETE", reactionPath(sent._id, "👍"));
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toEqual([{ emoji: "👍", count: 1, mine: false }]);
    expect(
      // The event after the take-back (the first one, A's alone, came before).
      await socketB.next(
        (e) => e.type === "reactions" && e.reactions[0]?.userIds.join() === b.me._id,
      ),
    ).toEqual({
      type: "reactions",
      messageId: sent._id,
      fromUserId: a.me._id,
      toUserId: b.me._id,
      reactions: [{ emoji: "👍", userIds: [b.me._id] }],
    });
    expect((await history(b, a)).find((m) => m._id === sent._id)?.reactions).toEqual([
      { emoji: "👍", count: 1, mine: true },
    ]);

    for (const emoji of ["🔥", "x"]) {
      const bad = await call(app, a, "PUT", reactionPath(sent._id, emoji));
      expect(bad.statusCode, emoji).toBe(400);
      expect(bad.json().code).toBe("BAD_REACTION");
    }
    const stranger = await call(app, c, "PUT", reactionPath(sent._id, "❤️"));
    expect(stranger.statusCode).toBe(404);
    const unknown = await call(app, a, "PUT", reactionPath(randomUUID(), "❤️"));
    expect(unknown.statusCode).toBe(404);

    expect([await notificationsOf(app, a), await notificationsOf(app, b)]).toEqual(
      notificationsBefore,
    );
    for (const socket of [socketA, socketB]) {
      expect(socket.events.filter((e) => e.type === "notification")).toEqual([]);
      socket.socket.close();
    }
  });

  it("tells the other person once that someone is typing, only a connection, and cuts a flood", async () => {
    const [a, b] = await connectedPair(app);
    const [c, d] = await connectedPair(app, ["Cy", "Di"]);
    const socketA = await openReady(a);
    const socketB = await openReady(b);
    const socketC = await openReady(c);

    const typingTo = (listener: Listener, to: Session) =>
      listener.socket.send(JSON.stringify({ type: "typing", to: to.me._id }));
    typingTo(socketA, b);
    typingTo(socketA, b);
    // Both frames are handled by the time A's resume is answered.
    await roundTrip(socketA);
    expect(await socketB.next((e) => e.type === "typing")).toEqual({
      type: "typing",
      userId: a.me._id,
    });
    await sendMessage(app, a, b, "done typing");
    await socketB.next(isMessage("done typing"));
    expect(typingEvents(socketB.events)).toEqual([{ type: "typing", userId: a.me._id }]);
    // The typist's own socket is not told.
    expect(typingEvents(socketA.events)).toEqual([]);

    // To someone who is not a connection (another socket of A: its own typing interval).
    const otherSocketA = await openReady(a);
    typingTo(otherSocketA, c);
    await roundTrip(otherSocketA);
    await sendMessage(app, d, c, "a later message");
    await socketC.next(isMessage("a later message"));
    expect(typingEvents(socketC.events)).toEqual([]);

    const flooder = await openReady(a);
    const frame = JSON.stringify({ type: "typing", to: b.me._id });
    for (let i = 0; i < 200; i++) flooder.socket.send(frame);
    expect(await closedWithin(flooder)).toBe(CHAT_CLOSE_TOO_MANY_FRAMES);
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    for (const socket of [socketA, socketB, socketC, otherSocketA]) socket.socket.close();
  });

  it("shows 'Seen' only while both have read receipts on, and keeps the settings", async () => {
    const [a, b] = await connectedPair(app);
    const socketA = await openReady(a);
    const socketB = await openReady(b);
    const first = await sendMessage(app, a, b, "read me");
    const read = await call(app, b, "POST", `/api/chat/${a.me._id}/read`, {
      messageId: first._id,
    });
    expect(read.statusCode).toBe(200);
    expect(await socketA.next((e) => e.type === "seen")).toEqual({
      type: "seen",
      userId: b.me._id,
      messageId: first._id,
    });
    expect((await history(a, b)).find((m) => m._id === first._id)?.readByOther).toBe(true);

    const off = await call(app, a, "PUT", "/api/account/settings", { readReceipts: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ readReceipts: false, timeZone: null, locale: "en" });

    const second = await sendMessage(app, a, b, "read me too");
    const readAgain = await call(app, b, "POST", `/api/chat/${a.me._id}/read`, {
      messageId: second._id,
    });
    expect(readAgain.statusCode).toBe(200);
    // Anything said about that read came before this message.
    await sendMessage(app, b, a, "a later one");
    await socketA.next(isMessage("a later one"));
    expect(seenEvents(socketA.events)).toHaveLength(1);
    const mineForA = (await history(a, b)).filter((m) => m.fromUserId === a.me._id);
    expect(mineForA.map((m) => m.text)).toEqual(["read me", "read me too"]);
    for (const message of mineForA) expect(message.readByOther, message.text).toBe(false);

    // Receipts off for one: neither sees them. A reads B's message; B is not told it was seen.
    const fromB = (await history(a, b)).at(-1) as ChatMessage;
    expect(fromB.text).toBe("a later one");
    const readByA = await call(app, a, "POST", `/api/chat/${b.me._id}/read`, {
      messageId: fromB._id,
    });
    expect(readByA.statusCode).toBe(200);
    await sendMessage(app, a, b, "after reading");
    await socketB.next(isMessage("after reading"));
    expect(seenEvents(socketB.events)).toEqual([]);
    for (const message of (await history(b, a)).filter((m) => m.fromUserId === b.me._id)) {
      expect(message.readByOther, message.text).toBe(false);
    }

    const empty = await call(app, a, "PUT", "/api/account/settings", {});
    expect(empty.statusCode).toBe(400);
    const nowhere = await call(app, a, "PUT", "/api/account/settings", {
      timeZone: "Nowhere/Else",
    });
    expect(nowhere.statusCode).toBe(400);
    const madrid = await call(app, a, "PUT", "/api/account/settings", {
      timeZone: "Europe/Madrid",
    });
    expect(madrid.statusCode).toBe(200);
    expect(madrid.json().data).toEqual({
      readReceipts: false,
      timeZone: "Europe/Madrid",
      locale: "en",
    });
    const settings = await call(app, a, "GET", "/api/account/settings");
    expect(settings.statusCode).toBe(200);
    expect(settings.json().data).toEqual({
      readReceipts: false,
      timeZone: "Europe/Madrid",
      locale: "en",
    });
    // B's own settings are untouched.
    const ofB = await call(app, b, "GET", "/api/account/settings");
    expect(ofB.json().data).toEqual({ readReceipts: true, timeZone: null, locale: "en" });
    socketA.socket.close();
    socketB.socket.close();
  });

  it("finds the first unread, pages around and after it, and searches words", async () => {
    const [a, b] = await connectedPair(app);
    const texts = Array.from({ length: 300 }, (_, i) =>
      i === 12 ? "stored 12 zebracorn" : `stored ${i}`,
    );
    const ids = await storeMessages(a, b, texts);
    const read = await call(app, b, "POST", `/api/chat/${a.me._id}/read`, {
      messageId: ids[259],
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ unread: 40 });

    const unread = await call(app, b, "GET", `/api/chat/${a.me._id}/unread`);
    expect(unread.statusCode).toBe(200);
    expect(unread.json().data).toEqual({ firstUnreadId: ids[260], count: 40 });
    // A has nothing unread from B.
    const forA = await call(app, a, "GET", `/api/chat/${b.me._id}/unread`);
    expect(forA.json().data).toEqual({ firstUnreadId: null, count: 0 });

    const around = await call(
      app,
      b,
      "GET",
      `/api/chat/${a.me._id}/messages?around=${ids[260]}&limit=50`,
    );
    expect(around.statusCode).toBe(200);
    const page = around.json().data as {
      messages: ChatMessage[];
      nextBefore: string | null;
      nextAfter: string | null;
    };
    const pageIds = page.messages.map((m) => m._id);
    expect(pageIds).toHaveLength(50);
    const at = pageIds.indexOf(ids[260] as string);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(25);
    // In order, without gaps.
    const start = ids.indexOf(pageIds[0] as string);
    expect(pageIds).toEqual(ids.slice(start, start + 50));
    expect(page.nextBefore).not.toBeNull();
    expect(page.nextAfter).not.toBeNull();

    const lastId = pageIds.at(-1) as string;
    const after = await call(app, b, "GET", `/api/chat/${a.me._id}/messages?after=${lastId}`);
    expect(after.statusCode).toBe(200);
    const afterIds = after.json().data.messages.map((m: ChatMessage) => m._id);
    expect(afterIds).toEqual(ids.slice(ids.indexOf(lastId) + 1));
    expect(after.json().data.nextAfter).toBeNull();

    const found = await call(app, b, "GET", `/api/chat/${a.me._id}/messages?q=zebracorn`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.messages.map((m: ChatMessage) => [m._id, m.text])).toEqual([
      [ids[12], "stored 12 zebracorn"],
    ]);
    const nothing = await call(app, b, "GET", `/api/chat/${a.me._id}/messages?q=quokkaroo`);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().data.messages).toEqual([]);

    // One page at a time: q wins over around, around over after, after over before.
    const both = await call(
      app,
      b,
      "GET",
      `/api/chat/${a.me._id}/messages?around=${ids[5]}&q=zebracorn`,
    );
    expect(both.json().data.messages.map((m: ChatMessage) => m._id)).toEqual([ids[12]]);
    const newer = await call(
      app,
      b,
      "GET",
      `/api/chat/${a.me._id}/messages?before=${ids[5]}&after=${ids[1]}&limit=2`,
    );
    expect(newer.json().data.messages.map((m: ChatMessage) => m._id)).toEqual([ids[2], ids[3]]);
    const [c, d] = await connectedPair(app);
    const elsewhere = await sendMessage(app, c, d, "elsewhere");
    const foreign = await call(
      app,
      b,
      "GET",
      `/api/chat/${a.me._id}/messages?around=${elsewhere._id}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("sends photos upright and bare, to the conversation's two only, and deletes their files", async () => {
    const [a, b, c] = await pairAndStranger();
    const original = await phonePhoto();
    const input = await sharp(original).metadata();
    expect(input.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the input's EXIF.
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const upload = await uploadChatPhoto(a, original);
    expect(upload.statusCode, upload.body).toBe(201);
    const photoId = upload.json().data._id as string;
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/);

    const sent = await sendWith(a, b, { text: "", photos: [photoId] });
    expect(sent.text).toBe("");
    expect(sent.photos).toHaveLength(1);
    const [photo] = sent.photos;
    expect(photo).toMatchObject({
      _id: photoId,
      thumb: `/api/chat/photos/chat-${photoId}-card.webp`,
      large: `/api/chat/photos/chat-${photoId}-large.webp`,
      ...UPRIGHT_LARGE,
    });
    const large = photo?.large as string;
    for (const viewer of [a, b]) {
      const served = await fetchPhoto(large, viewer);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect({ width: meta.width, height: meta.height }).toEqual(UPRIGHT_LARGE);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const thumb = await fetchPhoto(photo?.thumb as string, viewer);
      expect(thumb.statusCode).toBe(200);
    }
    expect((await fetchPhoto(large)).statusCode).toBe(404);
    expect((await fetchPhoto(large, c)).statusCode).toBe(404);

    const again = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, {
      text: "",
      photos: [photoId],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("PHOTO_NOT_YOURS");
    const ofB = await uploadedPhoto(b);
    const notMine = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, {
      text: "yours",
      photos: [ofB],
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().code).toBe("PHOTO_NOT_YOURS");
    // B's unsent photo is B's alone.
    expect((await fetchPhoto(`/api/chat/photos/chat-${ofB}-large.webp`, b)).statusCode).toBe(200);
    expect((await fetchPhoto(`/api/chat/photos/chat-${ofB}-large.webp`, a)).statusCode).toBe(404);
    const tooMany = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, {
      text: "",
      photos: Array.from({ length: CHAT_PHOTOS_PER_MESSAGE + 1 }, () => randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
    // None of the refused messages was stored.
    expect((await history(a, b)).map((m) => m._id)).toEqual([sent._id]);

    const removed = await call(app, a, "DELETE", messagePath(sent._id));
    expect(removed.statusCode).toBe(200);
    expect((await fetchPhoto(large, a)).statusCode).toBe(404);
    expect((await fetchPhoto(large, b)).statusCode).toBe(404);
    for (const name of [`chat-${photoId}-large.webp`, `chat-${photoId}-card.webp`]) {
      expect(await app.photoStorage.get(name), name).toBeNull();
    }
  });

  it("carries the changes since and where reading moved in a resume", async () => {
    const [a, b] = await connectedPair(app);
    const socketB = await openReady(b);
    const toEdit = await sendMessage(app, a, b, "to be edited");
    const toReact = await sendMessage(app, b, a, "to be reacted to");
    const toDelete = await sendMessage(app, a, b, "to be deleted");
    const newest = await sendMessage(app, b, a, "the newest B knows");
    await socketB.next(isMessage("the newest B knows"));
    socketB.socket.close();
    await socketB.closed;

    const edit = await call(app, a, "PATCH", messagePath(toEdit._id), { text: "edited meanwhile" });
    expect(edit.statusCode).toBe(200);
    const react = await call(app, a, "PUT", reactionPath(toReact._id, "❤️"));
    expect(react.statusCode).toBe(200);
    const removed = await call(app, a, "DELETE", messagePath(toDelete._id));
    expect(removed.statusCode).toBe(200);
    const read = await call(app, a, "POST", `/api/chat/${b.me._id}/read`, {
      messageId: newest._id,
    });
    expect(read.statusCode).toBe(200);

    const back = openSocket(b);
    await back.opened;
    resume(back, newest._id);
    const resumed = (await back.next(isResumed)) as EventOf<"resumed">;
    expect(resumed.more).toBe(false);
    const byId = new Map(resumed.messages.map((m) => [m._id, m]));
    expect(byId.get(toEdit._id)).toMatchObject({
      text: "edited meanwhile",
      editedAt: edit.json().data.editedAt,
      deletedAt: null,
    });
    expect(byId.get(toReact._id)).toMatchObject({
      text: "to be reacted to",
      reactions: [{ emoji: "❤️", count: 1, mine: false }],
    });
    expect(byId.get(toDelete._id)).toMatchObject({ text: "", deletedAt: expect.any(String) });
    expect(byId.has(newest._id)).toBe(false);
    expect(resumed.seen).toEqual([{ userId: a.me._id, messageId: newest._id }]);
    back.socket.close();
  });

  it("exports messages with their edits, replies, reactions and photos", async () => {
    const [a, b] = await connectedPair(app);
    const edited = await sendMessage(app, a, b, "before the edit");
    const edit = await call(app, a, "PATCH", messagePath(edited._id), { text: "after the edit" });
    expect(edit.statusCode).toBe(200);
    const reacted = await sendMessage(app, b, a, "react here");
    expect((await call(app, a, "PUT", reactionPath(reacted._id, "😂"))).statusCode).toBe(200);
    expect((await call(app, b, "PUT", reactionPath(edited._id, "🙏"))).statusCode).toBe(200);
    const reply = await sendWith(a, b, { text: "a reply", replyTo: reacted._id });
    const photoId = await uploadedPhoto(a);
    const withPhoto = await sendWith(a, b, { text: "look", photos: [photoId] });

    const exported = await call(app, a, "GET", "/api/account/export");
    expect(exported.statusCode).toBe(200);
    const messages = exported.json().messages as {
      _id: string;
      text: string;
      editedAt: string | null;
      replyTo: string | null;
      reactions: { emoji: string; by: string }[];
      photos: string[];
    }[];
    const byId = new Map(messages.map((m) => [m._id, m]));
    expect(byId.get(edited._id)).toMatchObject({
      text: "after the edit",
      editedAt: edit.json().data.editedAt,
      replyTo: null,
      reactions: [{ emoji: "🙏", by: "them" }],
      photos: [],
    });
    expect(byId.get(reacted._id)).toMatchObject({
      direction: "received",
      editedAt: null,
      reactions: [{ emoji: "😂", by: "me" }],
    });
    expect(byId.get(reply._id)).toMatchObject({ replyTo: reacted._id, reactions: [] });
    expect(byId.get(withPhoto._id)).toMatchObject({
      text: "look",
      photos: [`/api/chat/photos/chat-${photoId}-large.webp`],
    });
    // The other person's export shows the same reactions from their side.
    const ofB = await call(app, b, "GET", "/api/account/export");
    const bMessages = ofB.json().messages as { _id: string; reactions: unknown }[];
    expect(bMessages.find((m) => m._id === edited._id)?.reactions).toEqual([
      { emoji: "🙏", by: "me" },
    ]);
  });
});
