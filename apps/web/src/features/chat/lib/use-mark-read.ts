import type { ChatMessage } from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { markRead } from "../api/mark-read.ts";
import { setUnread } from "./apply-chat-event.ts";

/**
 * Reading the conversation marks it read, up to the newest message from the other person: at
 * once while the tab is visible, else when it becomes visible.
 */
export function useMarkRead(otherId: string, messages: ChatMessage[]): void {
  const queryClient = useQueryClient();
  const markedRef = useRef<string | undefined>(undefined);
  useEffect(() => {
    const newestFromThem = [...messages].reverse().find((m) => m.fromUserId === otherId);
    if (!newestFromThem || markedRef.current === newestFromThem._id) return;
    const mark = () => {
      if (document.visibilityState !== "visible") return;
      markedRef.current = newestFromThem._id;
      markRead(otherId, newestFromThem._id)
        .then((unread) => setUnread(queryClient, otherId, unread))
        .catch(() => {
          markedRef.current = undefined;
        });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [messages, otherId, queryClient]);
}
