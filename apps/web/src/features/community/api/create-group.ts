import type { Envelope, Group, GroupBody } from "@kindred/shared";
import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";
import type { GroupsPage } from "./get-groups.ts";

export async function createGroup(token: string, body: GroupBody): Promise<Group> {
  const answer = await apiClient.post<Envelope<Group>>(`${COMMUNITY_PATH}/create`, body, {
    headers: bearer(token),
  });
  return answer.data;
}

/** The new group goes to the top of the list at once, then the list is refetched. */
export function useCreateGroup(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupBody) => createGroup(token, body),
    onSuccess: async (group) => {
      queryClient.setQueryData<InfiniteData<GroupsPage, string | undefined>>(
        communityKeys.groups(token),
        (data) =>
          data && data.pages.length > 0
            ? {
                ...data,
                pages: data.pages.map((page, index) =>
                  index === 0 ? { ...page, groups: [group, ...page.groups] } : page,
                ),
              }
            : data,
      );
      await queryClient.invalidateQueries({ queryKey: communityKeys.groups(token) });
    },
  });
}
