import type { Locale } from "@kindred/shared";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time as a person reads it in their language and time zone (UTC when they have
 * none), e.g. "17 de mayo de 2030, 18:00" or "١٧ مايو ٢٠٣٠، ٦:٠٠ م".
 */
export function formatDateTime(date: Date, locale: Locale, timeZone?: string | null): string {
  const zone = timeZone || "UTC";
  const key = `${locale}|${zone}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: zone,
      });
    } catch {
      // A time zone the runtime does not know (from an older tzdata): UTC.
      format = new Intl.DateTimeFormat(locale, {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "UTC",
      });
    }
    formats.set(key, format);
  }
  return format.format(date);
}

/** formatDateTime with the zone named after it, as mails write a moment: "… (Europe/Madrid)". */
export function formatDateTimeInZone(date: Date, locale: Locale, timeZone?: string | null): string {
  return `${formatDateTime(date, locale, timeZone)} (${timeZone || "UTC"})`;
}
