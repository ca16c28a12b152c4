import type { ChatMessage, ChatReactionCount, Envelope } from "@kindred/shared";
import { apiClient } from "@/lib/api-client.ts";

// The calls that change a stored message, and the photo upload. The socket brings the result
// to every tab (this one too), so the screens change the cache only where it helps at once.

export async function editMessage(messageId: string, text: string): Promise<ChatMessage> {
  const body = await apiClient.patch<Envelope<ChatMessage>>(
    `/chat/messages/${encodeURIComponent(messageId)}`,
    { text },
  );
  return body.data;
}

export async function deleteMessage(messageId: string): Promise<void> {
  await apiClient.delete(`/chat/messages/${encodeURIComponent(messageId)}`);
}

export async function setReaction(
  messageId: string,
  emoji: string,
  on: boolean,
): Promise<ChatReactionCount[]> {
  const path = `/chat/messages/${encodeURIComponent(messageId)}/reactions/${encodeURIComponent(emoji)}`;
  const body = on
    ? await apiClient.put<Envelope<ChatReactionCount[]>>(path)
    : await apiClient.delete<Envelope<ChatReactionCount[]>>(path);
  return body.data;
}

/** Uploads one photo for the next message; answers its id. */
export async function uploadChatPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append("photo", file, file.name);
  const body = await apiClient.post<Envelope<{ _id: string }>>("/chat/photos", form);
  return body.data._id;
}
