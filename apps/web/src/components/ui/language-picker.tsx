import { Trans } from "@lingui/react/macro";
import { Languages } from "lucide-react";
import { useId } from "react";
import { chooseLocale, isLocale, LOCALE_NAMES, LOCALES, type Locale } from "@/i18n/locale.ts";
import { useLocale } from "@/i18n/runtime.tsx";
import { hasSessionHint } from "@/lib/session-hint.ts";

/** Someone signed in keeps the choice on the account: mails and notifications follow it too. */
function saveOnAccount(locale: Locale) {
  if (!hasSessionHint()) return;
  void import("@/lib/api-client.ts")
    .then(({ apiClient }) => apiClient.put("/account/settings", { locale }))
    .catch(() => undefined);
}

/**
 * The language picker of the footer and Settings: each language named in itself, so a person who
 * cannot read the current one still finds theirs. The page changes at once; the cookie keeps the
 * choice for the next visit, and the account for mails and notifications.
 */
export function LanguagePicker({ onChosen }: { onChosen?: (locale: Locale) => void }) {
  const id = useId();
  const locale = useLocale();
  return (
    // Plain classes, not cn(): the landing page's footer shows this and stays free of tailwind-merge.
    <div className="flex items-center gap-2">
      <Languages aria-hidden="true" className="size-4 shrink-0 opacity-70" />
      <label htmlFor={id} className="text-sm">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className="select select-sm w-auto"
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          saveOnAccount(next);
          void chooseLocale(next).then(() => onChosen?.(next));
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
