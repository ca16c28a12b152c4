import type { Card } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { showToast } from "@/components/ui/toast.tsx";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { takeOutOfList, useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { accountKeys } from "../lib/account-keys.ts";

export function unblockUser(userId: string) {
  return apiClient.delete(`/user/block/${encodeURIComponent(userId)}`);
}

export type Unblock = { userId: string; name: string };

/**
 * Unblock: the person leaves the list at once; a failed call puts them back beside their
 * neighbours with a toast. It does not reconnect: they only come back to the feed.
 */
export function useUnblock() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: async ({ userId }: Unblock) => {
      try {
        await unblockUser(userId);
      } catch (error) {
        // No such block any more: what the person asked for holds already.
        if (error instanceof ApiError && error.status === 404) return;
        throw error;
      }
    },
    apply: ({ userId }) =>
      takeOutOfList<Card>(queryClient, {
        queryKey: accountKeys.blocked,
        idOf: (user) => user._id,
        id: userId,
      }),
    failure: ({ name }) => t`Couldn't unblock ${name}.`,
    onSuccess: (_data, { name }) => {
      showToast(t`${name} is unblocked.`, { variant: "success" });

      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
    },
  });
}
