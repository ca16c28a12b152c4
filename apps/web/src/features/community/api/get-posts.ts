import { COMMUNITY_POSTS_PAGE_SIZE, type Post } from "@kindred/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { communityKeys, cursorPaging, getListPage } from "./community-request.ts";

export type PostsPage = { posts: Post[]; nextCursor: string | null };

export async function getPosts(
  token: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<PostsPage> {
  const page = { cursor, limit: COMMUNITY_POSTS_PAGE_SIZE };
  const { items, nextCursor } = await getListPage<Post>("/getposts", token, page, signal);
  return { posts: items, nextCursor };
}

/** Posts, newest first, a page at a time; only with a token. */
export function usePosts(token: string | null) {
  return useInfiniteQuery({
    queryKey: communityKeys.posts(token ?? ""),
    queryFn: ({ pageParam, signal }) => getPosts(token ?? "", pageParam, signal),
    ...cursorPaging,
    enabled: token !== null,
  });
}
