import type { ConnectionCard, Envelope } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

export async function getConnections(signal?: AbortSignal): Promise<ConnectionCard[]> {
  const body = await apiClient.get<Envelope<ConnectionCard[]>>("/user/connections", { signal });
  return body.data;
}

export function connectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.connections,
    queryFn: ({ signal }) => getConnections(signal),
  });
}

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}
