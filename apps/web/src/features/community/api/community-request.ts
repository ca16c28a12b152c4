import { type Envelope, NEXT_CURSOR_HEADER } from "@kindred/shared";
import { apiClient } from "@/lib/api-client.ts";

/** Every community call sits under the configured API base (the spec's fixed events host is gone). */
export const COMMUNITY_PATH = "/community";

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** A paged list's answer: the items as `data`, the next page's cursor beside them (null: last). */
export type PageAnswer<T> = Envelope<T[]> & { nextCursor: string | null };

/** Collects the next page's cursor from a list answer's headers (the bare arrays). */
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
  /** A group's posts: under the board's key, so changing the board's posts reaches them too. */
  groupPosts: (token: string, groupId: string) =>
    ["community", "posts", token, "group", groupId] as const,
  replies: (token: string, postId: string) => ["community", "replies", token, postId] as const,
  group: (token: string, groupId: string) => ["community", "group", token, groupId] as const,
  groupMembers: (token: string, groupId: string) =>
    ["community", "group-members", token, groupId] as const,
};

/**
 * One page of a list that answers a bare array (posts, groups), with the next page's cursor from
 * its header.
 */
export async function getListPage<T>(
  path: string,
  token: string,
  page: { cursor: string | undefined; limit: number; groupId?: string },
  signal?: AbortSignal,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const reader = nextCursorReader();
  const items = await apiClient.get<T[]>(`${COMMUNITY_PATH}${path}`, {
    query: page,
    headers: bearer(token),
    onHeaders: reader.onHeaders,
    signal,
  });
  return { items, nextCursor: reader.next() };
}

/** How every community list pages: by the cursor of the last page, no automatic retry. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
  retry: false,
} as const;
