import type { Envelope, ModerationCaseDetail } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { moderationKeys } from "../lib/moderation-keys.ts";

/** A case with its actions and the person's earlier cases and actions. */
export async function getCase(id: string, signal?: AbortSignal): Promise<ModerationCaseDetail> {
  const body = await apiClient.get<Envelope<ModerationCaseDetail>>(
    `/moderation/cases/${encodeURIComponent(id)}`,
    { signal },
  );
  return body.data;
}

export function caseQueryOptions(id: string) {
  return queryOptions({
    queryKey: moderationKeys.case(id),
    queryFn: ({ signal }) => getCase(id, signal),
  });
}

export function useCase(id: string) {
  return useQuery(caseQueryOptions(id));
}
