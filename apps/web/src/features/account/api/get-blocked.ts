import type { Card, Envelope } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { accountKeys } from "../lib/account-keys.ts";

export async function getBlocked(signal?: AbortSignal): Promise<Card[]> {
  const body = await apiClient.get<Envelope<Card[]>>("/user/blocked", { signal });
  return body.data;
}

export function blockedQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.blocked,
    queryFn: ({ signal }) => getBlocked(signal),
  });
}

export function useBlocked() {
  return useQuery(blockedQueryOptions());
}
