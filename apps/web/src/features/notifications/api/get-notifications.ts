import { NOTIFICATIONS_PAGE_DEFAULT_LIMIT, type NotificationPageAnswer } from "@kindred/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import type { NotificationPage } from "@/lib/notification-events.ts";
import { queryKeys } from "@/lib/query-client.ts";

/** One page, newest first; `nextCursor` asks for the older one (null: there is none). */
export async function getNotifications(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const body = await apiClient.get<NotificationPageAnswer>("/notifications", {
    query: { cursor: cursor ?? undefined, limit: NOTIFICATIONS_PAGE_DEFAULT_LIMIT },
    signal,
  });
  return { notifications: body.data, nextCursor: body.nextCursor };
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
