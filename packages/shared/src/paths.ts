/** Route paths that both sides build: the server writes shareable links, the web app routes them. */
export const PUBLIC_PROFILE_BASE = "/GetToKnowMe";

/**
 * Every page address the web app has, as route patterns (`:name` is one path segment). The web
 * router routes these (a test there checks it routes exactly these), and the server answers any
 * other address with the not-found page and HTTP 404: a new page is added here first.
 */
export const PAGE_PATTERNS = {
  landing: "/",
  home: "/home",
  profile: "/profile",
  connections: "/connections",
  requests: "/requests",
  chat: "/chat",
  chatPattern: "/chat/:userId",
  notifications: "/notifications",
  settings: "/settings",
  search: "/search",
  about: "/about",
  contact: "/contact",
  services: "/services",
  events: "/services/events",
  eventPattern: "/services/events/:eventId",
  matching: "/services/matching",
  groups: "/services/groups",
  groupPattern: "/services/groups/:groupId",
  support: "/support",
  blog: "/blog",
  blogPostPattern: "/blog/:slug",
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
  /** The not-found page itself (the server answers it with 404 too). */
  notFound: "/not-found",
  moderation: "/moderation",
  moderationCasePattern: "/moderation/cases/:caseId",
  moderationAppeals: "/moderation/appeals",
  moderationAudit: "/moderation/audit",
  appeal: "/appeal",
  verifyEmail: "/verify-email",
  publicProfilePattern: `${PUBLIC_PROFILE_BASE}/:publicUserId`,
} as const;

export type PagePattern = (typeof PAGE_PATTERNS)[keyof typeof PAGE_PATTERNS];

export type PageMatch = { pattern: PagePattern; params: Record<string, string> };

const PATTERN_LIST = Object.values(PAGE_PATTERNS) as PagePattern[];

/**
 * The page pattern a pathname (no query, no trailing slash except "/") is an address of, with its
 * decoded `:name` segments; undefined when the web app has no such page. A fixed segment wins over
 * a `:name` one (`/services/events` is the events page, not a group called "events").
 */
export function matchPage(pathname: string): PageMatch | undefined {
  const segments = pathname.split("/").slice(1);
  let best: { match: PageMatch; fixed: number } | undefined;
  for (const pattern of PATTERN_LIST) {
    const parts = pattern.split("/").slice(1);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let fixed = 0;
    let matches = true;
    for (const [index, part] of parts.entries()) {
      const segment = segments[index] ?? "";
      if (part.startsWith(":")) {
        let value: string;
        try {
          value = decodeURIComponent(segment);
        } catch {
          matches = false;
          break;
        }
        if (value === "") {
          matches = false;
          break;
        }
        params[part.slice(1)] = value;
      } else if (part === segment) {
        fixed += 1;
      } else {
        matches = false;
        break;
      }
    }
    if (matches && (!best || fixed > best.fixed)) best = { match: { pattern, params }, fixed };
  }
  return best?.match;
}

/** `/GetToKnowMe/{publicUserId}`: the public profile page of one person. */
export function publicProfilePath(publicUserId: string): string {
  return `${PUBLIC_PROFILE_BASE}/${encodeURIComponent(publicUserId)}`;
}

/** `/chat/{userId}`: the conversation with one person (what message notifications open). */
export function chatPath(userId: string): string {
  return `/chat/${encodeURIComponent(userId)}`;
}

/** `/services/groups/{id}`: one study group's page. */
export function groupPath(groupId: string): string {
  return `/services/groups/${encodeURIComponent(groupId)}`;
}

/** `/blog/{slug}`: one blog post. */
export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}
