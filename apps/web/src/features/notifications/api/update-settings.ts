import type {
  Envelope,
  NotificationSettingKind,
  NotificationSettings,
  NotificationSettingsPatch,
} from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { KIND_COPY } from "../lib/copy.ts";

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
  const { t, i18n } = useLingui();
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
    failure: ({ kind, channel, on }) => {
      const label = i18n._(KIND_COPY[kind].label).toLocaleLowerCase(i18n.locale);
      if (channel === "push") {
        return on ? t`Couldn't turn on ${label} by push.` : t`Couldn't turn off ${label} by push.`;
      }
      return on ? t`Couldn't turn on ${label} by email.` : t`Couldn't turn off ${label} by email.`;
    },
  });
}
