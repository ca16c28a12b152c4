import type { Envelope, ReceivedRequest, ReviewStatus } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { fullName } from "@/components/ui/user-card.tsx";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { takeOutOfList, useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { mutationKeys, queryKeys } from "@/lib/query-client.ts";
import { shiftUnreadCount } from "@/lib/unread-counts.ts";

export async function reviewRequest(
  status: ReviewStatus,
  requestId: string,
): Promise<{ _id: string; status: ReviewStatus } | undefined> {
  try {
    const body = await apiClient.post<Envelope<{ _id: string; status: ReviewStatus }>>(
      `/request/review/${status}/${encodeURIComponent(requestId)}`,
      {},
    );
    return body.data;
  } catch (error) {
    // No longer pending (answered in another tab, or withdrawn): there is nothing left to answer.
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

export type Review = { status: ReviewStatus; request: ReceivedRequest };

/**
 * The request leaves the list, and the Requests badge drops, at once. When the call fails it comes back where
 * it was and a toast offers Retry. An acceptance refreshes the connections so they show it
 * without a reload.
 */
export function useReviewRequest() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationKey: mutationKeys.reviewRequest,
    mutationFn: ({ status, request }: Review) => reviewRequest(status, request._id),
    apply: async ({ request }) => {
      const putBack = await takeOutOfList<ReceivedRequest>(queryClient, {
        queryKey: queryKeys.requests,
        idOf: (item) => item._id,
        id: request._id,
      });
      const badgeBack = shiftUnreadCount(queryClient, "requests", -1);
      return () => {
        putBack();
        badgeBack();
      };
    },
    failure: ({ status, request }) => {
      const name = fullName(request.fromUserId);
      return status === "accepted"
        ? t`Couldn't accept ${name}'s request.`
        : t`Couldn't reject ${name}'s request.`;
    },

    onSuccess: (_data, { status }) => {
      if (status === "accepted") {
        void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
      }
    },
    // Counts the socket sent meanwhile were kept off the Requests badge: read them again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.unread }),
  });
}
