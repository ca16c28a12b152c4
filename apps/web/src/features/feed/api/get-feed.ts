import { FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT, type FeedCard } from "@kindred/shared";
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { ApiError, apiClient, type Envelope } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

/**
 * One load of the feed. `ids` is everyone the server answered with; `cards` shrinks as the
 * viewer decides, so a decided card stays out of the deck for as long as the cache lives.
 */
export type FeedPage = { ids: string[]; cards: FeedCard[] };
export type FeedData = InfiniteData<FeedPage, number>;

/** The page param is the `limit` to ask for; the page is always 1 (see nextFeedLimit). */
export async function getFeed(limit: number, signal?: AbortSignal): Promise<FeedPage> {
  const body = await apiClient.get<Envelope<FeedCard[]>>("/feed", {
    query: { page: 1, limit },
    signal,
  });
  return { ids: body.data.map((card) => card._id), cards: body.data };
}

/** The undecided cards in load order; a person the server repeats shows only where first seen. */
export function deckCards(pages: readonly FeedPage[]): FeedCard[] {
  const seen = new Set<string>();
  const cards: FeedCard[] = [];
  for (const page of pages) {
    for (const card of page.cards) if (!seen.has(card._id)) cards.push(card);
    for (const id of page.ids) seen.add(id);
  }
  return cards;
}

/**
 * The server drops everyone the viewer has decided on, so its page 2 moves under our feet:
 * after ten swipes, page 2 would hold what page 3 held and ten people would be skipped.
 * Instead every load asks for page 1 again, with a limit that reaches past the cards still in
 * hand (which the server may still list) plus a fresh batch, and the deck merges by id.
 * Overestimating the cards in hand only costs a few repeated rows, never a skipped person.
 * The feed has ended when an answer is shorter than asked for or brings no one new.
 */
export function nextFeedLimit(
  lastPage: FeedPage,
  allPages: FeedPage[],
  lastLimit: number,
): number | undefined {
  if (lastPage.ids.length < lastLimit) return undefined;
  const earlier = new Set(allPages.slice(0, -1).flatMap((page) => page.ids));
  if (lastPage.ids.every((id) => earlier.has(id))) return undefined;
  const inHand = deckCards(allPages).length;
  if (inHand + FEED_DEFAULT_LIMIT > FEED_MAX_LIMIT) return undefined;
  return inHand + FEED_DEFAULT_LIMIT;
}

export function feedQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.feed,
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
    initialPageParam: FEED_DEFAULT_LIMIT,
    getNextPageParam: nextFeedLimit,
    // The failure panel has its own Try Again, so one quick retry is enough before showing it.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    retryDelay: 500,
  });
}

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions());
}

/** Takes a decided person out of the cached deck. */
export function removeFromFeed(queryClient: QueryClient, userId: string): void {
  queryClient.setQueryData<FeedData>(queryKeys.feed, (data) =>
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

/** Puts an undone person back on top of the cached deck. */
export function restoreToFeed(queryClient: QueryClient, card: FeedCard): void {
  queryClient.setQueryData<FeedData>(queryKeys.feed, (data) => {
    if (!data || data.pages.length === 0) {
      return { pages: [{ ids: [card._id], cards: [card] }], pageParams: [FEED_DEFAULT_LIMIT] };
    }
    return {
      ...data,
      pages: data.pages.map((page, index) =>
        index === 0
          ? {
              ids: page.ids.includes(card._id) ? page.ids : [card._id, ...page.ids],
              cards: [card, ...page.cards.filter((other) => other._id !== card._id)],
            }
          : { ...page, cards: page.cards.filter((other) => other._id !== card._id) },
      ),
    };
  });
}
