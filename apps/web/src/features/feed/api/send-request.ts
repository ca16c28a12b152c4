import type { Envelope, FeedCard, SendStatus, SentRequest } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { fullName } from "@/components/ui/user-card.tsx";
import type { FeedFilters } from "@/features/feed/lib/feed-filters.ts";
import { afterNextPaint } from "@/lib/after-paint.ts";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { feedHolds, removeFromFeed, restoreToFeed } from "./get-feed.ts";
import { takeOutOfPicks } from "./get-picks.ts";

export async function sendRequest(status: SendStatus, userId: string): Promise<SentRequest> {
  const body = await apiClient.post<Envelope<SentRequest>>(
    `/request/send/${status}/${encodeURIComponent(userId)}`,
    {},
  );
  return body.data;
}

/**
 * A decision on a card. From the buttons and keys the card leaves at once, whatever the server
 * answers; from a drag the request goes first and the card leaves on success. `fromPicks`: made
 * on today's picks, whose person may not be in the deck at all.
 */
export type Decision = {
  card: FeedCard;
  status: SendStatus;
  via: "button" | "drag";
  fromPicks?: boolean;
};

/**
 * The request's id, or undefined when the decision can never be sent and is taken as made: a
 * request already exists between the two (409) or the person has left (404).
 */
export async function sendDecision({ card, status }: Decision): Promise<string | undefined> {
  try {
    return (await sendRequest(status, card._id))._id;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      return undefined;
    }
    throw error;
  }
}

type SendDecisionOptions = {
  /** The filters of the deck on screen, where a failed decision's card comes back. */
  filters?: FeedFilters;
  onRolledBack?: (decision: Decision) => void;
  retry?: (decision: Decision) => void;
};

/** Sends a decision; when it fails, the card comes back on top and a toast offers Retry. */
export function useSendDecision({ filters, onRolledBack, retry }: SendDecisionOptions = {}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const decisionFailure = ({ card, status }: Pick<Decision, "card" | "status">): string => {
    const name = fullName(card);
    return status === "interested"
      ? t`Couldn't send your interest in ${name}.`
      : t`Couldn't ignore ${name}.`;
  };
  return useOptimisticMutation({
    mutationFn: async (decision: Decision) => {
      // A press paints the card leaving first; the request starts once that frame is out.
      if (decision.via === "button") await afterNextPaint();
      return sendDecision(decision);
    },
    apply: async ({ card, via, fromPicks }) => {
      // A drag waits for the server: its card is still on the deck and springs back on failure.
      if (via === "drag") return undefined;
      // A pick comes back on the deck only if it was there.
      const inDeck = !fromPicks || feedHolds(queryClient, card._id, filters);
      removeFromFeed(queryClient, card._id);
      // Whoever is decided leaves today's picks too, from the deck as from the picks.
      const putBackPick = await takeOutOfPicks(queryClient, card._id);
      return () => {
        if (inDeck) restoreToFeed(queryClient, card, filters);
        putBackPick?.();
      };
    },
    onSuccess: (_requestId, { card, via }) => {
      if (via === "drag") void takeOutOfPicks(queryClient, card._id);
    },
    failure: decisionFailure,
    retry,
    onRolledBack: (decision) => onRolledBack?.(decision),
  });
}
