import type { ChatMessage, Envelope } from "@kindred/shared";
import { apiClient } from "@/lib/api-client.ts";

export type OutgoingMessage = { text: string; replyTo?: string; photos?: string[] };

/** Sends a message; the same clientId again returns the first one, so a retry never doubles. */
export async function sendMessage(userId: string, message: OutgoingMessage, clientId: string) {
  const body = await apiClient.post<Envelope<ChatMessage>>(
    `/chat/${encodeURIComponent(userId)}/messages`,
    { ...message, clientId },
  );
  return body.data;
}
