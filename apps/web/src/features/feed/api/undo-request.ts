import type { DeletedRequest, Envelope, FeedCard } from "@kindred/shared";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { fullName } from "@/components/ui/user-card.tsx";
import type { FeedFilters } from "@/features/feed/lib/feed-filters.ts";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { removeFromFeed, restoreToFeed } from "./get-feed.ts";

export const UNDO_TOO_LATE = msg`Too late to undo: they have already answered.`;

/** Takes back a decision the other person has not answered yet (404 once they have). */
export async function undoRequest(requestId: string): Promise<DeletedRequest> {
  const body = await apiClient.delete<Envelope<DeletedRequest>>(
    `/request/${encodeURIComponent(requestId)}`,
  );
  return body.data;
}

/** The decision Undo takes back: the card and its request's id once the send has answered. */
export type UndoableDecision = { card: FeedCard; requestId: Promise<string | undefined> };

type UndoOptions = {
  /** The filters of the deck on screen, where the undone card comes back. */
  filters?: FeedFilters;
  onUndone: (decision: UndoableDecision) => void;
  /** The undo failed and the card has left again: `tooLate` when it can never be undone. */
  onRolledBack: (decision: UndoableDecision, tooLate: boolean) => void;
};

/**
 * Undo: the card comes back on top at once and the request is deleted while unanswered. When the
 * call fails the card leaves again and a toast says why (with Retry unless it is too late).
 */
export function useUndoDecision({ filters, onUndone, onRolledBack }: UndoOptions) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: async ({ requestId }: UndoableDecision) => {
      const id = await requestId;
      if (id) await undoRequest(id);
    },
    apply: ({ card }) => {
      restoreToFeed(queryClient, card, filters);
      return () => removeFromFeed(queryClient, card._id);
    },
    failure: ({ card }) => {
      const name = fullName(card);
      return t`Couldn't undo your decision on ${name}.`;
    },
    onSuccess: (_data, decision) => {
      // An undone person may be one of today's picks again: the server's list says.
      void queryClient.invalidateQueries({ queryKey: queryKeys.picks });
      onUndone(decision);
    },
    explain: (error) => (isTooLate(error) ? i18n._(UNDO_TOO_LATE) : undefined),
    onRolledBack: (decision, error) => onRolledBack(decision, isTooLate(error)),
  });
}

function isTooLate(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
