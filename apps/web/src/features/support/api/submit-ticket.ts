import type { SupportTicketBody } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

type Answer = { status: 1; message: string };

export function submitTicket(body: SupportTicketBody): Promise<Answer> {
  return apiClient.post<Answer>("/support/tickets", body);
}

export function useSubmitTicket() {
  return useMutation({ mutationFn: submitTicket });
}
