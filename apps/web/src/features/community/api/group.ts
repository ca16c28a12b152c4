import {
  COMMUNITY_POSTS_PAGE_SIZE,
  type Envelope,
  GROUP_MEMBERS_PAGE_SIZE,
  GROUP_MESSAGES,
  type GroupBody,
  type GroupDetail,
  type GroupMember,
  type GroupMembership,
  type Post,
  type PostBody,
} from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showToast } from "@/components/ui/toast.tsx";
import { apiClient } from "@/lib/api-client.ts";
import { useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import {
  bearer,
  COMMUNITY_PATH,
  communityKeys,
  cursorPaging,
  getListPage,
  type PageAnswer,
} from "./community-request.ts";
import type { PostsPage } from "./get-posts.ts";

const groupPath = (groupId: string) => `${COMMUNITY_PATH}/group/${encodeURIComponent(groupId)}`;

/** One study group with its creator, member count and whether the reader belongs to it. */
export function useGroup(token: string, groupId: string) {
  return useQuery({
    queryKey: communityKeys.group(token, groupId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Envelope<GroupDetail>>(groupPath(groupId), {
          headers: bearer(token),
          signal,
        })
      ).data,
    retry: false,
  });
}

export type MembersPage = { members: GroupMember[]; nextCursor: string | null };

/** The group's members, those who joined first first. */
export function useGroupMembers(token: string, groupId: string) {
  return useInfiniteQuery({
    queryKey: communityKeys.groupMembers(token, groupId),
    queryFn: async ({ pageParam, signal }): Promise<MembersPage> => {
      const answer = await apiClient.get<PageAnswer<GroupMember>>(`${groupPath(groupId)}/members`, {
        query: { cursor: pageParam, limit: GROUP_MEMBERS_PAGE_SIZE },
        headers: bearer(token),
        signal,
      });
      return { members: answer.data, nextCursor: answer.nextCursor };
    },
    ...cursorPaging,
  });
}

/** The group's posts, newest first. */
export function useGroupPosts(token: string, groupId: string) {
  return useInfiniteQuery({
    queryKey: communityKeys.groupPosts(token, groupId),
    queryFn: async ({ pageParam, signal }): Promise<PostsPage> => {
      const page = { cursor: pageParam, limit: COMMUNITY_POSTS_PAGE_SIZE, groupId };
      const { items, nextCursor } = await getListPage<Post>("/getposts", token, page, signal);
      return { posts: items, nextCursor };
    },
    ...cursorPaging,
  });
}

/** Join or leave at once; the count comes back from the server, or the change is put back. */
export function useGroupMembership(token: string, groupId: string, onExpired: () => void) {
  const queryClient = useQueryClient();
  const key = communityKeys.group(token, groupId);
  return useOptimisticMutation<{ join: boolean; name: string }, GroupMembership>({
    mutationFn: async ({ join }) => {
      const url = `${groupPath(groupId)}/join`;
      const options = { headers: bearer(token) };
      const answer = join
        ? await apiClient.post<Envelope<GroupMembership>>(url, {}, options)
        : await apiClient.delete<Envelope<GroupMembership>>(url, options);
      return answer.data;
    },
    apply: ({ join }) => {
      const before = queryClient.getQueryData<GroupDetail>(key);
      if (!before) return undefined;
      queryClient.setQueryData<GroupDetail>(key, {
        ...before,
        isMember: join,
        members: Math.max(0, before.members + (join === before.isMember ? 0 : join ? 1 : -1)),
      });
      return () => queryClient.setQueryData(key, before);
    },
    failure: ({ join, name }) =>
      join ? t`Couldn't join “${name}”.` : t`Couldn't leave “${name}”.`,
    onUnauthorized: onExpired,
    onSuccess: (state) => {
      showToast(state.isMember ? GROUP_MESSAGES.joined : GROUP_MESSAGES.left, {
        variant: "success",
      });
      queryClient.setQueryData<GroupDetail>(key, (group) => group && { ...group, ...state });
      // The list's first read may still be on its way from before the change: dropped, not
      // awaited, so the list is read again after it (invalidating alone would keep that read).
      const members = communityKeys.groupMembers(token, groupId);
      void queryClient
        .cancelQueries({ queryKey: members })
        .then(() => queryClient.invalidateQueries({ queryKey: members }));
    },
  });
}

/** The creator changes the name, description or topic. */
export function useUpdateGroup(token: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<GroupBody>) =>
      (
        await apiClient.patch<Envelope<GroupDetail>>(groupPath(groupId), body, {
          headers: bearer(token),
        })
      ).data,
    onSuccess: (group) => {
      queryClient.setQueryData(communityKeys.group(token, groupId), group);
      void queryClient.invalidateQueries({ queryKey: communityKeys.groups(token) });
    },
  });
}

/** A post written in the group (members only). */
export function usePublishGroupPost(token: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PostBody) =>
      (
        await apiClient.post<Envelope<Post>>(
          `${COMMUNITY_PATH}/fusionpublish`,
          { ...body, groupId },
          { headers: bearer(token) },
        )
      ).data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: communityKeys.groupPosts(token, groupId) }),
  });
}
