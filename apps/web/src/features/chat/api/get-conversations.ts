import type { Conversation } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, type Envelope } from "@/lib/api-client.ts";
import { chatKeys } from "../lib/chat-keys.ts";

export async function getConversations(signal?: AbortSignal): Promise<Conversation[]> {
  const body = await apiClient.get<Envelope<Conversation[]>>("/chat/conversations", { signal });
  return body.data;
}

export function conversationsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => getConversations(signal),
    enabled,
  });
}

export function useConversations(enabled = true) {
  return useQuery(conversationsQueryOptions(enabled));
}

/** Unread messages over every conversation, for the top bar and the tab title. */
export function useUnreadChatCount(enabled: boolean): number {
  const { data } = useQuery({
    ...conversationsQueryOptions(enabled),
    select: (rows) => rows.reduce((sum, row) => sum + row.unread, 0),
  });
  return data ?? 0;
}
