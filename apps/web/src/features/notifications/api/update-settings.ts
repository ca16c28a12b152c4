import type {
  Envelope,
  NotificationSettingKind,
  NotificationSettings,
  NotificationSettingsPatch,
} from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { NOTIFICATION_KIND_LABELS } from "@/config/copy.ts";
import { apiClient } from "@/lib/api-client.ts";
import { useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { queryKeys } from "@/lib/query-client.ts";

export type Channel = "push" | "email";
export type SettingChange = { kind: NotificationSettingKind; channel: Channel; on: boolean };

/** Sends only what changed; answers the whole settings. */
export async function updateNotificationSettings(
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
  const body = await apiClient.put<Envelope<NotificationSettings>>(
    "/notifications/settings",
    patch,
  );
  return body.data;
}

/** A switch flips at once and saves; a failure flips it back with a toast. */
export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: ({ kind, channel, on }: SettingChange) =>
      updateNotificationSettings({ [kind]: { [channel]: on } }),
    apply: async ({ kind, channel, on }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notificationSettings });
      const before = queryClient.getQueryData<NotificationSettings>(queryKeys.notificationSettings);
      if (!before) return undefined;
      queryClient.setQueryData<NotificationSettings>(queryKeys.notificationSettings, (data) =>
        data ? { ...data, [kind]: { ...data[kind], [channel]: on } } : data,
      );
      // Only this switch goes back: another one flipped meanwhile keeps its new place.
      return () =>
        queryClient.setQueryData<NotificationSettings>(queryKeys.notificationSettings, (data) =>
          data ? { ...data, [kind]: { ...data[kind], [channel]: before[kind][channel] } } : data,
        );
    },
    failure: ({ kind, channel, on }) =>
      `Couldn't turn ${on ? "on" : "off"} ${NOTIFICATION_KIND_LABELS[kind].label.toLowerCase()} by ${channel === "push" ? "push" : "email"}.`,
  });
}
