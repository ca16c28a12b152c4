import type { ChatMessage, Envelope } from "@kindred/shared";
import { apiClient } from "@/lib/api-client.ts";

/** Sends a message; the same clientId again returns the first one, so a retry never doubles. */
export async function sendMessage(userId: string, text: string, clientId: string) {
  const body = await apiClient.post<Envelope<ChatMessage>>(
    `/chat/${encodeURIComponent(userId)}/messages`,
    { text, clientId },
  );
  return body.data;
}
