const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: "long" });

export function timeOf(iso: string): string {
  return time.format(new Date(iso));
}

/** A message's local calendar day, e.g. "2026-11-22", to group messages by. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** "Today", "Yesterday", a weekday within the week, else the date. */
export function dayLabel(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((start(now) - start(date)) / 86_400_000);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days > 1 && days < 7) return weekday.format(date);
  return day.format(date);
}

/** The time for today's messages, the day for older ones (the conversation list). */
export function shortTime(iso: string, now = new Date()): string {
  return dayKey(iso) === dayKey(now.toISOString()) ? timeOf(iso) : day.format(new Date(iso));
}
