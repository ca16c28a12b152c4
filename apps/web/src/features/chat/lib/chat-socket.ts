import {
  CHAT_CLOSE_FORBIDDEN_ORIGIN,
  CHAT_CLOSE_UNAUTHENTICATED,
  CHAT_SOCKET_ROUTE,
  type ChatClientEvent,
  type Conversation,
} from "@kindred/shared";
import { t } from "@lingui/core/macro";
import type { QueryClient } from "@tanstack/react-query";
import { showToast } from "@/components/ui/toast.tsx";
import { env } from "@/config/env.ts";
import { applyNotificationEvent } from "@/lib/notification-events.ts";
import { queryKeys } from "@/lib/query-client.ts";
import {
  applyChatEvent,
  forgetNewestMessage,
  newestMessageId,
  noteMessage,
} from "./apply-chat-event.ts";
import { chatKeys } from "./chat-keys.ts";
import { setFrameSender } from "./chat-live.ts";
import { claimOutbox } from "./outbox.ts";
import { readServerFrame } from "./read-server-frame.ts";

const MAX_BACKOFF_MS = 15_000;
/**
 * Pages a reconnect catches up through the socket; a tab further behind reloads its lists over
 * HTTP instead (and stays well inside the socket's frame budget).
 */
export const MAX_RESUME_PAGES = 5;

/**
 * What a person reads when the server refuses this page's origin (the page was opened at an
 * address the server does not serve live updates to); the server's close reason names the one
 * it does ("Open <origin>").
 */
export function liveUpdatesStoppedMessage(reason: string): string {
  const address = /^Open (https?:\/\/\S+)$/.exec(reason)?.[1];
  return address
    ? t`Live updates are off on this address: new messages and badges show only after a reload. Open ${address} to get them as they arrive.`
    : t`Live updates are off on this address: new messages and badges show only after a reload.`;
}

function resumeFrame(after: string): string {
  return JSON.stringify({ type: "resume", after } satisfies ChatClientEvent);
}

function socketUrl(): string {
  const url = new URL(`${env.apiBaseUrl}${CHAT_SOCKET_ROUTE}`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.toString();
}

/**
 * The tab's socket, opened by `useChatSocket` once this module has loaded. Events update the
 * query cache: the chat's, and the notification centre's and the badges' (`notification`, `unread`). After every (re)connect the
 * socket asks for the messages after the newest one this tab knows, so nothing is missed while
 * it was down (the server sends the badges on connect). It reconnects with a growing pause, and
 * stops for good when the session is gone. Returns the function that closes it.
 */
export function openChatSocket(queryClient: QueryClient, meId: string): () => void {
  claimOutbox(meId);
  let socket: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const known = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
  for (const row of known ?? []) if (row.lastMessage) noteMessage(row.lastMessage);
  const unsubscribe = queryClient.getQueryCache().subscribe((change) => {
    if (change.type !== "updated" || change.query.queryKey[1] !== "conversations") return;
    const rows = change.query.state.data as Conversation[] | undefined;
    for (const row of rows ?? []) if (row.lastMessage) noteMessage(row.lastMessage);
  });

  const connect = () => {
    const current = new WebSocket(socketUrl());
    socket = current;
    let pages = 0;
    current.onopen = () => {
      setFrameSender((frame) => {
        if (current.readyState === WebSocket.OPEN) current.send(frame);
      });
      const reconnecting = attempt > 0;
      attempt = 0;
      // A tab that knows no message has nothing to catch up on: its lists load over HTTP.
      const after = newestMessageId();
      if (after) current.send(resumeFrame(after));
      // Presence may have changed while it was down.
      if (reconnecting) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      }
    };
    current.onmessage = (message) => {
      const event = readServerFrame(message.data);
      if (!event) return;
      applyChatEvent(queryClient, meId, event);
      applyNotificationEvent(queryClient, event);
      if (event.type !== "resumed" || !event.more) return;
      pages += 1;
      const last = event.messages.at(-1);
      if (last && pages < MAX_RESUME_PAGES) current.send(resumeFrame(last._id));
      else void queryClient.invalidateQueries({ queryKey: ["chat"] });
    };
    current.onclose = (close) => {
      setFrameSender(undefined);
      if (stopped) return;
      if (close.code === CHAT_CLOSE_FORBIDDEN_ORIGIN) {
        // Trying again would not help; saying so keeps the page from looking live when it is not.
        showToast(liveUpdatesStoppedMessage(close.reason ?? ""), {
          variant: "error",
          durationMs: Number.POSITIVE_INFINITY,
        });
        return;
      }
      if (close.code === CHAT_CLOSE_UNAUTHENTICATED) return;
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(connect, delay);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    socket?.close();
    forgetNewestMessage();
  };
}
