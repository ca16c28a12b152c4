import { NOTIFICATION_SETTING_KINDS, type Notification, type UnreadCounts } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { openChatListener, unreadWith } from "../../../test/chat-listener.ts";
import {
  appsForFile,
  call,
  MANUAL_JOBS,
  reviewRequest,
  type Session,
  sendMessage,
  sendRequest,
  signUpUser,
} from "../../../test/helpers.ts";
import { selectRows } from "../../db/rows.ts";
import { notify } from "./service.ts";

const open = appsForFile();
// The worker looks only at start, then once an hour: the notify jobs stay in the table for the
// tests to read (a worker polling every second would run and delete some of them under load).
const app = await open({ jobs: MANUAL_JOBS });
await app.listen({ port: 0, host: "127.0.0.1" });

async function list(user: Session, target = app): Promise<Notification[]> {
  const response = await call(target, user, "GET", "/api/notifications");
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toMatch(/example\.com|emailId|password/i);
  return response.json().data;
}

async function counts(user: Session, target = app): Promise<UnreadCounts> {
  const response = await call(target, user, "GET", "/api/notifications/unread");
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function markRead(user: Session, payload: unknown, target = app) {
  return call(target, user, "POST", "/api/notifications/read", payload);
}

async function person(firstName: string, target = app): Promise<Session> {
  return signUpUser(target, { firstName });
}

async function connect(a: Session, b: Session, target = app) {
  const id = await sendRequest(target, a, "interested", b);
  await reviewRequest(target, b, "accepted", id);
}

async function notifyJobs(target: FastifyInstance, notificationId: string) {
  return selectRows<{ payload: { notificationId: string; userId: string; kind: string } }>(
    target.db,
    sql`select payload from jobs where kind = 'notify'
      and payload->>'notificationId' = ${notificationId}`,
  );
}

// ---------- the chat socket, as chat.test.ts uses it ----------

const openSocket = (user: Session, target = app) => openChatListener(target, user);

// ---------- tests ----------

describe("a request received", () => {
  it("tells the person with the sender's card, the sentence, /requests, and a notify job", async () => {
    const [ana, bo] = [await person("Ana"), await person("Bo")];
    const requestId = await sendRequest(app, ana, "interested", bo);
    const [notification] = await list(bo);
    expect(notification).toMatchObject({
      kind: "request_received",
      text: "Ana wants to connect",
      url: "/requests",
      actorCount: 1,
      subject: { type: "request", _id: requestId },
      readAt: null,
    });
    expect(notification?.actors.map((a) => a._id)).toEqual([ana.me._id]);
    expect(notification?.actors[0]?.photoUrl).toBeTruthy();
    expect(await counts(bo)).toEqual({ notifications: 1, requests: 1, messages: 0 });
    const jobs = await notifyJobs(app, notification?._id ?? "");
    expect(jobs.map((job) => job.payload)).toEqual([
      { notificationId: notification?._id, userId: bo.me._id, kind: "request_received" },
    ]);
    // Nothing for one's own action, nothing for an "ignored".
    expect(await list(ana)).toEqual([]);
    const cy = await person("Cy");
    await sendRequest(app, cy, "ignored", ana);
    expect(await list(ana)).toEqual([]);
  });

  it("groups unread requests: 'Ana and 3 others', the three newest shown; read, a new one starts", async () => {
    const target = await person("Target");
    const senders = [];
    for (const name of ["Ana", "Ben", "Cy", "Di"]) senders.push(await person(name));
    expect(await list(target)).toEqual([]);
    for (const sender of senders) await sendRequest(app, sender, "interested", target);
    const [grouped, ...rest] = await list(target);
    expect(rest).toEqual([]);
    expect(grouped?.actorCount).toBe(4);
    expect(grouped?.actors.map((a) => a.firstName)).toEqual(["Di", "Cy", "Ben"]);
    expect(grouped?.text).toBe("Di and 3 others want to connect");
    // Each growth queues its delivery.
    expect(await notifyJobs(app, grouped?._id ?? "")).toHaveLength(4);

    expect((await markRead(target, { ids: [grouped?._id] })).statusCode).toBe(200);
    const eve = await person("Eve");
    await sendRequest(app, eve, "interested", target);
    const [fresh, old] = await list(target);
    expect(fresh).toMatchObject({ text: "Eve wants to connect", actorCount: 1, readAt: null });
    expect(old?._id).toBe(grouped?._id);
    expect(old).toMatchObject({ text: "Di and 3 others want to connect", actorCount: 4 });
    expect(old?.readAt).not.toBeNull();
  });

  it("says 'Ana and Ben' for two, and loses a sender who undoes before it is read", async () => {
    const target = await person("Target");
    const [ana, ben] = [await person("Ana"), await person("Ben")];
    await sendRequest(app, ana, "interested", target);
    const benRequest = await sendRequest(app, ben, "interested", target);
    expect((await list(target))[0]?.text).toBe("Ben and Ana want to connect");
    const undo = await call(app, ben, "DELETE", `/api/request/${benRequest}`);
    expect(undo.statusCode).toBe(200);
    expect((await list(target))[0]).toMatchObject({ text: "Ana wants to connect", actorCount: 1 });
    expect(await counts(target)).toEqual({ notifications: 1, requests: 1, messages: 0 });
  });
});

describe("a request accepted", () => {
  it("tells the sender, opens the conversation, and groups acceptances", async () => {
    const sender = await person("Sam");
    const accepters = [await person("Ana"), await person("Ben"), await person("Cy")];
    const requestIds = [];
    for (const accepter of accepters) {
      requestIds.push(await sendRequest(app, sender, "interested", accepter));
    }
    await reviewRequest(app, accepters[0] as Session, "accepted", requestIds[0] as string);
    const [one] = await list(sender);
    expect(one).toMatchObject({
      kind: "request_accepted",
      text: "Ana accepted your request",
      url: `/chat/${accepters[0]?.me._id}`,
      subject: { type: "connection", _id: requestIds[0] },
      actorCount: 1,
    });
    expect(await notifyJobs(app, one?._id ?? "")).toHaveLength(1);
    // A rejection tells nobody.
    await reviewRequest(app, accepters[1] as Session, "rejected", requestIds[1] as string);
    expect((await list(sender))[0]?.actorCount).toBe(1);
    const benAgain = await person("Ben");
    const cyAgain = await person("Dee");
    for (const other of [benAgain, cyAgain]) {
      await reviewRequest(
        app,
        other,
        "accepted",
        await sendRequest(app, sender, "interested", other),
      );
    }
    await reviewRequest(app, accepters[2] as Session, "accepted", requestIds[2] as string);
    const [grouped] = await list(sender);
    expect(grouped?.text).toBe("Cy and 3 others accepted your requests");
    expect(grouped?.url).toBe(`/chat/${accepters[2]?.me._id}`);
    // The accepter hears of the request, not of their own acceptance.
    expect((await list(accepters[0] as Session)).map((n) => n.kind)).toEqual(["request_received"]);
  });
});

describe("a message", () => {
  it("tells someone with no open socket, counting messages; nothing when a socket is open", async () => {
    const [ana, bo] = [await person("Ana"), await person("Bo")];
    await connect(ana, bo);
    const first = await sendMessage(app, ana, bo, "hello");
    const [one] = (await list(bo)).filter((n) => n.kind === "message");
    expect(one).toMatchObject({
      text: "Ana sent you a message",
      url: `/chat/${ana.me._id}`,
      subject: { type: "message", _id: first._id },
      actorCount: 1,
    });
    expect(await notifyJobs(app, one?._id ?? "")).toHaveLength(1);
    await sendMessage(app, ana, bo, "are you there?");
    const last = await sendMessage(app, ana, bo, "ping");
    const [three] = (await list(bo)).filter((n) => n.kind === "message");
    expect(three).toMatchObject({
      _id: one?._id,
      text: "Ana sent you 3 messages",
      subject: { type: "message", _id: last._id },
    });
    expect(await counts(bo)).toMatchObject({ messages: 3 });

    // Reading the conversation reads its notification and the badges follow.
    const read = await call(app, bo, "POST", `/api/chat/${ana.me._id}/read`, {
      messageId: last._id,
    });
    expect(read.statusCode).toBe(200);
    expect(await counts(bo)).toMatchObject({ messages: 0 });
    expect((await list(bo)).find((n) => n.kind === "message")?.readAt).not.toBeNull();

    // With a socket open, the message arrives live and makes no notification.
    const socket = await openSocket(bo);
    await sendMessage(app, ana, bo, "you are online");
    await socket.next(unreadWith({ messages: 1 }));
    expect((await list(bo)).filter((n) => n.kind === "message" && n.readAt === null)).toEqual([]);
    socket.close();
    // The sender never hears of their own messages.
    expect((await list(ana)).filter((n) => n.kind === "message")).toEqual([]);
  });
});

describe("blocks", () => {
  it("create nothing between a blocked pair, either way", async () => {
    const [ana, bo] = [await person("Ana"), await person("Bo")];
    const block = await call(app, ana, "POST", `/api/user/block/${bo.me._id}`);
    expect(block.statusCode).toBe(201);
    const base = {
      kind: "request_received" as const,
      subject: { type: "request" as const, id: ana.me._id },
      url: "/requests",
    };
    expect(
      await notify(app.db, { ...base, userId: bo.me._id, actorId: ana.me._id }),
    ).toBeUndefined();
    expect(
      await notify(app.db, { ...base, userId: ana.me._id, actorId: bo.me._id }),
    ).toBeUndefined();
    expect(
      await notify(app.db, { ...base, userId: ana.me._id, actorId: ana.me._id }),
    ).toBeUndefined();
    expect(await list(ana)).toEqual([]);
    expect(await list(bo)).toEqual([]);
  });

  it("removes what the pair caused each other, both ways, and keeps the others' part", async () => {
    const [ana, bo, cy] = [await person("Ana"), await person("Bo"), await person("Cy")];
    await sendRequest(app, ana, "interested", bo);
    await sendRequest(app, cy, "interested", bo);
    // One that Bo alone caused Ana, and one from someone else.
    const dee = await person("Dee");
    await notify(app.db, {
      userId: ana.me._id,
      kind: "message",
      actorId: bo.me._id,
      subject: { type: "message", id: dee.me._id },
      url: `/chat/${bo.me._id}`,
    });
    await reviewRequest(app, dee, "accepted", await sendRequest(app, ana, "interested", dee));
    expect((await list(ana)).map((n) => n.text)).toEqual([
      "Dee accepted your request",
      "Bo sent you a message",
    ]);
    expect((await list(bo)).map((n) => n.text)).toEqual(["Cy and Ana want to connect"]);
    const socket = await openSocket(bo);

    const block = await call(app, bo, "POST", `/api/user/block/${ana.me._id}`);
    expect(block.statusCode).toBe(201);
    expect((await list(bo)).map((n) => n.text)).toEqual(["Cy wants to connect"]);
    expect((await list(ana)).map((n) => n.text)).toEqual(["Dee accepted your request"]);
    await socket.next(unreadWith({ notifications: 1, requests: 1 }));
    expect(await counts(bo)).toEqual({ notifications: 1, requests: 1, messages: 0 });
    socket.close();
  });
});

describe("reading", () => {
  it("marks one or all read, answers what stays unread, and never touches another's", async () => {
    const [me, other] = [await person("Me"), await person("Other")];
    await reviewRequest(app, other, "accepted", await sendRequest(app, me, "interested", other));
    await sendRequest(app, await person("Ana"), "interested", me);
    const [theirs] = await list(other);
    const mine = await list(me);
    expect(mine).toHaveLength(2);
    expect((await counts(me)).notifications).toBe(2);

    const one = await markRead(me, { ids: [mine[0]?._id, theirs?._id] });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual({ notifications: 1 });
    expect((await list(other))[0]?.readAt).toBeNull();
    expect((await counts(other)).notifications).toBe(1);

    const all = await markRead(me, { all: true });
    expect(all.json().data).toEqual({ notifications: 0 });
    expect((await list(me)).every((n) => n.readAt !== null)).toBe(true);
    expect(await counts(me)).toEqual({ notifications: 0, requests: 1, messages: 0 });
  });

  it("refuses a bad body with the contract's error body", async () => {
    const me = await person("Me");
    for (const payload of [
      {},
      { ids: [] },
      { ids: ["nope"] },
      { all: false },
      { all: true, ids: [] },
    ]) {
      const response = await markRead(me, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
  });

  it("pages newest first with an opaque cursor, and refuses a cursor it did not make", async () => {
    const me = await person("Me");
    const ana = await person("Ana");
    await reviewRequest(app, ana, "accepted", await sendRequest(app, me, "interested", ana));
    for (let i = 0; i < 3; i++) {
      await markRead(me, { all: true });
      await sendRequest(app, await person(`P${i}`), "interested", me);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
      const response = await call(app, me, "GET", `/api/notifications${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.data.length).toBeLessThanOrEqual(2);
      expect(response.headers["x-next-cursor"] ?? null).toBe(page.nextCursor);
      seen.push(...page.data.map((n: Notification) => n.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      "P2 wants to connect",
      "P1 wants to connect",
      "P0 wants to connect",
      "Ana accepted your request",
    ]);
    for (const bad of ["x", "%00", "a".repeat(201)]) {
      const response = await call(app, me, "GET", `/api/notifications?cursor=${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
  });
});

describe("settings", () => {
  it("start with push and email on, take any subset, and answer the whole", async () => {
    const me = await person("Me");
    const initial = await call(app, me, "GET", "/api/notifications/settings");
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toEqual(
      Object.fromEntries(
        NOTIFICATION_SETTING_KINDS.map((kind) => [kind, { push: true, email: true }]),
      ),
    );
    const put = await call(app, me, "PUT", "/api/notifications/settings", {
      message: { email: false },
      request_received: { push: false, email: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    const again = await call(app, me, "PUT", "/api/notifications/settings", {
      message: { push: false },
    });
    const expected = {
      ...Object.fromEntries(
        NOTIFICATION_SETTING_KINDS.map((kind) => [kind, { push: true, email: true }]),
      ),
      message: { push: false, email: false },
      request_received: { push: false, email: false },
    };
    expect(again.json().data).toEqual(expected);
    const read = await call(app, me, "GET", "/api/notifications/settings");
    expect(read.json().data).toEqual(expected);
    // Another person's settings are their own.
    const other = await call(app, await person("Other"), "GET", "/api/notifications/settings");
    expect(other.json().data.message).toEqual({ push: true, email: true });
  });

  it("refuses wrong types, unknown kinds and NUL bytes with 400 and the error body", async () => {
    const me = await person("Me");
    for (const payload of [
      { message: { push: "yes" } },
      { message: true },
      { birthday: { push: true } },
      // Moderation notices are always delivered: no setting takes them.
      { moderation: { push: false } },
      { "message\u0000": { push: true } },
      { message: { push: true, sms: true } },
      { message: { push: "\u0000" } },
      [],
    ]) {
      const response = await call(app, me, "PUT", "/api/notifications/settings", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
  });
});

describe("without a session", () => {
  it("answers 401 on every call", async () => {
    for (const url of [
      "/api/notifications",
      "/api/notifications/unread",
      "/api/notifications/settings",
    ]) {
      const response = await call(app, undefined, "GET", url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
    }
    // Unsafe calls with a valid CSRF pair but no session.
    const me = await person("Me");
    const headers = { ...me.headers, cookie: me.headers.cookie.replace(/token=[^;]+; /, "") };
    for (const [method, url, payload] of [
      ["POST", "/api/notifications/read", { all: true }],
      ["PUT", "/api/notifications/settings", {}],
    ] as const) {
      const response = await app.inject({ method, url, headers, payload });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe("live", () => {
  it("sends the badges on connect, then the notification and badges when a request arrives", async () => {
    const [ana, bo] = [await person("Ana"), await person("Bo")];
    await sendRequest(app, await person("Cy"), "interested", bo);
    const socket = await openSocket(bo);
    expect(socket.events[0]).toEqual({
      type: "unread",
      data: { notifications: 1, requests: 1, messages: 0 },
    });
    await sendRequest(app, ana, "interested", bo);
    const event = await socket.next(
      (e) => e.type === "notification" && e.notification.actorCount === 2,
    );
    expect(event).toMatchObject({
      type: "notification",
      notification: { text: "Ana and Cy want to connect", url: "/requests" },
    });
    await socket.next(unreadWith({ notifications: 1, requests: 2 }));
    socket.close();
  });

  it("tells a second tab when the first marks all read", async () => {
    const [ana, bo] = [await person("Ana"), await person("Bo")];
    await sendRequest(app, ana, "interested", bo);
    const [first, second] = [await openSocket(bo), await openSocket(bo)];
    expect(second.events[0]).toMatchObject({ type: "unread", data: { notifications: 1 } });
    expect((await markRead(bo, { all: true })).statusCode).toBe(200);
    await second.next(unreadWith({ notifications: 0, requests: 1 }));
    await first.next(unreadWith({ notifications: 0 }));
    first.close();
    second.close();
  });

  it("tells both people's tabs when a request is accepted, rejected or undone", async () => {
    const [ana, bo] = [await person("Ana"), await person("Bo")];
    const [anaSocket, boSocket] = [await openSocket(ana), await openSocket(bo)];
    const undone = await sendRequest(app, ana, "interested", bo);
    await boSocket.next(unreadWith({ requests: 1, notifications: 1 }));
    let from = boSocket.events.length;
    await call(app, ana, "DELETE", `/api/request/${undone}`);
    await boSocket.next(unreadWith({ requests: 0, notifications: 0 }), from);

    await reviewRequest(app, bo, "accepted", await sendRequest(app, ana, "interested", bo));
    await anaSocket.next(
      (e) => e.type === "notification" && e.notification.text === "Bo accepted your request",
    );
    await anaSocket.next(unreadWith({ notifications: 1 }));

    const cy = await person("Cy");
    await sendRequest(app, cy, "interested", bo);
    await boSocket.next(unreadWith({ requests: 1 }));
    from = boSocket.events.length;
    const [pending] = (await list(bo)).filter((n) => n.actors[0]?._id === cy.me._id);
    await reviewRequest(app, bo, "rejected", pending?.subject._id ?? "");
    await boSocket.next(unreadWith({ requests: 0 }), from);
    anaSocket.close();
    boSocket.close();
  });
});

describe("live, when a conversation goes", () => {
  it("takes its unread messages off the badge of the person's open tabs", async () => {
    const [ana, bo] = [await person("Ana"), await person("Bo")];
    await connect(ana, bo);
    const socket = await openSocket(bo);
    await sendMessage(app, ana, bo, "one");
    await socket.next(unreadWith({ messages: 1 }));
    const from = socket.events.length;
    const removed = await call(app, ana, "DELETE", `/api/user/connections/${bo.me._id}`);
    expect(removed.statusCode).toBe(200);
    await socket.next(unreadWith({ messages: 0 }), from);
    socket.close();
  });
});

describe("concurrency", () => {
  it("makes one notification with N actors of N requests at the same moment", async () => {
    const target = await person("Target");
    const senders: Session[] = [];
    for (let i = 0; i < 8; i++) senders.push(await person(`S${i}`));
    await Promise.all(senders.map((sender) => sendRequest(app, sender, "interested", target)));
    const notifications = await list(target);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      actorCount: 8,
      kind: "request_received",
    });
    expect(notifications[0]?.text).toMatch(/^S\d and 7 others want to connect$/);
    expect(await notifyJobs(app, notifications[0]?._id ?? "")).toHaveLength(8);
  });
});

const multiProcess = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.skipIf(!multiProcess)("two server processes sharing PostgreSQL and Redis", () => {
  it("reaches a socket on the other process, and knows it is open when a message is sent", async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    const first = await open({ redisUrl, jobs: MANUAL_JOBS });
    const second = await open({
      databaseUrl: first.config.databaseUrl,
      redisUrl,
      jobs: MANUAL_JOBS,
    });
    await first.listen({ port: 0, host: "127.0.0.1" });
    await second.listen({ port: 0, host: "127.0.0.1" });
    const [ana, bo] = [await person("Ana", first), await person("Bo", first)];
    const socket = await openSocket(bo, second);
    await sendRequest(first, ana, "interested", bo);
    await socket.next(
      (e) => e.type === "notification" && e.notification.text === "Ana wants to connect",
    );
    await socket.next(unreadWith({ requests: 1, notifications: 1 }));
    await markRead(bo, { all: true }, first);
    await reviewRequest(first, bo, "accepted", (await list(bo, first))[0]?.subject._id ?? "");
    await sendMessage(first, ana, bo, "you are online elsewhere");
    await socket.next(unreadWith({ messages: 1 }));
    expect((await list(bo, first)).filter((n) => n.kind === "message")).toEqual([]);
    socket.close();
  });
});
