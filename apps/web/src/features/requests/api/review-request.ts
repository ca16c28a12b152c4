import type { ReceivedRequest, ReviewStatus } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, type Envelope } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

export async function reviewRequest(
  status: ReviewStatus,
  requestId: string,
): Promise<{ _id: string; status: ReviewStatus }> {
  const body = await apiClient.post<Envelope<{ _id: string; status: ReviewStatus }>>(
    `/request/review/${status}/${encodeURIComponent(requestId)}`,
    {},
  );
  return body.data;
}

/**
 * The request leaves the list at once and stays gone even if the call fails (the product
 * ignores review errors). An acceptance refreshes the connections so they show it without
 * a reload.
 */
export function useReviewRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, requestId }: { status: ReviewStatus; requestId: string }) =>
      reviewRequest(status, requestId),
    onMutate: async ({ requestId }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.requests });
      queryClient.setQueryData<ReceivedRequest[]>(queryKeys.requests, (requests) =>
        requests?.filter((request) => request._id !== requestId),
      );
    },
    onSettled: (_data, _error, { status }) => {
      if (status === "accepted") {
        void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
      }
    },
    onError: (error, { status, requestId }) => {
      console.warn(`Could not mark request ${requestId} as ${status}`, error);
    },
  });
}
