import type { SendStatus, SentRequest } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import type { Envelope } from "@/lib/api-client.ts";
import { apiClient } from "@/lib/api-client.ts";

export async function sendRequest(status: SendStatus, userId: string): Promise<SentRequest> {
  const body = await apiClient.post<Envelope<SentRequest>>(
    `/request/send/${status}/${encodeURIComponent(userId)}`,
    {},
  );
  return body.data;
}

export function useSendRequest() {
  return useMutation({
    mutationFn: ({ status, userId }: { status: SendStatus; userId: string }) =>
      sendRequest(status, userId),
  });
}
