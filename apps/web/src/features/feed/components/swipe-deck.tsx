import type { FeedCard, SendStatus } from "@kindred/shared";
import { AnimatePresence, motion, useIsPresent } from "motion/react";
import { memo, useDeferredValue, useEffect, useRef, useState } from "react";
import { CARD_WIDTH } from "@/config/ui.ts";
import { NO_MOTION, prefersReducedMotion } from "@/lib/reduced-motion.ts";
import {
  DECK_FRAME_CLASS,
  DECK_FRAME_STYLE,
  STACK_SCALE_STEP,
  STACK_STEP_PX,
  stackPlace,
  VISIBLE_CARDS,
} from "./deck.tsx";
import { SwipeCard } from "./swipe-card.tsx";

type SwipeDeckProps = {
  cards: readonly FeedCard[];
  /** Which way the card that is leaving now should fly out. */
  exitDirection: SendStatus;
  /** Whether the top card can be dragged (not while a swipe is being sent). */
  interactive: boolean;
  onSwipe: (card: FeedCard, status: SendStatus) => Promise<boolean>;
};

const exitVariant = {
  exit: (direction: SendStatus) => ({
    x: (direction === "interested" ? 1 : -1) * CARD_WIDTH * 1.5,
    rotate: (direction === "interested" ? 1 : -1) * 20,
    opacity: 0,
    transition: prefersReducedMotion() ? NO_MOTION : { duration: 0.3, ease: "easeIn" as const },
  }),
};

export function SwipeDeck({ cards, exitDirection, interactive, onSwipe }: SwipeDeckProps) {
  const deckRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(CARD_WIDTH);

  useEffect(() => {
    const deck = deckRef.current;
    if (!deck || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(entry.contentRect.width);
    });
    observer.observe(deck);
    return () => observer.disconnect();
  }, []);

  // The card coming into view at the back mounts in a render of its own, after the one that sends
  // the top card away, so a press paints its answer without waiting for a whole new card.
  const settled = useDeferredValue(cards);
  const settledIds = new Set(settled.slice(0, VISIBLE_CARDS).map((card) => card._id));
  const shown = cards
    .slice(0, VISIBLE_CARDS)
    .filter((card, index) => index < VISIBLE_CARDS - 1 || settledIds.has(card._id));

  return (
    <div ref={deckRef} className={DECK_FRAME_CLASS} style={DECK_FRAME_STYLE}>
      <AnimatePresence custom={exitDirection} initial={false}>
        {shown
          .map((card, index) => (
            <DeckSlot
              key={card._id}
              card={card}
              index={index}
              width={width}
              interactive={interactive && index === 0}
              onSwipe={onSwipe}
            />
          ))
          // The top card is painted last so it sits above the peeking ones.
          .reverse()}
      </AnimatePresence>
    </div>
  );
}

type DeckSlotProps = {
  card: FeedCard;
  index: number;
  width: number;
  interactive: boolean;
  onSwipe: (card: FeedCard, status: SendStatus) => Promise<boolean>;
};

/**
 * Memoised, with no per-render callbacks: a press re-renders only the slots whose place in the
 * deck changed. The way a card flies out comes from AnimatePresence's `custom` (motion resolves
 * exit variants with it), so it is not a prop here.
 */
const DeckSlot = memo(function DeckSlot({
  card,
  index,
  width,
  interactive,
  onSwipe,
}: DeckSlotProps) {
  // A card flying out is already decided: hidden from assistive tech and out of reach.
  const isPresent = useIsPresent();
  const isTop = index === 0 && isPresent;
  return (
    <motion.div
      data-testid={isTop ? "top-card" : undefined}
      aria-hidden={isTop ? undefined : true}
      // Cards under the top one (and one flying out) hold no focus: the name that opens a
      // profile is a button, and focus inside an aria-hidden card would read as nothing.
      inert={!isTop}
      className={`absolute inset-0 ${isPresent ? "" : "pointer-events-none"}`}
      style={{ zIndex: VISIBLE_CARDS - index, transformOrigin: "50% 100%" }}
      variants={exitVariant}
      initial={{
        scale: 1 - VISIBLE_CARDS * STACK_SCALE_STEP,
        y: VISIBLE_CARDS * STACK_STEP_PX,
        opacity: 0,
      }}
      // x and rotate too: a card that comes back while it is still flying out (a failed press)
      // returns from where its exit left it, not only in scale and height.
      animate={{
        ...stackPlace(index),
        x: 0,
        rotate: 0,
        opacity: 1,
        // With reduced motion a card takes its place in the stack at once.
        transition: prefersReducedMotion()
          ? NO_MOTION
          : { type: "spring", stiffness: 300, damping: 30 },
      }}
      exit="exit"
    >
      <SwipeCard
        card={card}
        width={width}
        interactive={interactive && isPresent}
        photoPriority={index === 0 ? "high" : "low"}
        onSwipe={onSwipe}
      />
    </motion.div>
  );
});
