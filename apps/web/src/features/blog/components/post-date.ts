/** A post's day, e.g. "September 8, 2026" (the date is read at noon UTC, so no zone moves it). */
export function formatPostDate(date: string, locale = "en-US"): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { dateStyle: "long" });
}
