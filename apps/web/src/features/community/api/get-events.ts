import { COMMUNITY_EVENTS_BATCH_SIZE, type EventListPage } from "@kindred/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys, cursorPaging } from "./community-request.ts";

/** Which events a list holds: from now on (soonest first) or gone by (most recent first). */
export type EventsWhen = "upcoming" | "past";

/**
 * The upcoming list keeps the community's events key (deleting an event takes it out of that
 * list at once); the past list sits under it, so invalidating the events reaches both.
 */
export function eventsListKey(token: string, when: EventsWhen) {
  return when === "upcoming"
    ? communityKeys.events(token)
    : ([...communityKeys.events(token), "past"] as const);
}

export function getEvents(
  token: string,
  when: EventsWhen,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<EventListPage> {
  return apiClient.get<EventListPage>(`${COMMUNITY_PATH}/allevents`, {
    query: { when, cursor, limit: COMMUNITY_EVENTS_BATCH_SIZE },
    headers: bearer(token),
    signal,
  });
}

/** Upcoming or past events, fetched 50 at a time (the screen shows them a few per page). */
export function useEvents(token: string, when: EventsWhen = "upcoming") {
  return useInfiniteQuery({
    queryKey: eventsListKey(token, when),
    queryFn: ({ pageParam, signal }) => getEvents(token, when, pageParam, signal),
    ...cursorPaging,
  });
}
