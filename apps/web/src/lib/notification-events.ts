import type { ChatServerEvent, Notification, UnreadCounts } from "@kindred/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { mutationKeys, queryKeys } from "./query-client.ts";

/** One page of the centre as the cache keeps it, and the cursor of the next (null: none). */
export type NotificationPage = { notifications: Notification[]; nextCursor: string | null };

/** The notification centre's cache: its pages, each asked for with the cursor before it. */
export type NotificationsCache = InfiniteData<NotificationPage, string | null>;

/** A new or grown notification goes to the top of the first page, once. */
export function prependNotification(
  data: NotificationsCache | undefined,
  notification: Notification,
): NotificationsCache | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => {
      const others = page.notifications.filter((known) => known._id !== notification._id);
      return { ...page, notifications: index === 0 ? [notification, ...others] : others };
    }),
  };
}

/** Marks some (or, without ids, all) cached notifications read. */
export function markCachedRead(
  data: NotificationsCache | undefined,
  ids: readonly string[] | undefined,
  at: string,
): NotificationsCache | undefined {
  if (!data) return data;
  const wanted = ids ? new Set(ids) : undefined;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((notification) =>
        notification.readAt === null && (!wanted || wanted.has(notification._id))
          ? { ...notification, readAt: at }
          : notification,
      ),
    })),
  };
}

/**
 * Applies the socket's notification events to the cache: `unread` sets the badges (and refreshes
 * the requests list when its count moved), `notification` puts the newest at the top of the
 * centre. Chat's own events are left to the chat.
 */
export function applyNotificationEvent(queryClient: QueryClient, event: ChatServerEvent): void {
  if (event.type === "unread") {
    const before = queryClient.getQueryData<UnreadCounts>(queryKeys.unread);
    // An accept or reject on its way has moved the Requests badge already; a count sent before
    // the server has it would move it back (the count is read again once it is answered).
    if (before && queryClient.isMutating({ mutationKey: mutationKeys.reviewRequest }) > 0) {
      queryClient.setQueryData<UnreadCounts>(queryKeys.unread, {
        ...event.data,
        requests: before.requests,
      });
      return;
    }
    queryClient.setQueryData<UnreadCounts>(queryKeys.unread, event.data);
    if (before && before.requests !== event.data.requests) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests });
    }
    return;
  }
  if (event.type === "notification") {
    const { notification } = event;
    queryClient.setQueryData<NotificationsCache>(queryKeys.notifications, (data) =>
      prependNotification(data, notification),
    );
    if (notification.kind === "request_accepted") {
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
    }
    // Discover open since before 9:00 shows the day's picks as they are made.
    if (notification.kind === "daily_picks") {
      void queryClient.invalidateQueries({ queryKey: queryKeys.picks });
    }
  }
}
