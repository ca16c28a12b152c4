import type { Envelope, NotificationSettings } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  const body = await apiClient.get<Envelope<NotificationSettings>>("/notifications/settings", {
    signal,
  });
  return body.data;
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notificationSettings,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
