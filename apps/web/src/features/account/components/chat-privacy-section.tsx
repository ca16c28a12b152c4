import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { errorMessageOf } from "@/lib/api-client.ts";
import { saveAccountSettings, settingsSaved, useAccountSettings } from "../api/account-settings.ts";
import { SettingsCard } from "./settings-card.tsx";

/** Chat privacy: whether the people one writes with see "Seen" (and one sees theirs). */
export function ChatPrivacySection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // Shown at once (a controlled switch would spring back until the request starts).
  const [asked, setAsked] = useState<boolean>();
  const settings = useAccountSettings();
  const save = useMutation({
    mutationFn: saveAccountSettings,
    onSuccess: (data, change) => {
      settingsSaved(queryClient, change, data);
      // "Seen" under my messages follows the new setting.
      void queryClient.invalidateQueries({ queryKey: ["chat", "messages"] });
      showToast(data.readReceipts ? t`Read receipts are on.` : t`Read receipts are off.`, {
        variant: "success",
      });
    },
    onError: (error) =>
      showToast(errorMessageOf(error, t`The setting could not be saved.`), { variant: "error" }),
    onSettled: () => setAsked(undefined),
  });
  const on = asked ?? settings.data?.readReceipts;
  return (
    <SettingsCard
      title={t`Chat privacy`}
      lead={t`With read receipts off, nobody sees when you have read their messages, and you do not see when they have read yours.`}
    >
      <label className="flex cursor-pointer items-center justify-between gap-4">
        <span>
          <Trans>Read receipts ("Seen")</Trans>
        </span>

        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={on ?? true}
          disabled={settings.isPending || save.isPending}
          onChange={(event) => {
            setAsked(event.target.checked);
            save.mutate({ readReceipts: event.target.checked });
          }}
        />
      </label>
    </SettingsCard>
  );
}
