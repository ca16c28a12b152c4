/**
 * An event's time: the instant (`date`, UTC) and the offset the host wrote it with
 * (`utcOffset`: "+02:00", "-05:30" or "Z"). The viewer reads it in their own zone; when the
 * host's offset differs from the viewer's at that instant, the host's wall-clock time is shown too.
 */

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** Minutes east of UTC for an offset as the API spells it; 0 for "Z" or anything unreadable. */
export function offsetMinutes(utcOffset: string): number {
  const match = OFFSET.exec(utcOffset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** "+02:00", "-05:30" or "+00:00" for minutes east of UTC. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, "0");
  return `${sign}${hours}:${String(absolute % 60).padStart(2, "0")}`;
}

/** The viewer's offset at that instant (summer time included), in minutes east of UTC. */
export function viewerOffsetMinutes(date: Date): number {
  return -date.getTimezoneOffset();
}

/** "Saturday, 17 May 2031 at 18:00 CEST": the viewer's zone, named. */
export function viewerDateTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** The viewer's zone as the browser names it ("CEST", "GMT+2"). */
export function viewerZoneName(iso: string, locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZoneName: "short" }).formatToParts(
    new Date(iso),
  );
  return parts.find((part) => part.type === "timeZoneName")?.value ?? "";
}

/** The time as the host wrote it ("Sat, 17 May, 18:00 (UTC+02:00)"), or null when the viewer's
 * offset at that instant is the same, so the line would repeat the first. */
export function hostDateTime(iso: string, utcOffset: string, locale?: string): string | null {
  const instant = new Date(iso);
  const minutes = offsetMinutes(utcOffset);
  if (minutes === viewerOffsetMinutes(instant)) return null;
  const wallClock = new Date(instant.getTime() + minutes * 60_000);
  const text = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(wallClock);
  return `${text} (UTC${minutes === 0 ? "" : offsetText(minutes)})`;
}

/**
 * A datetime-local value ("2031-05-17T18:00") as ISO 8601 with the viewer's offset at that date
 * ("2031-05-17T18:00:00+02:00"), so the event keeps the zone it was written in. Undefined when
 * the value is not a date.
 */
export function withViewerOffset(local: string): string | undefined {
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) return undefined;
  const pad = (value: number) => String(value).padStart(2, "0");
  const wall = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${wall}${offsetText(viewerOffsetMinutes(date))}`;
}

/** Whether the event has started (answers close then). */
export function hasStarted(iso: string, now = Date.now()): boolean {
  return new Date(iso).getTime() <= now;
}
