import { TIME_ZONES } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { errorMessageOf } from "@/lib/api-client.ts";
import { saveAccountSettings, settingsSaved, useAccountSettings } from "../api/account-settings.ts";
import { SettingsCard } from "./settings-card.tsx";

/** "America/New_York" as people read it: "America/New York". */
const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

/** The time zone the daily picks keep: they arrive at 9:00 in it. */
export function TimeZoneSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fieldId = useId();
  // Shown at once (a controlled select would spring back until the request starts).
  const [asked, setAsked] = useState<string>();
  const settings = useAccountSettings();
  const save = useMutation({
    mutationFn: (timeZone: string) => saveAccountSettings({ timeZone }),
    onSuccess: (data, timeZone) => {
      settingsSaved(queryClient, { timeZone }, data);
      const label = zoneLabel(timeZone);
      showToast(t`Time zone set to ${label}.`, { variant: "success" });
    },
    onError: (error) =>
      showToast(errorMessageOf(error, t`The time zone could not be saved.`), { variant: "error" }),
    onSettled: () => setAsked(undefined),
  });
  const zone = asked ?? settings.data?.timeZone ?? "";
  return (
    <SettingsCard title={t`Time zone`} lead={t`Your daily picks arrive at 9:00 in this time zone.`}>
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium">
          <Trans>Time zone</Trans>
        </label>
        <select
          id={fieldId}
          className="select w-full sm:max-w-sm"
          value={zone}
          disabled={settings.isPending || save.isPending}
          onChange={(event) => {
            setAsked(event.target.value);
            save.mutate(event.target.value);
          }}
        >
          {/* Before anyone set it the server counts in UTC; the browser's zone is set soon. */}
          {zone === "" ? (
            <option value="" disabled>
              {t`Not set yet (UTC)`}
            </option>
          ) : null}
          {TIME_ZONES.map((name) => (
            <option key={name} value={name}>
              {zoneLabel(name)}
            </option>
          ))}
        </select>
      </div>
    </SettingsCard>
  );
}
