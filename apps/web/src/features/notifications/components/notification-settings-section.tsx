import type { NotificationSettingKind, NotificationSettings } from "@kindred/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { LoadingPanel } from "@/components/ui/status-panel.tsx";
import { useNotificationSettings } from "../api/get-settings.ts";
import { type Channel, useUpdateNotificationSetting } from "../api/update-settings.ts";
import { KIND_COPY, NOTIFICATION_COPY } from "../lib/copy.ts";

/**
 * What the settings show today; the community's kinds come under their own heading. Moderation
 * notices have no switch: they are always delivered (NOTIFICATION_SETTING_KINDS).
 */
const GROUPS: { key: string; title: MessageDescriptor; kinds: NotificationSettingKind[] }[] = [
  {
    key: "connections",
    title: msg`Connections and chat`,
    kinds: [
      "request_received",
      "request_accepted",
      "message",
      "daily_picks",
      "meetup_accepted",
      "meetup_declined",
      "meetup_cancelled",
      "meetup_reminder",
    ],
  },
  {
    key: "community",
    title: msg`Community`,
    kinds: ["event_reminder", "event_promoted", "event_cancelled", "post_reply"],
  },
];

const CHANNELS: { channel: Channel; label: MessageDescriptor }[] = [
  { channel: "push", label: msg`Push` },
  { channel: "email", label: msg`Email` },
];

function KindRow({
  kind,
  settings,
}: {
  kind: NotificationSettingKind;
  settings: NotificationSettings;
}) {
  const { t, i18n } = useLingui();
  const update = useUpdateNotificationSetting();
  const label = i18n._(KIND_COPY[kind].label);
  const description = i18n._(KIND_COPY[kind].description);
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_3.5rem_3.5rem] items-center gap-2 py-3">
      <div className="min-w-0">
        <p className="font-medium [overflow-wrap:anywhere]">{label}</p>
        <p className="text-sm text-base-content/70 [overflow-wrap:anywhere]">{description}</p>
      </div>
      {CHANNELS.map(({ channel }) => (
        <div key={channel} className="flex justify-center">
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-primary"
            aria-label={channel === "push" ? t`${label} by push` : t`${label} by email`}
            checked={settings[kind][channel]}
            aria-checked={settings[kind][channel]}
            onChange={(event) => update.mutate({ kind, channel, on: event.target.checked })}
          />
        </div>
      ))}
    </li>
  );
}

/**
 * Settings, section "Notifications": for each kind, push and email switches that save at once.
 * `device` is the switch for push on this device, shown first.
 */
export function NotificationSettingsSection({ device }: { device?: ReactNode }) {
  const { i18n } = useLingui();
  const settings = useNotificationSettings();
  let content: ReactNode;
  if (settings.isPending) {
    content = <LoadingPanel />;
  } else if (settings.isError) {
    content = (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <TriangleAlert aria-hidden="true" className="size-10 text-error" />
        <p className="font-semibold">{i18n._(NOTIFICATION_COPY.settingsLoadFailed)}</p>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void settings.refetch()}
          disabled={settings.isFetching}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  } else {
    content = GROUPS.map(({ key, title, kinds }) => (
      <section key={key} aria-label={i18n._(title)} className="mt-2">
        <div className="grid grid-cols-[minmax(0,1fr)_3.5rem_3.5rem] items-end gap-2 border-b border-base-300 pb-2">
          <h3 className="text-sm font-semibold tracking-wide text-base-content/70 uppercase">
            {i18n._(title)}
          </h3>
          {CHANNELS.map(({ channel, label }) => (
            <span
              key={channel}
              aria-hidden="true"
              className="text-center text-xs font-medium text-base-content/70"
            >
              {i18n._(label)}
            </span>
          ))}
        </div>
        <ul className="divide-y divide-base-300">
          {kinds.map((kind) => (
            <KindRow key={kind} kind={kind} settings={settings.data} />
          ))}
        </ul>
      </section>
    ));
  }

  return (
    <section
      aria-labelledby="settings-notifications"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="settings-notifications" className="card-title text-xl">
          <Trans>Notifications</Trans>
        </h2>
        <p className="text-sm text-base-content/70">
          <Trans>
            Choose what reaches you by push and by email. Everything always shows in the
            notification centre.
          </Trans>
        </p>
        <p className="text-sm text-base-content/70">
          {i18n._(NOTIFICATION_COPY.moderationAlwaysSent)}
        </p>
        {device ? <div className="rounded-box bg-base-200 p-3">{device}</div> : null}
        {content}
      </div>
    </section>
  );
}
