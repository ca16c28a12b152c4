// Wall-clock time in a person's time zone: their local date, and the moment an hour of a date
// is there (the daily picks at 09:00, availability slots).

/** The hour of the day the picks are made, in each person's time zone. */
export const PICKS_HOUR = 9;

const DAY_MS = 24 * 60 * 60_000;

/** The person's time zone, or UTC when they gave none (or one this runtime does not know). */
export function zoneOf(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** The date (YYYY-MM-DD) it is at `at` in the zone. */
export function localDay(at: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** The date after `day`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetMs(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The moment it is `hour`:00 on `day` in the zone (a skipped hour: the moment after). */
export function wallClockTime(day: string, hour: number, zone: string): Date {
  const wall = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  let at = wall - offsetMs(wall, zone);
  at = wall - offsetMs(at, zone);
  return new Date(at);
}

/** The moment it is PICKS_HOUR:00 on `day` in the zone. */
export function picksTime(day: string, zone: string): Date {
  return wallClockTime(day, PICKS_HOUR, zone);
}

/** The day of the week of a date (0: Sunday). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}
