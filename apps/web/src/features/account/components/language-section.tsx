import { useLingui } from "@lingui/react/macro";
import { LanguagePicker } from "@/components/ui/language-picker.tsx";
import { SettingsCard } from "./settings-card.tsx";

/** The language of Kindred's screens, mails and notifications, kept on the account. */
export function LanguageSection() {
  const { t } = useLingui();
  return (
    <SettingsCard
      title={t`Language`}
      lead={t`Kindred's screens, emails and notifications use this language.`}
    >
      <LanguagePicker />
    </SettingsCard>
  );
}
