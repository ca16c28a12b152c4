// The constants and texts of community.ts, without zod: a screen that needs only these does
// not load it.

// ---------- constants ----------

export const COMMUNITY_USERNAME_MIN_LENGTH = 3;
export const COMMUNITY_USERNAME_MAX_LENGTH = 30;
export const COMMUNITY_USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const COMMUNITY_TOKEN_TTL_DAYS = 7;

export const POST_TITLE_MAX_LENGTH = 120;
export const POST_CONTENT_MAX_LENGTH = 5000;
export const GROUP_NAME_MAX_LENGTH = 80;
export const GROUP_DESCRIPTION_MAX_LENGTH = 500;
export const GROUP_TAGS = ["Math", "Programming", "DSA", "Machine Learning"] as const;
export type GroupTag = (typeof GROUP_TAGS)[number];
export const DEFAULT_GROUP_TAG: GroupTag = "Math";
export const EVENT_TITLE_MAX_LENGTH = 120;
export const EVENT_DESCRIPTION_MAX_LENGTH = 2000;
export const EVENT_LOCATION_MAX_LENGTH = 200;

export const COMMUNITY_LIST_DEFAULT_LIMIT = 20;
export const COMMUNITY_LIST_MAX_LIMIT = 50;
/** Page sizes the web app asks for, each within COMMUNITY_LIST_MAX_LIMIT. */
export const COMMUNITY_POSTS_PAGE_SIZE = COMMUNITY_LIST_DEFAULT_LIMIT;
export const COMMUNITY_GROUPS_PAGE_SIZE = 24;
export const COMMUNITY_EVENTS_BATCH_SIZE = COMMUNITY_LIST_MAX_LIMIT;
/** Header carrying the next page's cursor on the lists that answer a bare array. */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";

/** Texts users and tests read; the quoted ones are copied exactly from the specification. */
export const COMMUNITY_MESSAGES = {
  invalidCredentials: "Incorrect username or password.",
  invalidToken: "Your community session is missing or has expired. Please log in again.",
  notYours: "You can only post and create as yourself.",
} as const;

/**
 * A community token's claims as a client reads them (the rules of `communityTokenClaimsSchema`,
 * without zod): an id is required; a name or an expiry that is not right is left out.
 */
export function communityTokenClaimsOf(
  value: unknown,
): { id: string; uname: string; exp?: number } | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, uname, exp } = value as Record<string, unknown>;
  if (typeof id !== "string" || id.length === 0) return null;
  return {
    id,
    uname: typeof uname === "string" ? uname : "",
    ...(typeof exp === "number" && Number.isFinite(exp) ? { exp } : {}),
  };
}
