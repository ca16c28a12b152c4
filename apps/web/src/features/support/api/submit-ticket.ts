import type { OkAnswer, SupportTicketBody } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

export function submitTicket(body: SupportTicketBody): Promise<OkAnswer> {
  return apiClient.post<OkAnswer>("/support/tickets", body);
}

export function useSubmitTicket() {
  return useMutation({ mutationFn: submitTicket });
}
