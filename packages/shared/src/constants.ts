/** Business constants shared by the server and the web app (spec section 9). */
export const MIN_SKILLS = 3;
export const MAX_SKILLS = 20;
export const SKILL_MAX_LENGTH = 30;
export const GENDERS = ["male", "female", "other"] as const;
export type Gender = (typeof GENDERS)[number];

export const NAME_MAX_LENGTH = 50;
export const ABOUT_MAX_LENGTH = 500;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const URL_MAX_LENGTH = 2048;
export const AGE_MIN = 13;
export const AGE_MAX = 120;

/** Password recovery (spec section 9: the code has 6 characters). */
export const OTP_LENGTH = 6;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_TTL_MINUTES = 10;
export const RESET_GRANT_TTL_MINUTES = 15;

export const FEED_DEFAULT_LIMIT = 10;
export const FEED_MAX_LIMIT = 50;

export const SEND_STATUSES = ["interested", "ignored"] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const REVIEW_STATUSES = ["accepted", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REQUEST_STATUSES = [...SEND_STATUSES, ...REVIEW_STATUSES] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Toast and hint timings in milliseconds (spec sections 4, 5 and 8). */
export const TOAST_MS = 3000;
export const GENDER_TOAST_MS = 5000;
export const TAGS_TOAST_MS = 3000;
export const HINT_TOAST_MS = 5000;
export const SAVE_TOAST_MS = 3000;

/** Swipe deck (spec section 9). */
export const SWIPE_THRESHOLD = 0.5;
export const SWIPE_MAX_TILT_DEG = 25;
export const CARD_WIDTH = 400;
export const CARD_HEIGHT = 600;

export const SCROLL_TOP_AFTER_PX = 300;
export const LANDING_NAV_SOLID_AFTER_PX = 20;

export const STORAGE_KEYS = { theme: "theme", communityToken: "u_token" } as const;

/** Texts users and tests read; copied exactly from the specification. */
export const MESSAGES = {
  invalidGender: "Enter a valid Gender type",
  minTags: "Minimum 3 tags are required",
  tagsHint: "Hint: tags can be games, cooking, coding",
  invalidEmail: "Invalid email address",
  enterAllDetails: "Please enter all details",
  somethingWrong: "Something went wrong",
  profileSaved: "Profile Saved Successfully",
  requestSent: "Request Sent",
  requestFailed: "Could not send Request",
  feedFailedTitle: "Uh oh, feed failed to load!",
  feedFailed: "Failed to load feed. Please try again.",
  feedEmpty: "No new users found!",
  noConnections: " No Connections Found",
  noRequests: " No Requests Found",
  loading: "Loading...",
  tagPlaceholder: "Add a tag",
  enterFullOtp: "Enter full OTP",
  sequenceProcess: "Please come in Sequence Process",
  passwordsDiffer: "Both Password and Re Entered password should be same",
  invalidCode: "Invalid or expired code",
} as const;

/** Landing statistics (spec section 9): each counter ticks every 50 ms by its step up to its cap. */
export const STAT_TICK_MS = 50;
export const LANDING_STATS = [
  { label: "Active users", cap: 10_000, step: 123 },
  { label: "Connections made", cap: 25_000, step: 234 },
  { label: "Interests shared", cap: 5_000, step: 51 },
] as const;
/** Statistic and feature cards animate once on entering the view. */
export const REVEAL_DURATION_MS = 500;
/** Mouse-trail decoration: points kept, sampling gap and opacity. */
export const MOUSE_TRAIL = { points: 20, sampleMs: 10, opacity: 0.7 } as const;
