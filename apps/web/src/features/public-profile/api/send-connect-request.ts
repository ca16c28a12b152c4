import type { Me, SentRequest } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient, type Envelope } from "../../../lib/api-client.ts";

/** The session check Connect makes first (spec section 6); any failure means "not signed in". */
export async function checkSession(): Promise<Me> {
  return apiClient.get<Me>("/profile/view");
}

export async function sendConnectRequest(userId: string): Promise<SentRequest> {
  const response = await apiClient.post<Envelope<SentRequest>>(
    `/request/send/interested/${encodeURIComponent(userId)}`,
    {},
  );
  return response.data;
}

export function useSendConnectRequest() {
  return useMutation({ mutationFn: sendConnectRequest });
}
