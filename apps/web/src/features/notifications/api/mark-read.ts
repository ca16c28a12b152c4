import type { Envelope, MarkReadBody, Notification, UnreadCounts } from "@kindred/shared";
import type { MessageDescriptor } from "@lingui/core";
import { useQueryClient } from "@tanstack/react-query";
import { useLingui } from "@/i18n/runtime.tsx";
import { apiClient } from "@/lib/api-client.ts";
import { markCachedRead, type NotificationsCache } from "@/lib/notification-events.ts";
import { type Rollback, useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { NOTIFICATION_COPY } from "../lib/copy.ts";

/** Marks notifications read; answers how many are left unread. */
export async function markNotificationsRead(body: MarkReadBody): Promise<number> {
  const answer = await apiClient.post<Envelope<{ notifications: number }>>(
    "/notifications/read",
    body,
  );
  return answer.data.notifications;
}

/**
 * Shows them read at once (the list and the bell); a failure puts both back. The server's
 * answer sets the bell to what is really left.
 */
function useMarkRead<TVariables>(
  toBody: (variables: TVariables) => MarkReadBody,
  toIds: (variables: TVariables) => string[] | undefined,
  failure: MessageDescriptor,
) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: (variables: TVariables) => markNotificationsRead(toBody(variables)),
    apply: async (variables): Promise<Rollback> => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications });
      const list = queryClient.getQueryData<NotificationsCache>(queryKeys.notifications);
      const counts = queryClient.getQueryData<UnreadCounts>(queryKeys.unread);
      const ids = toIds(variables);
      const unreadNow = (list?.pages ?? [])
        .flatMap((page) => page.notifications)
        .filter((n) => n.readAt === null && (!ids || ids.includes(n._id))).length;
      queryClient.setQueryData<NotificationsCache>(queryKeys.notifications, (data) =>
        markCachedRead(data, ids, new Date().toISOString()),
      );
      if (counts) {
        queryClient.setQueryData<UnreadCounts>(queryKeys.unread, {
          ...counts,
          notifications: ids ? Math.max(0, counts.notifications - unreadNow) : 0,
        });
      }
      return () => {
        queryClient.setQueryData(queryKeys.notifications, list);
        if (counts) queryClient.setQueryData(queryKeys.unread, counts);
      };
    },
    failure: () => _(failure),
    onSuccess: (left) => {
      queryClient.setQueryData<UnreadCounts>(queryKeys.unread, (counts) =>
        counts ? { ...counts, notifications: left } : counts,
      );
    },
  });
}

/** Opening a notification reads it. */
export function useMarkNotificationRead() {
  return useMarkRead(
    (notification: Notification) => ({ ids: [notification._id] }),
    (notification) => [notification._id],
    NOTIFICATION_COPY.markOneFailed,
  );
}

export function useMarkAllRead() {
  return useMarkRead(
    (_: undefined) => ({ all: true }),
    () => undefined,
    NOTIFICATION_COPY.markAllFailed,
  );
}
