import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { type ChatServerEvent, chatServerEventSchema, type UnreadCounts } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Session } from "./helpers.ts";

type ClientSocket = {
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "open", listener: () => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  close(): void;
};
const WebSocketClient = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { headers: Record<string, string> },
) => ClientSocket;

/** A chat socket that keeps every server event it receives. */
export type ChatListener = {
  events: ChatServerEvent[];
  close(): void;
  /** The first event from index `from` on (already received or still to come) that matches. */
  next(predicate: (event: ChatServerEvent) => boolean, from?: number): Promise<ChatServerEvent>;
};

/**
 * Opens a person's chat socket on a listening app and waits for its first event: the badges
 * (`unread`), which come once the socket is registered, so nothing sent after this is missed.
 */
export async function openChatListener(
  target: FastifyInstance,
  user: Session,
): Promise<ChatListener> {
  const { port } = target.server.address() as AddressInfo;
  const socket = new WebSocketClient(`ws://127.0.0.1:${port}/api/chat/socket`, {
    headers: { origin: target.config.publicOrigin, cookie: user.headers.cookie },
  });
  const events: ChatServerEvent[] = [];
  const waiters: { done: () => void }[] = [];
  socket.on("message", (data) => {
    events.push(chatServerEventSchema.parse(JSON.parse(data.toString())));
    for (const waiter of [...waiters]) waiter.done();
  });
  await new Promise<void>((resolve, reject) => {
    socket.on("open", resolve);
    socket.on("error", reject);
  });
  const listener: ChatListener = {
    events,
    close: () => socket.close(),
    next(predicate, from = 0) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no such event in time")), 5000);
        const waiter = {
          done: () => {
            const found = events.slice(from).find(predicate);
            if (!found) return;
            clearTimeout(timer);
            waiters.splice(waiters.indexOf(waiter), 1);
            resolve(found);
          },
        };
        waiters.push(waiter);
        waiter.done();
      });
    },
  };
  expect((await listener.next(() => true)).type).toBe("unread");
  return listener;
}

/** An `unread` event whose counts include these. */
export const unreadWith = (expected: Partial<UnreadCounts>) => (event: ChatServerEvent) =>
  event.type === "unread" &&
  Object.entries(expected).every(([key, value]) => event.data[key as keyof UnreadCounts] === value);
