import { checkFeedFilter } from "@kindred/shared";
import { useCallback, useMemo, useState } from "react";
import type { SkillCheck } from "@/components/ui/skill-picker.tsx";
import { STORAGE_KEYS } from "@/config/ui.ts";

/**
 * Discover's filters: two skills, `teaches` keeping the people who know it ("Can teach me…") and
 * `learns` the people who want to learn it ("Wants to learn…"), and `campus` ("My campus"), only
 * the people of the viewer's verified university. Absent: no filter.
 */
export type FeedFilters = { teaches?: string; learns?: string; campus?: true };
export type FeedFilterName = keyof FeedFilters;
export const SKILL_FILTER_NAMES = ["teaches", "learns"] as const satisfies FeedFilterName[];
export type SkillFilterName = (typeof SKILL_FILTER_NAMES)[number];
export const FEED_FILTER_NAMES = [
  ...SKILL_FILTER_NAMES,
  "campus",
] as const satisfies FeedFilterName[];

export const NO_FILTERS: FeedFilters = {};

export function hasFilters(filters: FeedFilters): boolean {
  return FEED_FILTER_NAMES.some((name) => filters[name] !== undefined);
}

/**
 * A typed skill by the server's rule for the filter: trimmed, none when empty, or its message
 * (checked without zod, which Discover does not load).
 */
export function checkFilter(name: SkillFilterName): SkillCheck {
  return (text) => checkFeedFilter(name, text);
}

/** Only the filters that are set and valid, so equal filters make equal query keys. */
function cleanFilters(value: unknown): FeedFilters {
  if (typeof value !== "object" || value === null) return NO_FILTERS;
  const filters: FeedFilters = {};
  for (const name of SKILL_FILTER_NAMES) {
    const text = (value as Record<string, unknown>)[name];
    if (typeof text !== "string") continue;
    const checked = checkFilter(name)(text);
    if ("skill" in checked && checked.skill !== undefined) filters[name] = checked.skill;
  }
  if ((value as Record<string, unknown>).campus === true) filters.campus = true;
  return hasFilters(filters) ? filters : NO_FILTERS;
}

const storageKey = (userId: string) => `${STORAGE_KEYS.feedFiltersPrefix}${userId}`;

/** The person's saved filters; none without a person, storage or a readable entry. */
export function readFeedFilters(userId: string | undefined): FeedFilters {
  if (!userId) return NO_FILTERS;
  try {
    const stored = window.localStorage.getItem(storageKey(userId));
    return stored ? cleanFilters(JSON.parse(stored)) : NO_FILTERS;
  } catch {
    return NO_FILTERS;
  }
}

function saveFeedFilters(userId: string | undefined, filters: FeedFilters): void {
  if (!userId) return;
  try {
    if (hasFilters(filters)) {
      window.localStorage.setItem(storageKey(userId), JSON.stringify(filters));
    } else {
      window.localStorage.removeItem(storageKey(userId));
    }
  } catch {
    // Without storage the filters last until the page is left.
  }
}

/**
 * The signed-in person's filters, kept in this browser under their id: they are there again after
 * a reload, and another person signing in on the same browser starts from their own. "My campus"
 * applies only while they have a university (`hasCampus`): without one it would keep nobody.
 */
export function useFeedFilters(userId: string | undefined, hasCampus = true) {
  const [state, setState] = useState(() => ({ userId, filters: readFeedFilters(userId) }));
  let { filters } = state;
  if (state.userId !== userId) {
    filters = readFeedFilters(userId);
    setState({ userId, filters });
  }
  const setFilters = useCallback(
    (next: FeedFilters) => {
      const cleaned = cleanFilters(next);
      saveFeedFilters(userId, cleaned);
      setState({ userId, filters: cleaned });
    },
    [userId],
  );
  const applied = useMemo(
    () =>
      filters.campus && !hasCampus ? cleanFilters({ ...filters, campus: undefined }) : filters,
    [filters, hasCampus],
  );
  return [applied, setFilters] as const;
}
