import {
  type Envelope,
  POST_REPLIES_PAGE_SIZE,
  type Post,
  type PostLikeState,
  type PostReply,
  type ReplyBody,
} from "@kindred/shared";
import { t } from "@lingui/core/macro";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import {
  bearer,
  COMMUNITY_PATH,
  communityKeys,
  cursorPaging,
  type PageAnswer,
} from "./community-request.ts";
import type { PostsPage } from "./get-posts.ts";

const postPath = (postId: string) => `${COMMUNITY_PATH}/post/${encodeURIComponent(postId)}`;

/** Changes one post wherever a list of posts holds it: the board and every group's page. */
export function updatePostEverywhere(
  queryClient: QueryClient,
  postId: string,
  change: (post: Post) => Post,
): void {
  queryClient.setQueriesData<InfiniteData<PostsPage, string | undefined>>(
    { queryKey: [...communityKeys.all, "posts"] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          posts: page.posts.map((post) => (post.id === postId ? change(post) : post)),
        })),
      },
  );
}

export type RepliesPage = { replies: PostReply[]; nextCursor: string | null };

async function getReplies(
  token: string,
  postId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<RepliesPage> {
  const answer = await apiClient.get<PageAnswer<PostReply>>(`${postPath(postId)}/replies`, {
    query: { cursor, limit: POST_REPLIES_PAGE_SIZE },
    headers: bearer(token),
    signal,
  });
  return { replies: answer.data, nextCursor: answer.nextCursor };
}

/** A post's replies, oldest first, once the reader opens them. */
export function useReplies(token: string, postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: communityKeys.replies(token, postId),
    queryFn: ({ pageParam, signal }) => getReplies(token, postId, pageParam, signal),
    ...cursorPaging,
    enabled,
  });
}

/** Answers a post: the reply goes at the end of its list, the post's count goes up. */
export function useAddReply(token: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReplyBody) =>
      (
        await apiClient.post<Envelope<PostReply>>(`${postPath(postId)}/replies`, body, {
          headers: bearer(token),
        })
      ).data,
    onSuccess: (reply) => {
      updatePostEverywhere(queryClient, postId, (post) => ({ ...post, replies: post.replies + 1 }));
      void queryClient.invalidateQueries({ queryKey: communityKeys.replies(token, postId) });
      return reply;
    },
  });
}

type LikeChange = { post: Post; like: boolean };

/** Like or unlike at once; the count comes back from the server, or the change is put back. */
export function useLikePost(token: string, onExpired: () => void) {
  const queryClient = useQueryClient();
  return useOptimisticMutation<LikeChange, PostLikeState>({
    mutationFn: async ({ post, like }) => {
      const url = `${postPath(post.id)}/like`;
      const options = { headers: bearer(token) };
      const answer = like
        ? await apiClient.put<Envelope<PostLikeState>>(url, {}, options)
        : await apiClient.delete<Envelope<PostLikeState>>(url, options);
      return answer.data;
    },
    apply: ({ post, like }) => {
      const before = { likes: post.likes, liked: post.liked };
      updatePostEverywhere(queryClient, post.id, (current) => ({
        ...current,
        liked: like,
        likes: Math.max(0, current.likes + (like === current.liked ? 0 : like ? 1 : -1)),
      }));
      return () =>
        updatePostEverywhere(queryClient, post.id, (current) => ({ ...current, ...before }));
    },
    failure: ({ like }) => (like ? t`Couldn't like the post.` : t`Couldn't take back your like.`),
    onUnauthorized: onExpired,
    onSuccess: (state, { post }) =>
      updatePostEverywhere(queryClient, post.id, (current) => ({ ...current, ...state })),
  });
}
