import { type FeedCard, MESSAGES, type SendStatus } from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Heart, SearchX, Undo2, X } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { feedDeck, removeFromFeed, restoreToFeed, useFeed } from "@/features/feed/api/get-feed.ts";
import { sendRequest } from "@/features/feed/api/send-request.ts";
import { undoRequest } from "@/features/feed/api/undo-request.ts";
import { FeedFailure } from "@/features/feed/components/feed-failure.tsx";
import { SwipeDeck } from "@/features/feed/components/swipe-deck.tsx";
import { ApiError } from "@/lib/api-client.ts";

export const UNDO_TOO_LATE = "Too late to undo: they have already answered.";

/** The last decision, which Undo can take back: the card and its request's id once known. */
type LastDecision = { card: FeedCard; requestId: Promise<string | undefined> };

/** Load more while this many cards are left, so the stack never runs dry mid-swipe. */
const PREFETCH_WHEN_LEFT = 3;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select") !== null;
}

export function FeedPage() {
  const queryClient = useQueryClient();
  const feed = useFeed();
  const cards = useMemo(() => (feed.data ? feedDeck(feed.data.pages) : []), [feed.data]);
  const [exitDirection, setExitDirection] = useState<SendStatus>("interested");
  const [swipingId, setSwipingId] = useState<string | null>(null);
  const [lastDecision, setLastDecision] = useState<LastDecision | null>(null);
  const [undoing, setUndoing] = useState(false);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  useEffect(() => {
    if (
      cards.length <= PREFETCH_WHEN_LEFT &&
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError
    ) {
      void fetchNextPage();
    }
  }, [cards.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // Buttons and keys: the card leaves at once, whatever the server answers.
  const decideNow = useCallback(
    (card: FeedCard, status: SendStatus) => {
      setExitDirection(status);
      removeFromFeed(queryClient, card._id);
      const requestId = sendRequest(status, card._id).then(
        (request) => request._id,
        (error: unknown) => {
          console.warn(`Could not send ${status} for ${card._id}`, error);
          return undefined;
        },
      );
      setLastDecision({ card, requestId });
    },
    [queryClient],
  );

  // A swipe: the request goes first; the card leaves on success and springs back on failure.
  const swipe = useCallback(
    async (card: FeedCard, status: SendStatus) => {
      setSwipingId(card._id);
      try {
        const request = await sendRequest(status, card._id);
        setExitDirection(status);
        removeFromFeed(queryClient, card._id);
        setLastDecision({ card, requestId: Promise.resolve(request._id) });
        return true;
      } catch (error) {
        // A request that already exists (or a person who left) can never succeed: let it go.
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          setExitDirection(status);
          removeFromFeed(queryClient, card._id);
          return true;
        }
        console.warn(`Could not send ${status} for ${card._id}`, error);
        return false;
      } finally {
        setSwipingId(null);
      }
    },
    [queryClient],
  );

  // One step back: the request is deleted while unanswered and the card returns on top.
  async function undoLast() {
    if (!lastDecision || undoing) return;
    setUndoing(true);
    try {
      const requestId = await lastDecision.requestId;
      if (requestId) await undoRequest(requestId);
      restoreToFeed(queryClient, lastDecision.card);
      setLastDecision(null);
    } catch (error) {
      const tooLate = error instanceof ApiError && error.status === 404;
      showToast(tooLate ? UNDO_TOO_LATE : MESSAGES.somethingWrong, { variant: "error" });
      if (tooLate) setLastDecision(null);
    } finally {
      setUndoing(false);
    }
  }

  const undoButton = lastDecision ? (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={undoing || swipingId !== null}
      onClick={() => void undoLast()}
    >
      {undoing ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <Undo2 aria-hidden="true" className="size-4" />
      )}
      Undo
    </button>
  ) : null;

  const top = swipingId ? undefined : cards[0];
  const topRef = useRef(top);
  topRef.current = top;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      const card = topRef.current;
      if (!card) return;
      event.preventDefault();
      decideNow(card, event.key === "ArrowRight" ? "interested" : "ignored");
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [decideNow]);

  let content: ReactNode;
  if (feed.isPending) {
    content = <LoadingPanel />;
  } else if (feed.isError && !feed.data) {
    content = <FeedFailure onRetry={() => void feed.refetch()} retrying={feed.isFetching} />;
  } else if (cards.length === 0) {
    if (isFetchNextPageError) {
      content = <FeedFailure onRetry={() => void fetchNextPage()} retrying={isFetchingNextPage} />;
    } else if (hasNextPage || isFetchingNextPage) {
      content = <LoadingPanel />;
    } else {
      content = (
        <EmptyPanel icon={SearchX} title={MESSAGES.feedEmpty}>
          <p className="text-base-content/70">Check back later as more people join.</p>
          {undoButton}
        </EmptyPanel>
      );
    }
  } else {
    const ignore = (
      <DecisionButton
        label="Ignore"
        className="btn-error"
        disabled={!top}
        onClick={() => top && decideNow(top, "ignored")}
      >
        <X aria-hidden="true" className="size-7 sm:size-8" strokeWidth={2.5} />
      </DecisionButton>
    );
    const interested = (
      <DecisionButton
        label="Interested"
        className="btn-success"
        disabled={!top}
        onClick={() => top && decideNow(top, "interested")}
      >
        <Heart aria-hidden="true" className="size-7 sm:size-8" strokeWidth={2.5} />
      </DecisionButton>
    );
    // One grid, each control rendered once: phones get the buttons in a row under the deck,
    // wider screens get them beside it, where they stay in view.
    content = (
      <div className="flex w-full flex-col items-center gap-4">
        <div className="grid grid-cols-2 items-center gap-x-12 gap-y-4 sm:grid-cols-[auto_auto_auto] sm:gap-x-10">
          <div className="col-span-2 sm:col-span-1 sm:col-start-2 sm:row-start-1">
            <SwipeDeck
              cards={cards}
              exitDirection={exitDirection}
              interactive={swipingId === null}
              onSwipe={swipe}
            />
          </div>
          <div className="justify-self-end sm:col-start-1 sm:row-start-1 sm:justify-self-center">
            {ignore}
          </div>
          <div className="justify-self-start sm:col-start-3 sm:row-start-1 sm:justify-self-center">
            {interested}
          </div>
        </div>
        {undoButton}
        <p className="hidden text-sm text-base-content/60 sm:block">
          Tip: use the <kbd className="kbd kbd-sm">←</kbd> and <kbd className="kbd kbd-sm">→</kbd>{" "}
          arrow keys.
        </p>
      </div>
    );
  }

  return (
    // Clipped sideways so a card flying out never widens the page (no sideways scroll on phones).
    <section className="flex w-full flex-col items-center gap-4 overflow-x-clip px-4 py-4 sm:gap-6 sm:py-8">
      <header className="text-center">
        <h1 className="text-2xl font-bold sm:text-4xl">Discover People</h1>
        <p className="mt-1 text-sm text-base-content/70 sm:mt-2 sm:text-base">
          Swipe right if you're interested. Swipe left to ignore.
        </p>
      </header>
      {content}
    </section>
  );
}

type DecisionButtonProps = {
  label: string;
  className: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
};

function DecisionButton({ label, className, disabled, onClick, children }: DecisionButtonProps) {
  return (
    <div className="flex flex-col items-center gap-1">
      <button
        type="button"
        aria-label={label}
        title={label}
        className={`btn btn-circle btn-soft size-14 shadow-md sm:size-16 ${className}`}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </button>
      <span aria-hidden="true" className="text-sm font-medium text-base-content/70">
        {label}
      </span>
    </div>
  );
}
