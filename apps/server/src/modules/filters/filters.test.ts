import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import {
  type ChatMessage,
  type ChatServerEvent,
  type Conversation,
  FILTER_MESSAGES,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type ChatListener, openChatListener } from "../../../test/chat-listener.ts";
import { callCommunity, joinAsAccount } from "../../../test/community-helpers.ts";
import {
  appsForFile,
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
import type { AutomaticFlag } from "../moderation/plugin.ts";

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
