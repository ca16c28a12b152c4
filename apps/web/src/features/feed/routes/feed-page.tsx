import type { FeedCard, SendStatus } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import {
  BookOpen,
  Heart,
  PencilLine,
  SearchX,
  Sparkles,
  TriangleAlert,
  Undo2,
  X,
} from "lucide-react";
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { GetNotifiedPrompt } from "@/components/push/get-notified-prompt.tsx";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { paths } from "@/config/paths.ts";
import { feedDeck, removeFromFeed, useFeed } from "@/features/feed/api/get-feed.ts";
import { usePicks } from "@/features/feed/api/get-picks.ts";
import { useSendDecision } from "@/features/feed/api/send-request.ts";
import { type UndoableDecision, useUndoDecision } from "@/features/feed/api/undo-request.ts";
import { Deck } from "@/features/feed/components/deck.tsx";
import { FeedFailure } from "@/features/feed/components/feed-failure.tsx";
import {
  FeedFiltersBar,
  FeedFiltersToggle,
  FilteredOutPanel,
} from "@/features/feed/components/feed-filters.tsx";
import { FEED_COPY, nobodyText } from "@/features/feed/lib/feed-copy.ts";
import { type FeedFilters, hasFilters, useFeedFilters } from "@/features/feed/lib/feed-filters.ts";
import { isLocale, isRtl } from "@/i18n/locale.ts";
import { ApiError } from "@/lib/api-client.ts";
import { cn } from "@/lib/cn.ts";
import { useMe } from "@/lib/get-me.ts";

/** Shown only to someone without an age: its form loads with it, not with every feed. */
const AgePrompt = lazy(async () => ({
  default: (await import("@/features/feed/components/age-prompt.tsx")).AgePrompt,
}));

/** Today's picks, with their dialog: loaded when there are picks to show, not with every feed. */
const PicksStrip = lazy(async () => ({
  default: (await import("@/features/feed/components/picks-strip.tsx")).PicksStrip,
}));

/** Load more while this many cards are left, so the stack never runs dry mid-swipe. */
const PREFETCH_WHEN_LEFT = 3;

/** Typing, or in a dialog (a pick's card): the arrow keys are not the deck's there. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select, dialog") !== null;
}

export function FeedPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  // The signed-in layout has already read Me: this reads its cache.
  const me = useMe();
  const university = me.data?.campus ?? null;
  const [filters, setFilters] = useFeedFilters(me.data?._id, university !== null);
  const filtered = hasFilters(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersPanelId = useId();
  const filtersButton = useRef<HTMLButtonElement>(null);
  const feed = useFeed(filters);
  const cards = useMemo(() => (feed.data ? feedDeck(feed.data.pages) : []), [feed.data]);
  const picks = usePicks();
  const [exitDirection, setExitDirection] = useState<SendStatus>("interested");
  const [swipingId, setSwipingId] = useState<string | null>(null);
  // The last decision, which Undo can take back.
  const [lastDecision, setLastDecision] = useState<UndoableDecision | null>(null);
  // Push is offered only once a request is out (never on load).
  const [requestSent, setRequestSent] = useState(false);

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

  const forget = useCallback((card: FeedCard) => {
    setLastDecision((current) => (current?.card._id === card._id ? null : current));
  }, []);

  // Retry of a failed decision is made like a button press: the card leaves at once.
  const retryRef = useRef<(card: FeedCard, status: SendStatus) => void>(() => {});
  const send = useSendDecision({
    filters,
    retry: ({ card, status }) => retryRef.current(card, status),
    // A failed decision cannot be undone: its card is back on the deck.
    onRolledBack: ({ card }) => forget(card),
  });
  const { mutateAsync: sendAsync } = send;

  // Buttons and keys: the card leaves at once; it comes back on top if the call fails.
  const decideNow = useCallback(
    (card: FeedCard, status: SendStatus) => {
      setExitDirection(status);
      // The offer to turn on push follows a request that was really sent, not a failed one.
      const requestId = sendAsync({ card, status, via: "button" }).then(
        (sentId) => {
          if (status === "interested") setRequestSent(true);
          return sentId;
        },
        () => undefined,
      );
      setLastDecision({ card, requestId });
    },
    [sendAsync],
  );
  retryRef.current = decideNow;

  // A swipe: the request goes first; the card leaves on success and springs back on failure.
  const swipe = useCallback(
    async (card: FeedCard, status: SendStatus) => {
      setSwipingId(card._id);
      try {
        const requestId = await sendAsync({ card, status, via: "drag" });
        setExitDirection(status);
        if (status === "interested") setRequestSent(true);
        removeFromFeed(queryClient, card._id);
        setLastDecision({ card, requestId: Promise.resolve(requestId) });
        return true;
      } catch {
        return false;
      } finally {
        setSwipingId(null);
      }
    },
    [queryClient, sendAsync],
  );

  // One step back: the card returns on top at once and the request is deleted while unanswered.
  const undo = useUndoDecision({
    filters,
    onUndone: (decision) => setLastDecision((current) => (current === decision ? null : current)),
    onRolledBack: (decision, tooLate) => {
      if (tooLate) forget(decision.card);
    },
  });
  const undoing = undo.isPending;
  function undoLast() {
    if (lastDecision && !undoing) undo.mutate(lastDecision);
  }

  // Another set of filters is another deck, from its first page: the last decision stays behind.
  const changeFilters = useCallback(
    (next: FeedFilters) => {
      setLastDecision(null);
      setFilters(next);
    },
    [setFilters],
  );

  const undoButton = lastDecision ? (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={undoing || swipingId !== null}
      onClick={undoLast}
    >
      {undoing ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <Undo2 aria-hidden="true" className="size-4" />
      )}
      <Trans>Undo</Trans>
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
      // Arrows in an open dialog (a whole profile) are not a decision.
      if (event.target instanceof Element && event.target.closest("dialog[open]")) return;
      const card = topRef.current;
      if (!card) return;
      event.preventDefault();
      decideNow(card, event.key === "ArrowRight" ? "interested" : "ignored");
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [decideNow]);

  let content: ReactNode;
  const askingAge = Boolean(me.data && me.data.age === null);
  const shownPicks = askingAge ? [] : (picks.data ?? []);
  if (askingAge) {
    // Nobody is shown to someone without an age (nor they to anyone): ask for it first.
    content = (
      <Suspense fallback={null}>
        <AgePrompt />
      </Suspense>
    );
  } else if (feed.isPending) {
    content = <LoadingPanel />;
  } else if (feed.isError && !feed.data) {
    content =
      // A filter the server refuses (one kept from before, say) will not pass by trying again.
      filtered && feed.error instanceof ApiError && feed.error.status === 400 ? (
        <FilteredOutPanel
          filters={filters}
          onChange={changeFilters}
          icon={TriangleAlert}
          title={feed.error.message}
        />
      ) : (
        <FeedFailure onRetry={() => void feed.refetch()} retrying={feed.isFetching} />
      );
  } else if (cards.length === 0) {
    if (isFetchNextPageError) {
      content = <FeedFailure onRetry={() => void fetchNextPage()} retrying={isFetchingNextPage} />;
    } else if (hasNextPage || isFetchingNextPage) {
      content = <LoadingPanel />;
    } else if (filtered) {
      content = (
        <FilteredOutPanel
          filters={filters}
          onChange={changeFilters}
          icon={SearchX}
          title={nobodyText(i18n, filters, university)}
          footer={undoButton}
        >
          <p className="text-base-content/70">{i18n._(FEED_COPY.loosen)}</p>
        </FilteredOutPanel>
      );
    } else {
      content = (
        <EmptyPanel icon={SearchX} title={i18n._(FEED_COPY.feedEmpty)}>
          <p className="text-base-content/70">
            <Trans>You have seen everyone for now. Check back later as more people join, or:</Trans>
          </p>
          <nav aria-label={t`What next`} className="flex flex-wrap justify-center gap-2">
            <Link to={paths.profile} className="btn btn-primary btn-sm">
              <PencilLine aria-hidden="true" className="size-4" />
              <Trans>Add skills to your profile</Trans>
            </Link>
            <Link to={paths.matching} className="btn btn-outline btn-sm">
              <Sparkles aria-hidden="true" className="size-4" />
              <Trans>Find people by interest</Trans>
            </Link>
            <Link to={paths.groups} className="btn btn-outline btn-sm">
              <BookOpen aria-hidden="true" className="size-4" />
              <Trans>Browse study groups</Trans>
            </Link>
          </nav>
          {undoButton}
        </EmptyPanel>
      );
    }
  } else {
    const ignore = (
      <DecisionButton
        label={t`Ignore`}
        className="btn-error"
        disabled={!top}
        onClick={() => top && decideNow(top, "ignored")}
      >
        <X aria-hidden="true" className="size-7 sm:size-8" strokeWidth={2.5} />
      </DecisionButton>
    );
    const interested = (
      <DecisionButton
        label={t`Interested`}
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
        {/* Left to right in every language: Ignore on the left, Interested on the right, as the
            swipe; the card itself reads in the page's direction. */}
        <div
          dir="ltr"
          className="grid grid-cols-2 items-center gap-x-12 gap-y-4 sm:grid-cols-[auto_auto_auto] sm:gap-x-10"
        >
          <div
            dir={isLocale(i18n.locale) && isRtl(i18n.locale) ? "rtl" : "ltr"}
            className="col-span-2 sm:col-span-1 sm:col-start-2 sm:row-start-1"
          >
            <Deck
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
          <Trans>
            Tip: use the <kbd className="kbd kbd-sm">←</kbd> and <kbd className="kbd kbd-sm">→</kbd>{" "}
            arrow keys.
          </Trans>
        </p>
      </div>
    );
  }

  return (
    // Clipped sideways so a card flying out never widens the page (no sideways scroll on phones).
    // The chips of the filters that are on take a row, and today's picks another: the deck
    // leaves room for them (deck.tsx).
    <section
      className={cn(
        "flex w-full flex-col items-center gap-4 overflow-x-clip px-4 py-4 sm:gap-6 sm:py-8",
        filtered && "[--feed-filters-room:32px]",
        shownPicks.length > 0 && "[--feed-picks-room:88px] sm:[--feed-picks-room:96px]",
      )}
    >
      <header className="flex w-full max-w-xl flex-col items-center text-center">
        {/* The filters' button shares the title's line, so the deck keeps its height. */}
        <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-bold sm:text-4xl">
            <Trans>Discover People</Trans>
          </h1>
          {askingAge ? null : (
            <FeedFiltersToggle
              filters={filters}
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              panelId={filtersPanelId}
              buttonRef={filtersButton}
            />
          )}
        </div>
        <p className="mt-1 text-sm text-base-content/70 sm:mt-2 sm:text-base">
          <Trans>Swipe right if you're interested. Swipe left to ignore.</Trans>
        </p>
        {askingAge ? null : (
          <FeedFiltersBar
            filters={filters}
            university={university}
            onChange={changeFilters}
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            panelId={filtersPanelId}
            buttonRef={filtersButton}
          />
        )}
      </header>
      {shownPicks.length > 0 ? (
        <Suspense fallback={null}>
          <PicksStrip
            picks={shownPicks}
            filters={filters}
            onRequestSent={() => setRequestSent(true)}
          />
        </Suspense>
      ) : null}
      <GetNotifiedPrompt requestSent={requestSent} />
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
