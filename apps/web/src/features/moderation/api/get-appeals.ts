import type { Appeal, Envelope } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { moderationKeys } from "../lib/moderation-keys.ts";

/** The open appeals, each with the action appealed and whether the caller may decide it. */
export async function getAppeals(signal?: AbortSignal): Promise<Appeal[]> {
  const body = await apiClient.get<Envelope<Appeal[]>>("/moderation/appeals", { signal });
  return body.data;
}

export function appealsQueryOptions() {
  return queryOptions({
    queryKey: moderationKeys.appeals,
    queryFn: ({ signal }) => getAppeals(signal),
  });
}

export function useAppeals() {
  return useQuery(appealsQueryOptions());
}
