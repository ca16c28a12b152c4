import type { EventsPage } from "@kindred/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";

const BATCH = 50;

export function getEvents(
  token: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<EventsPage> {
  return apiClient.get<EventsPage>(`${COMMUNITY_PATH}/allevents`, {
    query: { cursor, limit: BATCH },
    headers: bearer(token),
    signal,
  });
}

/** Upcoming events, soonest first, fetched 50 at a time (the screen shows them 2 per page). */
export function useEvents(token: string) {
  return useInfiniteQuery({
    queryKey: communityKeys.events(token),
    queryFn: ({ pageParam, signal }) => getEvents(token, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
}
