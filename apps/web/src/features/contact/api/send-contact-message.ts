import type { ContactBody } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

type Answer = { status: 1; message: string };

export function sendContactMessage(body: ContactBody): Promise<Answer> {
  return apiClient.post<Answer>("/contact", body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
