import { useLingui } from "@lingui/react/macro";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "Added 3 days ago", with the full date and time on hover, in the active language. */
export function When({ label, iso }: { label: string; iso: string }) {
  const { t, i18n } = useLingui();
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(i18n.locale, { numeric: "auto" });
  const unit = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  const relative = unit ? format.format(Math.round(seconds / unit[1]), unit[0]) : t`just now`;
  const full = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "full",
    timeStyle: "short",
  }).format(new Date(iso));
  return (
    <span>
      {label}{" "}
      <time dateTime={iso} title={full}>
        {relative}
      </time>
    </span>
  );
}
