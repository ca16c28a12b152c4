import { showToast } from "@/components/ui/toast.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { type CommunityItemKind, useDeleteCommunityItem } from "../api/delete-community-item.ts";

/**
 * Deleting one of the member's own posts, groups or events, with its toasts: done (also when it
 * was already gone, deleted from another tab), the session expired (`onExpired`), or try again.
 */
export function useDeleteOwnItem(token: string, kind: CommunityItemKind, onExpired: () => void) {
  const mutation = useDeleteCommunityItem(token, kind);
  const done = () => showToast(`Your ${kind} is deleted.`, { variant: "success" });
  return {
    remove: (id: string) =>
      mutation.mutate(id, {
        onSuccess: done,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return onExpired();
          if (error instanceof ApiError && error.status === 404) return done();
          showToast(`Could not delete the ${kind}. Please try again.`, { variant: "error" });
        },
      }),
    /** The id being deleted, while it is. */
    pendingId: mutation.isPending ? mutation.variables : undefined,
  };
}
