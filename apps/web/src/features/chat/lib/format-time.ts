/** Formats for `locale` (the active language), made once per language. */
const formats = new Map<
  string,
  { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat }
>();

function formatsOf(locale: string | undefined) {
  const key = locale ?? "";
  let found = formats.get(key);
  if (!found) {
    found = {
      time: new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }),
      day: new Intl.DateTimeFormat(locale, { dateStyle: "medium" }),
      weekday: new Intl.DateTimeFormat(locale, { weekday: "long" }),
    };
    formats.set(key, found);
  }
  return found;
}

export function timeOf(iso: string, locale?: string): string {
  return formatsOf(locale).time.format(new Date(iso));
}

/** A message's local calendar day, e.g. "2026-11-22", to group messages by. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** "Today", "Yesterday" (in the active language), a weekday within the week, else the date. */
export function dayLabel(iso: string, locale?: string, now = new Date()): string {
  const date = new Date(iso);
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((start(now) - start(date)) / 86_400_000);
  if (days === 0 || days === 1) {
    const words = new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(-days, "day");
    // "today" → "Today": the label starts a line.
    return words.charAt(0).toLocaleUpperCase(locale) + words.slice(1);
  }
  if (days > 1 && days < 7) return formatsOf(locale).weekday.format(date);
  return formatsOf(locale).day.format(date);
}

/** The time for today's messages, the day for older ones (the conversation list). */
export function shortTime(iso: string, locale?: string, now = new Date()): string {
  return dayKey(iso) === dayKey(now.toISOString())
    ? timeOf(iso, locale)
    : formatsOf(locale).day.format(new Date(iso));
}
