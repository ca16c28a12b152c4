import type { Envelope } from "@kindred/shared";
import { apiClient } from "@/lib/api-client.ts";

export async function markRead(userId: string, messageId: string): Promise<number> {
  const body = await apiClient.post<Envelope<{ unread: number }>>(
    `/chat/${encodeURIComponent(userId)}/read`,
    { messageId },
  );
  return body.data.unread;
}
