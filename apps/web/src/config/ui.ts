/** Timings, sizes and storage keys only the web app uses. */

/** Toast and hint timings in milliseconds, as the product specifies them. */
export const TOAST_MS = 3000;
export const GENDER_TOAST_MS = 5000;
export const TAGS_TOAST_MS = 3000;
export const HINT_TOAST_MS = 5000;
export const SAVE_TOAST_MS = 3000;
/**
 * How long a toast asked for before the toaster's code arrived may wait for it. It then shows for
 * its full time: on a slow phone the code can take longer than the toast's 3 s, and the answer to
 * what the person just did must not be lost. One older than this no longer answers anything
 * (offline for a while) and is dropped.
 */
export const TOAST_WAIT_LIMIT_MS = 15_000;

/** Swipe deck: how far a drag must go, how far the card tilts, its size. */
export const SWIPE_THRESHOLD = 0.5;
export const SWIPE_MAX_TILT_DEG = 25;
export const CARD_WIDTH = 400;
export const CARD_HEIGHT = 600;

export const SCROLL_TOP_AFTER_PX = 300;
/** The landing page's and the sign-in pages' top bar turns solid past this much scroll. */
export const LANDING_NAV_SOLID_AFTER_PX = 20;

/** Events shown per page on the events screen. */
export const EVENTS_PAGE_SIZE = 2;

export const STORAGE_KEYS = {
  theme: "theme",
  communityToken: "u_token",
  /** This device's push subscription id, sent as `playerId` on login and signup. */
  pushPlayerId: "push_player_id",
  /** Set once "Not now" is chosen on the get-notified prompt: it is not offered again. */
  pushPromptDismissed: "push_prompt_dismissed",
  /** Discover's filters, one entry per person who signed in on this browser: the prefix. */
  feedFiltersPrefix: "feed_filters:",
} as const;

/**
 * Landing and about statistics: each counter ticks every 50 ms up to its real figure from
 * `GET /api/stats`. The specification's caps and steps (10,000 by 123, 25,000 by 234, 5,000 by
 * 51) set the pace: a figure climbs in about as many ticks as the specification's cap did, by
 * steps of at least 1 (statStep).
 */
export const STAT_TICK_MS = 50;
export const LANDING_STATS = [
  { key: "users", paceCap: 10_000, paceStep: 123 },
  { key: "connections", paceCap: 25_000, paceStep: 234 },
  { key: "interests", paceCap: 5_000, paceStep: 51 },
] as const;

/** The step a counter climbs by towards `target`: the specification's pace, at least 1. */
export function statStep(stat: (typeof LANDING_STATS)[number], target: number): number {
  return Math.max(1, Math.ceil((target * stat.paceStep) / stat.paceCap));
}
/** Statistic and feature cards animate once on entering the view. */
export const REVEAL_DURATION_MS = 500;
/** Mouse-trail decoration: points kept, sampling gap and opacity. */
export const MOUSE_TRAIL = { points: 20, sampleMs: 10, opacity: 0.7 } as const;

/**
 * Uploaded photos: the shape they are cropped to (the deck card's, width / height) and from
 * which screen width the large size may be downloaded (never on a phone).
 */
export const PHOTO_ASPECT = CARD_WIDTH / CARD_HEIGHT;
export const LARGE_PHOTO_MEDIA = "(min-width: 768px)";
/** How wide Discover's deck card draws its photo: up to 400 px, the screen less its margins. */
export const DECK_PHOTO_SIZES = "(min-width: 432px) 400px, calc(100vw - 2rem)";
/** The crop's zoom slider: from the whole photo to a close-up. */
export const PHOTO_ZOOM = { min: 1, max: 4, step: 0.05 } as const;
