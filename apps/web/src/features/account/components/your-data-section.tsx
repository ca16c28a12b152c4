import { Trans, useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { EXPORT_URL } from "../api/export-data.ts";
import { SettingsCard } from "./settings-card.tsx";

/** Settings, "Your data": one JSON file with everything Kindred stores about the person. */
export function YourDataSection() {
  const { t } = useLingui();
  return (
    <SettingsCard
      title={t`Your data`}
      lead={t`One JSON file with everything we store about you: your profile and skills, requests, connections, the messages you sent and received, community posts, groups, events, notifications and the reports you made.`}
    >
      <div>
        {/* A plain GET with the session cookie; the server names the file. */}
        <a href={EXPORT_URL} download className="btn btn-outline">
          <Download aria-hidden="true" className="size-4" />
          <Trans>Download my data</Trans>
        </a>
      </div>
    </SettingsCard>
  );
}
