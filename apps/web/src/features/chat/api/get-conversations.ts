import type { Conversation, Envelope } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, earlyData } from "@/lib/api-client.ts";
import { chatKeys } from "../lib/chat-keys.ts";

const CONVERSATIONS_PATH = "/chat/conversations";

export async function getConversations(signal?: AbortSignal): Promise<Conversation[]> {
  const body = await apiClient.get<Envelope<Conversation[]>>(CONVERSATIONS_PATH, { signal });
  return body.data;
}

export function conversationsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => getConversations(signal),
    initialData: () => earlyData<Conversation[]>(CONVERSATIONS_PATH),
    enabled,
  });
}

export function useConversations(enabled = true) {
  return useQuery(conversationsQueryOptions(enabled));
}
