import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import {
  type ChatMessage,
  type ChatServerEvent,
  type Conversation,
  FILTER_MESSAGES,
} from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type ChatListener, openChatListener } from "../../../test/chat-listener.ts";
import {
  type CommunityAccount,
  callCommunity,
  inDays,
  joinAsAccount,
} from "../../../test/community-helpers.ts";
import {
  appsForFile,
  botCheck,
  call,
  connectedPair,
  continueAs,
  getXsrf,
  MANUAL_JOBS,
  notificationsOf,
  reviewRequest,
  type Session,
  sendMessage,
  sendRequest,
  signUpUser,
  signupBody,
} from "../../../test/helpers.ts";
import { startPushService, subscribeDevice, waitFor } from "../../../test/push-service.ts";
import type { AutomaticFlag } from "../../lib/moderated-content.ts";

// The automatic filter end to end: what a new account's matching text does (held: its author
// sees it, nobody else anywhere), what an established account's does (delivered, flagged), slurs
// refused in names and about, and the new accounts' daily limits.

const openApp = appsForFile();
const DAY = 24 * 60 * 60_000;

/** The app's clock: real time, moved forward where a test says. */
let shift = 0;
const clock = () => new Date(Date.now() + shift);

let app: FastifyInstance;
let service: Awaited<ReturnType<typeof startPushService>>;
let flags: AutomaticFlag[];
const listeners: ChatListener[] = [];

beforeAll(async () => {
  app = await openApp({
    now: clock,
    newAccountLimits: { interestedPerDay: 3, firstMessagesPerDay: 2 },
    jobs: MANUAL_JOBS,
    push: { allowPrivateEndpoints: true },
    digestDelayMs: 60 * 60_000,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  service = await startPushService();
});
afterAll(async () => service?.close());
afterEach(() => {
  shift = 0;
  for (const listener of listeners.splice(0)) listener.close();
  vi.restoreAllMocks();
});

/** Records what the filter flags from now on. */
function recordFlags(): AutomaticFlag[] {
  flags = [];
  const flag = app.moderation.flag;
  vi.spyOn(app.moderation, "flag").mockImplementation(async (tx, input) => {
    flags.push(input);
    return flag(tx, input);
  });
  return flags;
}

async function listen(user: Session): Promise<ChatListener> {
  const listener = await openChatListener(app, user);
  listeners.push(listener);
  return listener;
}

/** Runs every job that is due (notify, then the push it queues) until none is left. */
async function runJobs(): Promise<void> {
  while ((await app.jobs.runDueJobs()) > 0) {}
}

async function history(viewer: Session, other: Session): Promise<string[]> {
  const response = await call(app, viewer, "GET", `/api/chat/${other.me._id}/messages`);
  expect(response.statusCode).toBe(200);
  return response.json().data.messages.map((message: ChatMessage) => message.text);
}

async function conversationWith(viewer: Session, other: Session): Promise<Conversation> {
  const response = await call(app, viewer, "GET", "/api/chat/conversations");
  expect(response.statusCode).toBe(200);
  const found = (response.json().data as Conversation[]).find((c) => c.user._id === other.me._id);
  if (!found) throw new Error("no such conversation");
  return found;
}

const isMessage = (text: string) => (event: ChatServerEvent) =>
  event.type === "message" && event.message.text === text;
const texts = (events: ChatServerEvent[]) =>
  events.flatMap((event) => (event.type === "message" ? [event.message.text] : []));

describe("a held message", () => {
  it("from a new account never reaches the recipient's socket, push or list", async () => {
    const recorded = recordFlags();
    const [ana, ben] = await connectedPair(app, ["Ana", "Ben"]);
    const held = [
      "call me on 555 123 4567",
      "you are a f4gg0t",
      "cheap followers at bit.ly/x3Fz",
    ] as const;

    // Ben is online: the socket.
    const benSocket = await listen(ben);
    const anaSocket = await listen(ana);
    const first = await sendMessage(app, ana, ben, held[0]);
    expect(first.text).toBe(held[0]);
    const hello = await sendMessage(app, ana, ben, "hello");
    await benSocket.next(isMessage("hello"));
    // The sender's own tabs have both, in order; the recipient's only the clean one.
    await anaSocket.next(isMessage("hello"));
    expect(texts(anaSocket.events)).toEqual([held[0], "hello"]);
    expect(texts(benSocket.events)).toEqual(["hello"]);
    benSocket.close();

    // Ben is offline with a device: pushes.
    await waitFor("Ben to be offline", async () => !(await app.chatHub.online([ben.me._id])).size);
    await runJobs(); // Ana's request, before the device
    const device = await subscribeDevice(app, service, ben, "/push/ben");
    await sendMessage(app, ana, ben, held[1]);
    await sendMessage(app, ana, ben, "see you");
    await sendMessage(app, ana, ben, held[2]);
    await runJobs();
    const pushes = service.pushesTo(device.path).map((push) => device.keys.decrypt(push.body));
    expect(pushes, JSON.stringify(pushes)).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ body: "Ana sent you a message" });

    // The lists: history, the conversation list's last message and unread count, the centre.
    expect(await history(ben, ana)).toEqual(["hello", "see you"]);
    expect(await history(ana, ben)).toEqual([held[0], "hello", held[1], "see you", held[2]]);
    const benSide = await conversationWith(ben, ana);
    expect(benSide.lastMessage?.text).toBe("see you");
    expect(benSide.unread).toBe(2);
    expect((await conversationWith(ana, ben)).lastMessage?.text).toBe(held[2]);
    const centre = await notificationsOf(app, ben);
    expect(centre.filter((n) => n.kind === "message")).toHaveLength(1);
    const unread = await call(app, ben, "GET", "/api/notifications/unread");
    expect(unread.json().data).toMatchObject({ messages: 2 });

    // A socket's resume brings each what they missed: Ben the clean messages only.
    expect(await resumeAfter(ben, hello._id)).toEqual(["see you"]);
    expect(await resumeAfter(ana, hello._id)).toEqual([held[1], "see you", held[2]]);

    // Each held message opened a case, held, with what the filter saw.
    const messageFlags = recorded.filter((flag) => flag.subject.type === "message");
    expect(messageFlags).toHaveLength(3);
    expect(messageFlags[0]).toMatchObject({
      subject: { type: "message", _id: first._id },
      userId: ana.me._id,
      source: "filter",
      held: true,
      filter: { rules: ["phone"], matches: ["555 123 4567"] },
    });
    expect(messageFlags[1]?.filter?.rules).toEqual(["slur"]);
    expect(messageFlags[2]?.filter).toEqual({ rules: ["link"], matches: ["bit.ly/x3Fz"] });
  });

  it("from an established account is delivered, and still opens a case", async () => {
    const recorded = recordFlags();
    const [cat, dan] = await connectedPair(app, ["Cat", "Dan"]);
    shift = 8 * DAY;
    const danSocket = await listen(dan);
    const sent = await sendMessage(app, cat, dan, "what the fuck, call 555 123 4567");
    await danSocket.next(isMessage(sent.text));
    expect(await history(dan, cat)).toEqual([sent.text]);
    expect((await conversationWith(dan, cat)).unread).toBe(1);
    expect(recorded).toEqual([
      expect.objectContaining({
        subject: { type: "message", _id: sent._id },
        held: false,
        filter: { rules: ["obscenity", "phone"], matches: ["fuck", "555 123 4567"] },
      }),
    ]);
  });

  it("leaves clean messages alone and opens no case", async () => {
    const recorded = recordFlags();
    const [eve, fay] = await connectedPair(app, ["Eve", "Fay"]);
    await sendMessage(app, eve, fay, "The class assignment is due 2026-11-27, room 204.");
    expect(await history(fay, eve)).toHaveLength(1);
    expect(recorded).toEqual([]);
  });
});

/** The `ws` client (a dependency of @fastify/websocket). */
const WebSocketClient = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { headers: Record<string, string> },
) => {
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
};

/** Opens a socket for `user`, asks for what came after `messageId`, and answers the texts. */
async function resumeAfter(user: Session, messageId: string): Promise<string[]> {
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocketClient(`ws://127.0.0.1:${port}/api/chat/socket`, {
    headers: { origin: app.config.publicOrigin, cookie: user.headers.cookie },
  });
  try {
    return await new Promise<string[]>((resolve, reject) => {
      socket.on("error", reject);
      socket.on("message", (data: Buffer) => {
        const event = JSON.parse(data.toString()) as ChatServerEvent;
        // The badges come once the socket is registered: then ask.
        if (event.type === "unread")
          socket.send(JSON.stringify({ type: "resume", after: messageId }));
        if (event.type === "resumed") resolve(event.messages.map((message) => message.text));
      });
    });
  } finally {
    socket.close();
  }
}

/** Makes the account as old as `days` (its creation moved back): established after 7. */
async function age(userId: string, days: number): Promise<void> {
  await app.db.execute(
    sql`update users set created_at = now() - ${`${days} days`}::interval where id = ${userId}`,
  );
}

/** The contract's error body of a 429 from the daily limits, with its Retry-After. */
function expectDailyLimit(response: Awaited<ReturnType<typeof call>>, message: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ status: 0, code: "RATE_LIMITED", message });
  const now = clock();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil((midnight - now.getTime()) / 1000));
  expect(retryAfter).toBeGreaterThan((midnight - now.getTime()) / 1000 - 60);
}

describe("held community content", () => {
  const community = (
    person: CommunityAccount,
    method: "GET" | "POST",
    url: string,
    body?: unknown,
  ) => callCommunity(app, person, method, url, body);

  it("a new account's matching post, reply, group and event are shown to their author only", async () => {
    const recorded = recordFlags();
    const gus = await joinAsAccount(app, "Gus");
    const hal = await joinAsAccount(app, "Hal");

    const post = await community(gus, "POST", "/fusionpublish", {
      title: "Cheap essays",
      content: "Order yours at essays.biz today",
    });
    expect(post.statusCode, post.body).toBe(201);
    const postId = post.json().data.id as string;
    const ids = (response: { json(): unknown }) =>
      (response.json() as { id?: string; _id?: string }[]).map((row) => row.id ?? row._id);
    expect(ids(await community(gus, "GET", "/getposts"))).toContain(postId);
    expect(ids(await community(hal, "GET", "/getposts"))).not.toContain(postId);
    expect((await community(gus, "GET", `/post/${postId}`)).statusCode).toBe(200);
    expect((await community(hal, "GET", `/post/${postId}`)).statusCode).toBe(404);
    const searchPosts = async (who: CommunityAccount) =>
      (await call(app, who.headers, "GET", "/api/search?q=essays")).json().data.posts;
    expect(await searchPosts(gus)).toHaveLength(1);
    expect(await searchPosts(hal)).toEqual([]);

    // A reply on Hal's post: Hal sees neither it nor its count, and is not told.
    const halPost = await community(hal, "POST", "/fusionpublish", {
      title: "Study tips",
      content: "Share yours",
    });
    const halPostId = halPost.json().data.id as string;
    const reply = await community(gus, "POST", `/post/${halPostId}/replies`, {
      content: "shit tips",
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await community(hal, "GET", `/post/${halPostId}/replies`)).json().data).toEqual([]);
    expect((await community(gus, "GET", `/post/${halPostId}/replies`)).json().data).toHaveLength(1);
    expect((await community(hal, "GET", `/post/${halPostId}`)).json().data.replies).toBe(0);
    expect((await community(gus, "GET", `/post/${halPostId}`)).json().data.replies).toBe(1);
    await runJobs();
    expect(await notificationsOf(app, hal.headers)).toEqual([]);

    const group = await community(gus, "POST", "/create", {
      name: "Free money",
      description: "Text me on +44 7911 123456",
      tag: "Math",
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json().data._id as string;
    expect(ids(await community(gus, "GET", "/all"))).toContain(groupId);
    expect(ids(await community(hal, "GET", "/all"))).not.toContain(groupId);
    expect((await community(hal, "GET", `/group/${groupId}`)).statusCode).toBe(404);
    expect((await community(hal, "POST", `/group/${groupId}/join`)).statusCode).toBe(404);

    const event = await community(gus, "POST", "/createevent", {
      title: "Party",
      description: "fuck yeah",
      location: "Library",
      date: inDays(7),
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json().data._id as string;
    const events = async (who: CommunityAccount) =>
      ((await community(who, "GET", "/allevents")).json().events as { _id: string }[]).map(
        (row) => row._id,
      );
    expect(await events(gus)).toContain(eventId);
    expect(await events(hal)).not.toContain(eventId);
    expect((await community(hal, "GET", `/event/${eventId}`)).statusCode).toBe(404);

    expect(recorded.map((flag) => [flag.subject.type, flag.held, flag.filter?.rules])).toEqual([
      ["post", true, ["link"]],
      ["reply", true, ["obscenity"]],
      ["group", true, ["phone"]],
      ["event", true, ["obscenity"]],
    ]);
    expect(recorded[0]?.subject._id).toBe(postId);
  });

  it("an established, connected author's matching post is shown to everyone and flagged", async () => {
    const recorded = recordFlags();
    const [ida, joe] = await connectedPair(app, ["Ida", "Joe"]);
    await age(ida.me._id, 8);
    const idaToken = await continueAs(app, ida.headers);
    const joeToken = await continueAs(app, joe.headers);
    const post = await callCommunity(
      app,
      { authorization: `Bearer ${idaToken.token}` },
      "POST",
      "/fusionpublish",
      { title: "Damn good notes", content: "At example.com" },
    );
    expect(post.statusCode).toBe(201);
    const postId = post.json().data.id as string;
    const seen = await callCommunity(
      app,
      { authorization: `Bearer ${joeToken.token}` },
      "GET",
      `/post/${postId}`,
    );
    expect(seen.statusCode).toBe(200);
    expect(recorded).toEqual([
      expect.objectContaining({ subject: { type: "post", _id: postId }, held: false }),
    ]);
  });

  it("an account older than a week with no connection is still held", async () => {
    const kim = await joinAsAccount(app, "Kim");
    const lea = await joinAsAccount(app, "Lea");
    await age(kim.id, 30);
    const post = await community(kim, "POST", "/fusionpublish", {
      title: "Call me",
      content: "555 123 4567",
    });
    expect((await community(lea, "GET", `/post/${post.json().data.id}`)).statusCode).toBe(404);
  });
});

describe("slurs in a name or about", () => {
  it("are refused at save with a field error, and nothing changes", async () => {
    const recorded = recordFlags();
    const max = await signUpUser(app, { firstName: "Max", lastName: "Stone" });
    const cases: [Record<string, string>, string][] = [
      [{ about: "I hate every kike" }, "about"],
      [{ firstName: "N1gg3r" }, "firstName"],
      [{ lastName: "Ch1nk" }, "lastName"],
    ];
    for (const [body, path] of cases) {
      const response = await call(app, max, "PATCH", "/api/profile/edit", body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        status: 0,
        code: "VALIDATION_ERROR",
        message: FILTER_MESSAGES.offensiveWords,
        errors: [{ path, message: FILTER_MESSAGES.offensiveWords }],
      });
    }
    const me = (await call(app, max, "GET", "/api/profile/view")).json();
    expect(me).toMatchObject({ firstName: "Max", lastName: "Stone", about: "" });

    const xsrf = await getXsrf(app);
    const signup = await app.inject({
      method: "POST",
      url: "/api/signup",
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf },
      payload: {
        ...(await botCheck(app)),
        ...signupBody({ firstName: "Ann", lastName: "F4gg0t" }),
      },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().errors).toEqual([
      { path: "lastName", message: FILTER_MESSAGES.offensiveWords },
    ]);
    expect(recorded).toEqual([]);
  });

  it("lets contact details in an about pass, and flags other words without refusing", async () => {
    const recorded = recordFlags();
    const ned = await signUpUser(app, { firstName: "Ned" });
    const about = await call(app, ned, "PATCH", "/api/profile/edit", {
      about: "Find me at example.com or on 555 123 4567",
    });
    expect(about.statusCode).toBe(200);
    expect(recorded).toEqual([]);
    const name = await call(app, ned, "PATCH", "/api/profile/edit", { firstName: "Dick" });
    expect(name.statusCode).toBe(200);
    expect(name.json().data.firstName).toBe("Dick");
    expect(recorded).toEqual([
      {
        subject: { type: "user", _id: ned.me._id },
        userId: ned.me._id,
        source: "filter",
        held: false,
        filter: { rules: ["obscenity"], matches: ["Dick"] },
      },
    ]);
  });
});

describe("new accounts' daily limits", () => {
  it("limits a new account's interested requests a day; ignored ones and older accounts are free", async () => {
    const [ola, ...others] = await Promise.all(
      ["Ola", "P1", "P2", "P3", "P4", "P5"].map((firstName) => signUpUser(app, { firstName })),
    );
    const swipe = (from: Session | undefined, status: string, to: Session | undefined) =>
      call(app, from, "POST", `/api/request/send/${status}/${to?.me._id}`);
    for (const to of others.slice(0, 3)) {
      expect((await swipe(ola, "interested", to)).statusCode).toBe(201);
    }
    expectDailyLimit(await swipe(ola, "interested", others[3]), FILTER_MESSAGES.interestedLimit(3));
    expect((await swipe(ola, "ignored", others[3])).statusCode).toBe(201);
    // The next UTC day counts afresh.
    shift = DAY;
    expect((await swipe(ola, "interested", others[4])).statusCode).toBe(201);

    shift = 0;
    const [pat, ...more] = await Promise.all(
      ["Pat", "Q1", "Q2", "Q3", "Q4"].map((firstName) => signUpUser(app, { firstName })),
    );
    await age(pat?.me._id ?? "", 8);
    for (const to of more) expect((await swipe(pat, "interested", to)).statusCode).toBe(201);
  });

  it("limits the conversations a new account starts a day, not its replies", async () => {
    const roy = await signUpUser(app, { firstName: "Roy" });
    const friends: Session[] = [];
    for (const firstName of ["S1", "S2", "S3"]) {
      const friend = await signUpUser(app, { firstName });
      await reviewRequest(app, roy, "accepted", await sendRequest(app, friend, "interested", roy));
      friends.push(friend);
    }
    const [s1, s2, s3] = friends as [Session, Session, Session];
    const write = (to: Session, text: string) =>
      call(app, roy, "POST", `/api/chat/${to.me._id}/messages`, { text });
    expect((await write(s1, "hi")).statusCode).toBe(201);
    expect((await write(s2, "hi")).statusCode).toBe(201);
    expectDailyLimit(await write(s3, "hi"), FILTER_MESSAGES.firstMessageLimit(2));
    expect((await write(s1, "how are you?")).statusCode).toBe(201);
    shift = DAY;
    expect((await write(s3, "hi")).statusCode).toBe(201);
  });
});
