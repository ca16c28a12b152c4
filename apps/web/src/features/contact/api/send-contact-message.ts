import type { ContactBody, OkAnswer } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

export function sendContactMessage(body: ContactBody): Promise<OkAnswer> {
  return apiClient.post<OkAnswer>("/contact", body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
