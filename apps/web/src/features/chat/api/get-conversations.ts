import type { Conversation, Envelope } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
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
