import { blogPostPath, groupPath, PAGE_PATTERNS, publicProfilePath } from "@kindred/shared/paths";

/**
 * Every client route path in one place: the page patterns shared with the server (which answers
 * any other address with 404), and the links built from them.
 */
export const paths = {
  ...PAGE_PATTERNS,
  /** `/chat/{userId}`: one conversation open. */
  chatWith: (userId: string) => `/chat/${encodeURIComponent(userId)}`,
  /** Settings, scrolled to "When I'm free" (the section's id). */
  settingsAvailability: "/settings#availability",
  /** `/services/events/{id}`: one event's page (the shared `eventPath` builds the same). */
  event: (id: string) => `/services/events/${encodeURIComponent(id)}`,
  /** `/services/groups/{id}`: one study group's page. */
  group: groupPath,
  /** `/blog/{slug}`: one blog post. */
  blogPost: blogPostPath,
  moderationCase: (id: string) => `/moderation/cases/${encodeURIComponent(id)}`,
  /** Build a link with paths.publicProfile(id). */
  publicProfile: publicProfilePath,
} as const;

export const RETURN_TO_PARAM = "returnTo";

/** `/login?returnTo=…`: log in, then come back to `returnTo`. */
export function loginPath(returnTo?: string): string {
  return returnTo
    ? `${paths.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`
    : paths.login;
}

/** A returnTo that stays on this site (a path, never `//host` or `https://…`), else undefined. */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return undefined;
  }
  return value;
}
