import { useEffect, useState } from "react";
import { EVENTS_PAGE_SIZE } from "@/config/ui.ts";
import type { useEvents } from "../api/get-events.ts";

/**
 * The events shown a few per page (EVENTS_PAGE_SIZE, the spec's 2, unless the compact list asks
 * for more) out of the batches loaded so far; on the last page on screen the next batch is
 * fetched, so Next stays available.
 */
export function useEventPages(events: ReturnType<typeof useEvents>, pageSize = EVENTS_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const items = events.data?.pages.flatMap((batch) => batch.events) ?? [];
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(page, pageCount);
  const shown = items.slice((current - 1) * pageSize, current * pageSize);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;

  useEffect(() => {
    if (current === pageCount && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [current, pageCount, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return { empty: items.length === 0, shown, current, pageCount, setPage };
}
