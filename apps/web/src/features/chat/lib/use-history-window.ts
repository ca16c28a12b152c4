import type { ChatMessage } from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type ChatHistory, getMessages } from "../api/get-messages.ts";
import { chatKeys } from "./chat-keys.ts";

/** The two lists as one, each message once, in the order they were sent. */
function joined(first: ChatMessage[], second: ChatMessage[]): ChatMessage[] {
  const seen = new Set(first.map((message) => message._id));
  return [...first, ...second.filter((message) => !seen.has(message._id))].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
}

/**
 * The loaded part of a conversation: older pages in front, newer ones behind (when it opened at
 * an older message), or a jump to any message (a reply's original, a search hit) or to the
 * newest. `jumpTo` answers once the message is loaded, for the screen to scroll to it.
 */
export function useHistoryWindow(otherId: string, history: ChatHistory | undefined) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState<"older" | "newer" | "jump" | null>(null);
  const key = chatKeys.messages(otherId);

  async function run(kind: "older" | "newer" | "jump", work: () => Promise<void>) {
    setLoading(kind);
    try {
      await work();
    } finally {
      setLoading(null);
    }
  }

  const loadOlder = () =>
    run("older", async () => {
      if (!history?.nextBefore) return;
      const older = await getMessages(otherId, { before: history.nextBefore });
      queryClient.setQueryData<ChatHistory>(key, (page) =>
        page
          ? {
              ...page,
              messages: joined(older.messages, page.messages),
              nextBefore: older.nextBefore,
            }
          : page,
      );
    });

  const loadNewer = () =>
    run("newer", async () => {
      if (!history?.nextAfter) return;
      const newer = await getMessages(otherId, { after: history.nextAfter });
      queryClient.setQueryData<ChatHistory>(key, (page) =>
        page
          ? { ...page, messages: joined(page.messages, newer.messages), nextAfter: newer.nextAfter }
          : page,
      );
    });

  /** Loads the page around the message unless it is loaded already. */
  const jumpTo = (messageId: string) =>
    run("jump", async () => {
      if (history?.messages.some((message) => message._id === messageId)) return;
      const page = await getMessages(otherId, { around: messageId });
      queryClient.setQueryData<ChatHistory>(key, (current) => ({
        ...page,
        firstUnreadId: current?.firstUnreadId ?? null,
      }));
    });

  /** Back to the newest page (when the loaded part does not reach it). */
  const jumpToNewest = () =>
    run("jump", async () => {
      if (!history?.nextAfter) return;
      const page = await getMessages(otherId, {});
      queryClient.setQueryData<ChatHistory>(key, (current) => ({
        ...page,
        firstUnreadId: current?.firstUnreadId ?? null,
      }));
    });

  return { loading, loadOlder, loadNewer, jumpTo, jumpToNewest };
}
