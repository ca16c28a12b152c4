import { t } from "@lingui/core/macro";
import { showToast } from "@/components/ui/toast.tsx";
import { type CommunityItemKind, useDeleteCommunityItem } from "../api/delete-community-item.ts";

/**
 * Deleting one of the member's own posts, groups or events, with its toasts: done (also when it
 * was already gone, deleted from another tab), the session expired (`onExpired`), or a failure
 * that puts the item back with Retry.
 */
export function useDeleteOwnItem(token: string, kind: CommunityItemKind, onExpired: () => void) {
  const mutation = useDeleteCommunityItem(token, kind, {
    onDeleted: () =>
      showToast(
        kind === "post"
          ? t`Your post is deleted.`
          : kind === "group"
            ? t`Your group is deleted.`
            : t`Your event is deleted.`,
        { variant: "success" },
      ),
    onExpired,
  });
  return {
    /** `name` is the post's title, the group's or the event's name, for the failure toast. */
    remove: (id: string, name: string) => mutation.mutate({ id, name }),
    /** The item's Delete action when it is the member's own, else none. */
    ifOwn: (own: boolean, id: string, name: string) =>
      own ? () => mutation.mutate({ id, name }) : undefined,
  };
}
