import type { FeedCard, SendStatus } from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, startTransition, useEffect, useState } from "react";
import { UserCard } from "@/components/ui/user-card.tsx";
import { afterScreenSettled } from "@/lib/after-screen-settled.ts";

/** The top card plus two peeking behind it; more would only cost image loads. */
export const VISIBLE_CARDS = 3;
export const STACK_STEP_PX = 10;
export const STACK_SCALE_STEP = 0.05;

/**
 * The deck's box: its height follows the screen's too, so the buttons stay above a phone's tab
 * bar, and Undo and the keyboard hint stay in view at 1280 × 800 (the pixels are the page's
 * other parts).
 */
export const DECK_FRAME_CLASS =
  "relative mx-auto aspect-[2/3] w-[min(400px,calc(100vw_-_32px),max(240px,calc((100dvh_-_362px)_*_2_/_3)))] sm:w-[min(400px,max(240px,calc((100dvh_-_310px)_*_2_/_3)))]";
export const DECK_FRAME_STYLE = { marginBottom: STACK_STEP_PX * (VISIBLE_CARDS - 1) };

/** Where a card sits in the stack when nothing moves: each one back is lower and smaller. */
export function stackPlace(index: number) {
  return { scale: 1 - index * STACK_SCALE_STEP, y: index * STACK_STEP_PX };
}

type DeckProps = {
  cards: readonly FeedCard[];
  /** Which way the card that is leaving now should fly out. */
  exitDirection: SendStatus;
  /** Whether the top card can be dragged (not while a swipe is being sent). */
  interactive: boolean;
  onSwipe: (card: FeedCard, status: SendStatus) => Promise<boolean>;
};

/** Set once the swiping deck's code is here: a later visit shows it straight away. */
let swipeDeckLoaded = false;
const SwipeDeck = lazy(async () => {
  const { SwipeDeck } = await import("./swipe-deck.tsx");
  swipeDeckLoaded = true;
  return { default: SwipeDeck };
});

/**
 * The cards as the screen first paints them: the same stack, drawn without the animation
 * library, so the first card (the screen's largest paint) does not wait for it. The swiping deck
 * (motion) takes its place once the screen has settled, or at once when a finger or the mouse
 * goes down on a card; Interested, Ignore and the arrow keys work on both.
 */
export function Deck(props: DeckProps) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(swipeDeckLoaded);
  useEffect(
    () => afterScreenSettled(queryClient, () => startTransition(() => setLive(true))),
    [queryClient],
  );
  const still = (
    <StillDeck cards={props.cards} onPointerDown={() => startTransition(() => setLive(true))} />
  );
  return <Suspense fallback={still}>{live ? <SwipeDeck {...props} /> : still}</Suspense>;
}

function StillDeck({
  cards,
  onPointerDown,
}: {
  cards: readonly FeedCard[];
  onPointerDown: () => void;
}) {
  return (
    <div className={DECK_FRAME_CLASS} style={DECK_FRAME_STYLE} onPointerDown={onPointerDown}>
      {cards
        .slice(0, VISIBLE_CARDS)
        .map((card, index) => {
          const { scale, y } = stackPlace(index);
          return (
            <div
              key={card._id}
              aria-hidden={index === 0 ? undefined : true}
              className="absolute inset-0"
              style={{
                zIndex: VISIBLE_CARDS - index,
                transformOrigin: "50% 100%",
                transform: `translateY(${y}px) scale(${scale})`,
              }}
            >
              <UserCard
                user={card}
                photoPriority={index === 0 ? "high" : "low"}
                className="h-full select-none"
              />
            </div>
          );
        })
        // The top card is painted last so it sits above the peeking ones.
        .reverse()}
    </div>
  );
}
