import { t } from "@lingui/core/macro";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { takeOutOfList, useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";

/** What a member can delete of their own: the path's segment in `DELETE /community/:kind/:id`. */
export type CommunityItemKind = "post" | "group" | "event";

/** Where each kind's list lives: its query key, the field of a page that holds it, its id. */
const LISTS = {
  post: { key: communityKeys.posts, field: "posts", id: "id" },
  group: { key: communityKeys.groups, field: "groups", id: "_id" },
  event: { key: communityKeys.events, field: "events", id: "_id" },
} satisfies Record<
  CommunityItemKind,
  { key: (token: string) => readonly string[]; field: string; id: string }
>;

/** Deletes; an item that is already gone (deleted from another tab) counts as deleted. */
export async function deleteCommunityItem(
  token: string,
  kind: CommunityItemKind,
  id: string,
): Promise<void> {
  try {
    await apiClient.delete(`${COMMUNITY_PATH}/${kind}/${encodeURIComponent(id)}`, {
      headers: bearer(token),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

export type DeleteItem = { id: string; name: string };

type DeleteOptions = { onDeleted: () => void; onExpired: () => void };

/**
 * Deletes one of the member's own posts, groups or events: it leaves its list at once and comes
 * back with a toast (and Retry) if the call fails; an expired token is the session's end.
 */
export function useDeleteCommunityItem(
  token: string,
  kind: CommunityItemKind,
  { onDeleted, onExpired }: DeleteOptions,
) {
  const queryClient = useQueryClient();
  const list = LISTS[kind];
  return useOptimisticMutation({
    mutationFn: ({ id }: DeleteItem) => deleteCommunityItem(token, kind, id),
    apply: ({ id }) =>
      takeOutOfList<Record<string, unknown>>(queryClient, {
        queryKey: list.key(token),
        idOf: (item) => item[list.id],
        id,
        pageField: list.field,
      }),
    failure: ({ name }) =>
      kind === "post"
        ? t`Couldn't delete your post “${name}”.`
        : kind === "group"
          ? t`Couldn't delete your group “${name}”.`
          : t`Couldn't delete your event “${name}”.`,
    onUnauthorized: onExpired,
    onSuccess: () => {
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: list.key(token) });
    },
  });
}
