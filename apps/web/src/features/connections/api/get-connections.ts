import type { ConnectionCard, Envelope } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, earlyData } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

const CONNECTIONS_PATH = "/user/connections";

export async function getConnections(signal?: AbortSignal): Promise<ConnectionCard[]> {
  const body = await apiClient.get<Envelope<ConnectionCard[]>>(CONNECTIONS_PATH, { signal });
  return body.data;
}

export function connectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.connections,
    queryFn: ({ signal }) => getConnections(signal),
    initialData: () => earlyData<ConnectionCard[]>(CONNECTIONS_PATH),
  });
}

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}
