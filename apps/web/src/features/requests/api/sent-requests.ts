import type { PendingSentRequest, SendStatus } from "@kindred/shared";
import { type InfiniteData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { showToast } from "@/components/ui/toast.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { takeOutOfList, useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { queryKeys } from "@/lib/query-client.ts";

/** One page of my unanswered requests, and where the next starts (null: the last). */
export type SentPage = { items: PendingSentRequest[]; next: string | null };
export type SentData = InfiniteData<SentPage, string | null>;

type SentAnswer = { data: PendingSentRequest[]; nextCursor: string | null };

export const sentRequestsKey = (status: SendStatus) => ["requests-sent", status] as const;

/** My requests nobody has answered yet of one status, newest first, a page at a time. */
export async function getSentRequests(
  status: SendStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SentPage> {
  const query = new URLSearchParams({ status });
  if (cursor) query.set("cursor", cursor);
  const body = await apiClient.get<SentAnswer>(`/user/requests/sent?${query}`, { signal });
  return { items: body.data, next: body.nextCursor };
}

export function useSentRequests(status: SendStatus) {
  return useInfiniteQuery({
    queryKey: sentRequestsKey(status),
    queryFn: ({ pageParam, signal }) => getSentRequests(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/**
 * Undo a pass (ignored) or withdraw a request still waiting (interested): the request is
 * deleted, the person leaves the list at once and comes back to Discover. Already gone (404:
 * answered, or undone elsewhere) refreshes the list and says so.
 */
export function useTakeBack(status: SendStatus) {
  const queryClient = useQueryClient();
  const queryKey = sentRequestsKey(status);
  return useOptimisticMutation({
    mutationFn: (request: PendingSentRequest) =>
      apiClient.delete(`/request/${encodeURIComponent(request._id)}`),
    apply: (request) =>
      takeOutOfList<PendingSentRequest>(queryClient, {
        queryKey,
        idOf: (item) => item._id,
        id: request._id,
        pageField: "items",
      }),
    failure: (request) =>
      status === "ignored"
        ? `Couldn't undo passing ${fullName(request.toUserId)}.`
        : `Couldn't withdraw your request to ${fullName(request.toUserId)}.`,
    explain: (error) =>
      error instanceof ApiError && error.status === 404
        ? "Too late: they have already answered."
        : undefined,
    onRolledBack: (_request, error) => {
      if (error instanceof ApiError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onSuccess: (_data, request) => {
      const name = fullName(request.toUserId);
      showToast(
        status === "ignored"
          ? `${name} is back in Discover.`
          : `Your request to ${name} is withdrawn.`,
        { variant: "success" },
      );
      // The person is someone to meet again: the feed and today's picks come from the server.
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
      void queryClient.invalidateQueries({ queryKey: queryKeys.picks });
    },
  });
}
