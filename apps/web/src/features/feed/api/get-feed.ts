import type { FeedAnswer, FeedCard } from "@kindred/shared";
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { feedQuery, firstFeedPageUrl } from "@/features/feed/lib/feed-address.ts";
import { type FeedFilters, NO_FILTERS } from "@/features/feed/lib/feed-filters.ts";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { takeEarlyBody } from "@/lib/early-reads.ts";
import { queryKeys } from "@/lib/query-client.ts";

/**
 * One page of the feed and the cursor of the next (null: nobody more for now). `cards` shrinks
 * as the viewer decides, so a decided card stays out of the deck for as long as the cache lives.
 */
export type FeedPage = { cards: FeedCard[]; next: string | null };
export type FeedData = InfiniteData<FeedPage, string | null>;

/**
 * A page after `cursor` (null: the first). The server keeps a queue per viewer and the cursor is a
 * place in it, so deciding on cards does not move the next page: nobody is skipped or repeated.
 */
export async function getFeed(
  cursor: string | null,
  filters: FeedFilters = NO_FILTERS,
  signal?: AbortSignal,
): Promise<FeedPage> {
  const body = await apiClient.get<FeedAnswer>("/feed", {
    query: feedQuery(cursor, filters),
    signal,
  });
  return pageOf(body);
}

/** One cache per set of filters: changing a filter starts its feed from the first page. */
export function feedQueryKey(filters: FeedFilters = NO_FILTERS) {
  return [
    ...queryKeys.feed,
    { teaches: filters.teaches, learns: filters.learns, campus: filters.campus },
  ] as const;
}

const pageOf = (body: FeedAnswer): FeedPage => ({
  cards: body.data,
  next: body.nextCursor ?? null,
});

/**
 * The first page the page read early (early-reads.ts), so Discover paints its cards at once. The
 * server preloads the feed without filters: with some set, there is none for their address.
 */
function earlyFeed(filters: FeedFilters): FeedData | undefined {
  const body = takeEarlyBody<FeedAnswer>(firstFeedPageUrl(filters));
  return body ? { pages: [pageOf(body)], pageParams: [null] } : undefined;
}

/**
 * The undecided cards in load order. A ranking the server rebuilt (after a skills edit) may list
 * someone still in hand again; they show once.
 */
export function feedDeck(pages: readonly FeedPage[]): FeedCard[] {
  const seen = new Set<string>();
  const cards: FeedCard[] = [];
  for (const page of pages) {
    for (const card of page.cards) {
      if (seen.has(card._id)) continue;
      seen.add(card._id);
      cards.push(card);
    }
  }
  return cards;
}

export function feedQueryOptions(filters: FeedFilters = NO_FILTERS) {
  return infiniteQueryOptions({
    queryKey: feedQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, filters, signal),
    initialPageParam: null as string | null,
    initialData: () => earlyFeed(filters),
    getNextPageParam: (lastPage: FeedPage) => lastPage.next ?? undefined,
    // The failure panel has its own Try Again, so one quick retry is enough before showing it.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    retryDelay: 500,
  });
}

export function useFeed(filters: FeedFilters = NO_FILTERS) {
  return useInfiniteQuery(feedQueryOptions(filters));
}

/** Whether the deck of these filters holds the person (among the pages loaded). */
export function feedHolds(
  queryClient: QueryClient,
  userId: string,
  filters: FeedFilters = NO_FILTERS,
): boolean {
  const data = queryClient.getQueryData<FeedData>(feedQueryKey(filters));
  return Boolean(data?.pages.some((page) => page.cards.some((card) => card._id === userId)));
}

/** Takes a decided person out of every cached deck, whatever its filters. */
export function removeFromFeed(queryClient: QueryClient, userId: string): void {
  queryClient.setQueriesData<FeedData>({ queryKey: queryKeys.feed }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            cards: page.cards.filter((card) => card._id !== userId),
          })),
        }
      : data,
  );
}

/** Puts an undone person back on top of the deck of these filters, where they were decided. */
export function restoreToFeed(
  queryClient: QueryClient,
  card: FeedCard,
  filters: FeedFilters = NO_FILTERS,
): void {
  queryClient.setQueryData<FeedData>(feedQueryKey(filters), (data) => {
    if (!data || data.pages.length === 0) {
      return { pages: [{ cards: [card], next: null }], pageParams: [null] };
    }
    return {
      ...data,
      pages: data.pages.map((page, index) =>
        index === 0
          ? { ...page, cards: [card, ...page.cards.filter((other) => other._id !== card._id)] }
          : { ...page, cards: page.cards.filter((other) => other._id !== card._id) },
      ),
    };
  });
}
