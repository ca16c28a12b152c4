import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";

/** What a member can delete of their own: the path's segment in `DELETE /community/:kind/:id`. */
export type CommunityItemKind = "post" | "group" | "event";

const LIST_KEYS = {
  post: communityKeys.posts,
  group: communityKeys.groups,
  event: communityKeys.events,
} satisfies Record<CommunityItemKind, (token: string) => readonly string[]>;

export async function deleteCommunityItem(
  token: string,
  kind: CommunityItemKind,
  id: string,
): Promise<void> {
  await apiClient.delete(`${COMMUNITY_PATH}/${kind}/${encodeURIComponent(id)}`, {
    headers: bearer(token),
  });
}

/** Deletes one of the member's own posts, groups or events; its list is refetched either way. */
export function useDeleteCommunityItem(token: string, kind: CommunityItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCommunityItem(token, kind, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIST_KEYS[kind](token) }),
  });
}
