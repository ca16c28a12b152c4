import { Trans } from "@lingui/react/macro";
import { Languages } from "lucide-react";
import { useId } from "react";
import { chooseLocale, isLocale, LOCALE_NAMES, LOCALES } from "@/i18n/locale.ts";
import { useLocale } from "@/i18n/runtime.tsx";
import { cn } from "@/lib/cn.ts";

/**
 * The language picker of the footer and Settings: each language named in itself, so a person who
 * cannot read the current one still finds theirs. `onChosen` lets Settings save it on the account.
 */
export function LanguagePicker({
  className,
  onChosen,
}: {
  className?: string;
  onChosen?: (locale: (typeof LOCALES)[number]) => void;
}) {
  const id = useId();
  const locale = useLocale();
  return (
    <div className={cn("flex items-center gap-2", className)}>
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
