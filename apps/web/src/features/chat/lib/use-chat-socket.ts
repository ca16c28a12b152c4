import {
  CHAT_CLOSE_FORBIDDEN_ORIGIN,
  CHAT_CLOSE_UNAUTHENTICATED,
  type ChatServerEvent,
  type Conversation,
} from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { env } from "@/config/env.ts";
import {
  applyChatEvent,
  forgetNewestMessage,
  newestMessageId,
  noteMessage,
} from "./apply-chat-event.ts";
import { chatKeys } from "./chat-keys.ts";
import { claimOutbox } from "./outbox.ts";

const MAX_BACKOFF_MS = 15_000;

function socketUrl(): string {
  const url = new URL(`${env.apiBaseUrl}/chat/socket`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.toString();
}

/**
 * One socket per tab while signed in. Events update the query cache; after every (re)connect the
 * socket asks for the messages after the newest one this tab knows, so nothing is missed while
 * it was down. It reconnects with a growing pause, and stops for good when the session is gone.
 */
export function useChatSocket(meId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meId) return;
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
      current.onopen = () => {
        const reconnecting = attempt > 0;
        attempt = 0;
        current.send(JSON.stringify({ type: "resume", after: newestMessageId() }));
        // Presence may have changed while it was down.
        if (reconnecting) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      };
      current.onmessage = (message) => {
        try {
          applyChatEvent(queryClient, meId, JSON.parse(String(message.data)) as ChatServerEvent);
        } catch {
          // A malformed event changes nothing.
        }
      };
      current.onclose = (close) => {
        if (stopped) return;
        if (
          close.code === CHAT_CLOSE_UNAUTHENTICATED ||
          close.code === CHAT_CLOSE_FORBIDDEN_ORIGIN
        ) {
          return;
        }
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
  }, [meId, queryClient]);
}
