import type { Availability, AvailabilityBody, Envelope } from "@kindred/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { accountKeys } from "../lib/account-keys.ts";

const AVAILABILITY_PATH = "/account/availability";

/** My week's free hours (day 0 Sunday to 6, hour 0 to 23) and the time zone they are in. */
export async function getAvailability(signal?: AbortSignal): Promise<Availability> {
  return (await apiClient.get<Envelope<Availability>>(AVAILABILITY_PATH, { signal })).data;
}

export function availabilityQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.availability,
    queryFn: ({ signal }) => getAvailability(signal),
  });
}

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}

/** Replaces the whole week; answers it as stored. */
export async function saveAvailability(body: AvailabilityBody): Promise<Availability> {
  return (await apiClient.put<Envelope<Availability>>(AVAILABILITY_PATH, body)).data;
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: (week) => queryClient.setQueryData(accountKeys.availability, week),
  });
}
