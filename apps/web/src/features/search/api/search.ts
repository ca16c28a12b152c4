import {
  isSearchableQuery,
  SEARCH_MAX_LIMIT,
  type SearchAnswer,
  type SearchResults,
  type SearchType,
} from "@kindred/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

/** Whether the server would take `q` (at least two visible characters, no control characters). */
export function isSearchable(q: string): boolean {
  return isSearchableQuery(q);
}

export function search(
  query: { q: string; type?: SearchType; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  return apiClient.get<SearchAnswer>("/search", { query, signal });
}

const searchKeys = {
  all: ["search"] as const,
  overview: (q: string) => ["search", "overview", q] as const,
  kind: (q: string, type: SearchType) => ["search", type, q] as const,
};

/** The first few of each kind, as one types (a query that cannot be searched asks nothing). */
export function useSearchOverview(q: string) {
  return useQuery({
    queryKey: searchKeys.overview(q),
    queryFn: ({ signal }) => search({ q }, signal),
    enabled: isSearchable(q),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** One kind, page after page (the search page's "Show more"). */
export function useSearchKind(q: string, type: SearchType, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: searchKeys.kind(q, type),
    queryFn: ({ pageParam, signal }) =>
      search({ q, type, cursor: pageParam, limit: SEARCH_MAX_LIMIT }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: SearchAnswer) => last.nextCursor[type] ?? undefined,
    enabled: enabled && isSearchable(q),
    retry: false,
  });
}

export type { SearchResults };
