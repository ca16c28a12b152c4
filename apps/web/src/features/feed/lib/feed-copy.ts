import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FeedFilters } from "./feed-filters.ts";

/**
 * Discover's texts as messages: the same English, word for word, as FEED_FILTER_COPY and MESSAGES
 * in config/copy.ts, which the tests read.
 */
export const FEED_COPY = {
  toggle: msg`Filters`,
  panel: msg`Filter people`,
  teaches: msg`Can teach me…`,
  learns: msg`Wants to learn…`,
  teachesChip: msg`Can teach me`,
  learnsChip: msg`Wants to learn`,
  anySkill: msg`Any skill`,
  done: msg`Done`,
  clearAll: msg`Clear filters`,
  clearTeaches: msg`Clear “Can teach me”`,
  clearLearns: msg`Clear “Wants to learn”`,
  campus: msg`My campus`,
  clearCampus: msg`Clear “My campus”`,
  campusNeedsUniversity: msg`Add your university email in Settings`,
  loosen: msg`Nobody else matches for now: loosen a filter to see more people.`,
  feedFailedTitle: msg`Uh oh, feed failed to load!`,
  feedFailed: msg`Failed to load feed. Please try again.`,
  feedEmpty: msg`No new users found!`,
} as const;

/** The empty feed, naming the filters to loosen (and the viewer's university for My campus). */
export function nobodyText(
  i18n: I18n,
  { teaches, learns, campus }: Pick<FeedFilters, "teaches" | "learns" | "campus">,
  university?: string | null,
): string {
  if (campus) {
    const place = university || i18n._(msg`your university`);
    if (teaches && learns) {
      return i18n._(
        msg`Nobody from ${place} who can teach you ${teaches} and wants to learn ${learns} yet.`,
      );
    }
    if (teaches) return i18n._(msg`Nobody from ${place} who can teach you ${teaches} yet.`);
    if (learns) return i18n._(msg`Nobody from ${place} who wants to learn ${learns} yet.`);
    return i18n._(msg`Nobody from ${place} yet.`);
  }
  if (teaches && learns) {
    return i18n._(msg`Nobody who can teach you ${teaches} and wants to learn ${learns} yet.`);
  }
  if (teaches) return i18n._(msg`Nobody who can teach you ${teaches} yet.`);
  if (learns) return i18n._(msg`Nobody who wants to learn ${learns} yet.`);
  return i18n._(msg`Nobody yet.`);
}
