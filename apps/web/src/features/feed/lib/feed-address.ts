import { FEED_DEFAULT_LIMIT } from "@kindred/shared/constants";
import { apiUrl } from "@/lib/api-url.ts";

/** The query of the feed's page after `cursor` (null: the first). */
export const feedQuery = (cursor: string | null) => ({
  limit: FEED_DEFAULT_LIMIT,
  cursor: cursor ?? undefined,
});

/** Where the first page is read: the address the server preloads for Discover. */
export const firstFeedPageUrl = () => apiUrl("/feed", feedQuery(null));
