import { NEXT_CURSOR_HEADER } from "@kindred/shared";

/** Every community call sits under the configured API base (the spec's fixed events host is gone). */
export const COMMUNITY_PATH = "/community";

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Collects the next page's cursor from a list answer's headers. */
export function nextCursorReader() {
  let next: string | null = null;
  return {
    onHeaders: (headers: Headers) => {
      next = headers.get(NEXT_CURSOR_HEADER);
    },
    next: () => next,
  };
}

/** Query keys of the community lists; the token is part of each, so another member refetches. */
export const communityKeys = {
  all: ["community"] as const,
  posts: (token: string) => ["community", "posts", token] as const,
  groups: (token: string) => ["community", "groups", token] as const,
  events: (token: string) => ["community", "events", token] as const,
};
