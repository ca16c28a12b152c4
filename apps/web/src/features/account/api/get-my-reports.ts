import type { Envelope, MyReport } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { accountKeys } from "../lib/account-keys.ts";

/** My reports, newest first: what, why, when, and whether a moderator has reviewed it. */
export async function getMyReports(signal?: AbortSignal): Promise<MyReport[]> {
  const body = await apiClient.get<Envelope<MyReport[]>>("/reports/mine", { signal });
  return body.data;
}

export function myReportsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.reports,
    queryFn: ({ signal }) => getMyReports(signal),
  });
}

export function useMyReports() {
  return useQuery(myReportsQueryOptions());
}
