import type { Envelope, UnreadCounts } from "@kindred/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "./api-client.ts";
import { queryKeys } from "./query-client.ts";

export async function getUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  const body = await apiClient.get<Envelope<UnreadCounts>>("/notifications/unread", { signal });
  return body.data;
}

/**
 * The three badges. The socket's `unread` events write this entry as they happen; this call
 * fills it first, and again on focus or reconnect when nothing came for a while.
 */
export function unreadCountsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.unread,
    queryFn: ({ signal }) => getUnreadCounts(signal),
    enabled,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}

const NONE: UnreadCounts = { notifications: 0, requests: 0, messages: 0 };

/** The badges' counts; all 0 until known, and when signed out. */
export function useUnreadCounts(signedIn: boolean): UnreadCounts {
  const { data } = useQuery(unreadCountsQueryOptions(signedIn));
  return signedIn && data ? data : NONE;
}

/**
 * Moves one badge at once, for an optimistic action (answering a request lowers Requests before
 * the server's `unread` event comes); the returned function puts it back when the call fails.
 */
export function shiftUnreadCount(
  queryClient: QueryClient,
  badge: keyof UnreadCounts,
  by: number,
): () => void {
  const shift = (delta: number) =>
    queryClient.setQueryData<UnreadCounts>(queryKeys.unread, (counts) =>
      counts ? { ...counts, [badge]: Math.max(0, counts[badge] + delta) } : counts,
    );
  shift(by);
  return () => shift(-by);
}
