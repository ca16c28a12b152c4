import type { CreateReportBody, Envelope } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

/** Files a report; the server keeps a snapshot of what was reported as it is now. */
export async function createReport(body: CreateReportBody): Promise<{ _id: string }> {
  const answer = await apiClient.post<Envelope<{ _id: string }>>("/reports", body);
  return answer.data;
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
