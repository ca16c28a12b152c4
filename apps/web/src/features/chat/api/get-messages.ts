import type { ChatPage, ChatUnread, Conversation, Envelope } from "@kindred/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { chatKeys } from "../lib/chat-keys.ts";

/** Where a page of history starts: the newest, before or after a message, around one, words. */
export type PageFrom = { before?: string; after?: string; around?: string; q?: string };

export async function getMessages(
  userId: string,
  from: PageFrom = {},
  signal?: AbortSignal,
): Promise<ChatPage> {
  const body = await apiClient.get<Envelope<ChatPage>>(
    `/chat/${encodeURIComponent(userId)}/messages`,
    { query: from, signal },
  );
  return body.data;
}

export async function getUnread(userId: string, signal?: AbortSignal): Promise<ChatUnread> {
  const body = await apiClient.get<Envelope<ChatUnread>>(
    `/chat/${encodeURIComponent(userId)}/unread`,
    { signal },
  );
  return body.data;
}

/** A loaded history: the page, and the first message that was unread when it opened. */
export type ChatHistory = ChatPage & { firstUnreadId?: string | null };

/**
 * The history a conversation opens with: the newest page, or, with unread messages, the page
 * that begins a little before the first of them (so it opens there, under "New messages").
 */
async function openingHistory(
  queryClient: QueryClient,
  userId: string,
  signal: AbortSignal,
): Promise<ChatHistory> {
  const rows = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
  const known = rows?.find((row) => row.user._id === userId);
  if (known && known.unread === 0) return getMessages(userId, {}, signal);
  const unread = await getUnread(userId, signal).catch(() => null);
  if (!unread?.firstUnreadId) return getMessages(userId, {}, signal);
  const page = await getMessages(userId, { around: unread.firstUnreadId }, signal);
  return { ...page, firstUnreadId: unread.firstUnreadId };
}

/** The loaded history of one conversation, oldest first; other pages are merged in. */
export function messagesQueryOptions(queryClient: QueryClient, userId: string) {
  return queryOptions({
    queryKey: chatKeys.messages(userId),
    queryFn: ({ signal }): Promise<ChatHistory> => openingHistory(queryClient, userId, signal),
    // Live events keep it current; a refetch would drop the older pages.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMessages(userId: string, queryClient: QueryClient) {
  return useQuery(messagesQueryOptions(queryClient, userId));
}
