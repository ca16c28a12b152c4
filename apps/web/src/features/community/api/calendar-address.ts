import type { CalendarAddress, Envelope } from "@kindred/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH } from "./community-request.ts";

export function calendarAddressKey(token: string) {
  return ["community", "calendar", token] as const;
}

export async function getCalendarAddress(token: string, signal?: AbortSignal): Promise<string> {
  const answer = await apiClient.get<Envelope<CalendarAddress>>(`${COMMUNITY_PATH}/calendar`, {
    headers: bearer(token),
    signal,
  });
  return answer.data.url;
}

export async function resetCalendarAddress(token: string): Promise<string> {
  const answer = await apiClient.post<Envelope<CalendarAddress>>(
    `${COMMUNITY_PATH}/calendar/reset`,
    {},
    { headers: bearer(token) },
  );
  return answer.data.url;
}

/**
 * The member's private calendar address. Asked for only once the member wants to see it: the
 * server makes one on the first ask.
 */
export function useCalendarAddress(token: string, enabled: boolean) {
  return useQuery({
    queryKey: calendarAddressKey(token),
    queryFn: ({ signal }) => getCalendarAddress(token, signal),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A new address; the old one stops working. */
export function useResetCalendarAddress(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetCalendarAddress(token),
    onSuccess: (url) => queryClient.setQueryData(calendarAddressKey(token), url),
  });
}
