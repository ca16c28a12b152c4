import type { FeedCard, PicksAnswer } from "@kindred/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { type Rollback, takeOutOfList } from "@/lib/optimistic-mutation.ts";
import { queryKeys } from "@/lib/query-client.ts";

/**
 * Today's picks: up to three feed cards, made at 9:00 in the person's time zone and the same all
 * day (none before then, or when nobody fits). A decided pick leaves the cached list; the server
 * leaves out anyone decided too, so a later read does not bring them back.
 */
export async function getPicks(signal?: AbortSignal): Promise<FeedCard[]> {
  const body = await apiClient.get<PicksAnswer>("/picks", { signal });
  return body.data;
}

export function picksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.picks,
    queryFn: ({ signal }) => getPicks(signal),
  });
}

export function usePicks() {
  return useQuery(picksQueryOptions());
}

/**
 * Takes a decided person out of today's picks and returns how to put them back where they were;
 * undefined when they are not a pick. A list not holding them is left alone: a read of it under
 * way is not cancelled.
 */
export async function takeOutOfPicks(
  queryClient: QueryClient,
  userId: string,
): Promise<Rollback | undefined> {
  const picks = queryClient.getQueryData<FeedCard[]>(queryKeys.picks);
  if (!picks?.some((card) => card._id === userId)) return undefined;
  return takeOutOfList<FeedCard>(queryClient, {
    queryKey: queryKeys.picks,
    idOf: (card) => card._id,
    id: userId,
  });
}
