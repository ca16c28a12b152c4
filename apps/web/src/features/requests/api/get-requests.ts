import type { Envelope, ReceivedRequest } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

export async function getReceivedRequests(signal?: AbortSignal): Promise<ReceivedRequest[]> {
  const body = await apiClient.get<Envelope<ReceivedRequest[]>>("/user/requests/received", {
    signal,
  });
  return body.data;
}

export function receivedRequestsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.requests,
    queryFn: ({ signal }) => getReceivedRequests(signal),
  });
}

export function useReceivedRequests() {
  return useQuery(receivedRequestsQueryOptions());
}
