// A meet-up's times as the viewer reads and types them: in this browser's time zone and language.

import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { i18n } from "@/i18n/runtime.tsx";

const MINUTE_MS = 60_000;

/** The lengths a suggestion offers, in minutes. */
export const MEETUP_LENGTHS = [30, 60, 90, 120] as const;
export const DEFAULT_MEETUP_LENGTH = 60;

const LENGTH_WORDS: Record<(typeof MEETUP_LENGTHS)[number], MessageDescriptor> = {
  30: msg`30 minutes`,
  60: msg`1 hour`,
  90: msg`1½ hours`,
  120: msg`2 hours`,
};

/** A length in words, in the active language. */
export function lengthLabel(minutes: number): string {
  const words = LENGTH_WORDS[minutes as (typeof MEETUP_LENGTHS)[number]];
  return words ? i18n._(words) : plural(minutes, { one: "# minute", other: "# minutes" });
}

// Made on each call: the zone is read when the formatter is made, and a test (or a traveller's
// laptop) may change it while the page is open.
const rangeFormat = () =>
  new Intl.DateTimeFormat(i18n.locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
  });

/** "Mon 7 Dec, 15:00–17:00" (in the viewer's language and zone; the days named if two). */
export function rangeLabel(start: string | Date, end: string | Date): string {
  return rangeFormat().formatRange(new Date(start), new Date(end));
}

/** "Mon 7 Dec, 15:00". */
export function startLabel(start: string | Date): string {
  return rangeFormat().format(new Date(start));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A datetime-local input's value for a moment: "2026-12-07T15:00", in this browser's zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The moment a datetime-local value names in this browser's zone; undefined when empty or bad. */
export function fromLocalInput(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * MINUTE_MS);
}

export type TimeRange = { start: string; end: string };

/** The range that holds this start (the start within it, before its end), if any. */
export function rangeHolding<T extends TimeRange>(
  ranges: readonly T[],
  start: Date,
): T | undefined {
  const at = start.getTime();
  return ranges.find(
    (range) => new Date(range.start).getTime() <= at && at < new Date(range.end).getTime(),
  );
}

/**
 * The lengths that fit between the start and the end of the free range it is in; all of them
 * for a start outside every range (chosen by hand). At least the shortest: a start in the
 * range's last half hour still offers it.
 */
export function lengthsWithin(start: Date | undefined, range: TimeRange | undefined): number[] {
  if (!start || !range) return [...MEETUP_LENGTHS];
  const room = (new Date(range.end).getTime() - start.getTime()) / MINUTE_MS;
  const fitting = MEETUP_LENGTHS.filter((minutes) => minutes <= room);
  return fitting.length ? fitting : [MEETUP_LENGTHS[0]];
}
