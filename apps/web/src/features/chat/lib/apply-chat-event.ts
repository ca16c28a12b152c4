import type { ChatMessage, ChatPage, ChatServerEvent, Conversation } from "@kindred/shared";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-client.ts";
import { chatKeys } from "./chat-keys.ts";

/** The newest message this tab knows of: where a reconnecting socket resumes from. */
let newest: { id: string; at: string } | undefined;

export function noteMessage(message: Pick<ChatMessage, "_id" | "createdAt">) {
  if (!newest || message.createdAt >= newest.at) {
    newest = { id: message._id, at: message.createdAt };
  }
}

export function newestMessageId(): string | null {
  return newest?.id ?? null;
}

export function forgetNewestMessage() {
  newest = undefined;
}

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/** Adds messages to a loaded history, once each, in time order. */
export function mergeMessages(page: ChatPage, incoming: ChatMessage[]): ChatPage {
  const known = new Set(page.messages.map((message) => message._id));
  const fresh = incoming.filter((message) => !known.has(message._id));
  if (fresh.length === 0) return page;
  return { ...page, messages: [...page.messages, ...fresh].sort(byTime) };
}

function sortConversations(rows: Conversation[]): Conversation[] {
  return [...rows].sort((a, b) => {
    const at = a.lastMessage?.createdAt ?? "";
    const bt = b.lastMessage?.createdAt ?? "";
    return at < bt ? 1 : at > bt ? -1 : 0;
  });
}

/** Applies one server event to the cached conversations and histories. */
export function applyChatEvent(queryClient: QueryClient, meId: string, event: ChatServerEvent) {
  switch (event.type) {
    case "message": {
      const { message } = event;
      noteMessage(message);
      const otherId = message.fromUserId === meId ? message.toUserId : message.fromUserId;
      let isNew = true;
      queryClient.setQueryData<ChatPage>(chatKeys.messages(otherId), (page) => {
        if (!page) return page;
        if (page.messages.some((known) => known._id === message._id)) isNew = false;
        return mergeMessages(page, [message]);
      });
      const rows = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
      const row = rows?.find((candidate) => candidate.user._id === otherId);
      if (!rows || !row) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        return;
      }
      if (row.lastMessage?._id === message._id) isNew = false;
      if (!isNew) return;
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (current = []) =>
        sortConversations(
          current.map((candidate) =>
            candidate.user._id === otherId
              ? {
                  ...candidate,
                  lastMessage:
                    !candidate.lastMessage || candidate.lastMessage.createdAt <= message.createdAt
                      ? message
                      : candidate.lastMessage,
                  unread: candidate.unread + (message.toUserId === meId ? 1 : 0),
                }
              : candidate,
          ),
        ),
      );
      return;
    }
    case "read": {
      if (event.byUserId !== meId) return;
      setUnread(queryClient, event.withUserId, 0);
      return;
    }
    case "presence": {
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) =>
        rows?.map((row) =>
          row.user._id === event.userId ? { ...row, online: event.online } : row,
        ),
      );
      return;
    }
    case "closed": {
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) =>
        rows?.filter((row) => row.user._id !== event.userId),
      );
      queryClient.removeQueries({ queryKey: chatKeys.messages(event.userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
      return;
    }
    default:
      return;
  }
}

export function setUnread(queryClient: QueryClient, userId: string, unread: number) {
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) =>
    rows?.map((row) => (row.user._id === userId ? { ...row, unread } : row)),
  );
}
