import type { ChatPage, Envelope } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { chatKeys } from "../lib/chat-keys.ts";

export async function getMessages(
  userId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<ChatPage> {
  const body = await apiClient.get<Envelope<ChatPage>>(
    `/chat/${encodeURIComponent(userId)}/messages`,
    { query: { before }, signal },
  );
  return body.data;
}

/** The loaded history of one conversation, oldest first; older pages are merged in front. */
export function messagesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: chatKeys.messages(userId),
    queryFn: ({ signal }) => getMessages(userId, undefined, signal),
    // Live events keep it current; a refetch would drop the older pages.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMessages(userId: string) {
  return useQuery(messagesQueryOptions(userId));
}
