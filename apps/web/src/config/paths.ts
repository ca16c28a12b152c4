import { PUBLIC_PROFILE_BASE, publicProfilePath } from "@kindred/shared/paths";

/** Every client route path in one place. */
export const paths = {
  landing: "/",
  home: "/home",
  profile: "/profile",
  connections: "/connections",
  requests: "/requests",
  chat: "/chat",
  chatPattern: "/chat/:userId",
  /** `/chat/{userId}`: one conversation open. */
  chatWith: (userId: string) => `/chat/${encodeURIComponent(userId)}`,
  notifications: "/notifications",
  settings: "/settings",
  /** Settings, scrolled to "When I'm free" (the section's id). */
  settingsAvailability: "/settings#availability",
  /** `/search?q=`: everything found, by kind. */
  search: "/search",
  about: "/about",
  contact: "/contact",
  services: "/services",
  events: "/services/events",
  eventPattern: "/services/events/:eventId",
  /** `/services/events/{id}`: one event's page (the shared `eventPath` builds the same). */
  event: (id: string) => `/services/events/${encodeURIComponent(id)}`,
  matching: "/services/matching",
  groups: "/services/groups",
  support: "/support",
  blog: "/blog",
  privacy: "/privacy",
  terms: "/terms",
  cookies: "/cookies",
  faq: "/faq",
  community: "/community",
  login: "/login",
  signup: "/signup",
  forgetPassword: "/forget-password",
  verifyCode: "/verify-code",
  setPassword: "/set-password",
  notFound: "/not-found",
  /** The moderation queue (moderators and admins). */
  moderation: "/moderation",
  moderationCasePattern: "/moderation/cases/:caseId",
  moderationCase: (id: string) => `/moderation/cases/${encodeURIComponent(id)}`,
  moderationAppeals: "/moderation/appeals",
  moderationAudit: "/moderation/audit",
  /** `/appeal?token=…`: a banned person's appeal, with the token from the ban's mail. */
  appeal: "/appeal",
  /** `/verify-email?token=…`: the verification mail's one-click link (signed in or not). */
  verifyEmail: "/verify-email",
  /** The route pattern; build a link with paths.publicProfile(id). */
  publicProfilePattern: `${PUBLIC_PROFILE_BASE}/:publicUserId`,
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
