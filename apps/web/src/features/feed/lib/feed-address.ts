import { FEED_DEFAULT_LIMIT } from "@kindred/shared/constants";
import { apiUrl } from "@/lib/api-url.ts";
// Types only: the page's entry reads this file (preload-first-photo.ts), not the filters' code.
import type { FeedFilters } from "./feed-filters.ts";

/**
 * The query of the feed's page after `cursor` (null: the first). The filters go with every page:
 * a cursor is a place in the filtered feed.
 */
export const feedQuery = (cursor: string | null, filters: FeedFilters = {}) => ({
  limit: FEED_DEFAULT_LIMIT,
  cursor: cursor ?? undefined,
  teaches: filters.teaches,
  learns: filters.learns,
  campus: filters.campus ? 1 : undefined,
});

/** Where the first page is read: without filters, the address the server preloads for Discover. */
export const firstFeedPageUrl = (filters: FeedFilters = {}) =>
  apiUrl("/feed", feedQuery(null, filters));
