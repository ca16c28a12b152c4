import { t } from "@lingui/core/macro";
import { i18n } from "@/i18n/runtime.tsx";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 minutes ago", "yesterday", "just now", in the reader's language. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(i18n.locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return t`just now`;
}

/** The full date and time, in the reader's locale and time zone. */
export function fullDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short" }).format(
    new Date(iso),
  );
}
