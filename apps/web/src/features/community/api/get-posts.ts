import type { Post } from "@kindred/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys, nextCursorReader } from "./community-request.ts";

export type PostsPage = { posts: Post[]; nextCursor: string | null };

const PAGE_SIZE = 20;

export async function getPosts(
  token: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<PostsPage> {
  const reader = nextCursorReader();
  const posts = await apiClient.get<Post[]>(`${COMMUNITY_PATH}/getposts`, {
    query: { cursor, limit: PAGE_SIZE },
    headers: bearer(token),
    onHeaders: reader.onHeaders,
    signal,
  });
  return { posts, nextCursor: reader.next() };
}

/** Posts, newest first, a page at a time; only with a token. */
export function usePosts(token: string | null) {
  return useInfiniteQuery({
    queryKey: communityKeys.posts(token ?? ""),
    queryFn: ({ pageParam, signal }) => getPosts(token ?? "", pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: token !== null,
    retry: false,
  });
}
