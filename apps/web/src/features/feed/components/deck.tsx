import type { FeedCard, SendStatus } from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { UserCard } from "@/components/ui/user-card.tsx";
import { SWIPE_MAX_TILT_DEG } from "@/config/ui.ts";
import { swipeDecision } from "@/features/feed/lib/swipe-decision.ts";
import { afterScreenSettled } from "@/lib/after-screen-settled.ts";
import { optionalModule } from "@/lib/optional-module.ts";

/** The top card plus two peeking behind it; more would only cost image loads. */
export const VISIBLE_CARDS = 3;
export const STACK_STEP_PX = 10;
export const STACK_SCALE_STEP = 0.05;

/**
 * The deck's box: its height follows the screen's too, so the buttons stay above a phone's tab
 * bar, and Undo and the keyboard hint stay in view at 1280 × 800 (the pixels are the page's
 * other parts; `--feed-filters-room`, the row of the filters that are on, when there is one;
 * `--feed-picks-room`, today's picks, when there are some).
 */
export const DECK_FRAME_CLASS =
  "relative mx-auto aspect-[2/3] w-[min(400px,calc(100vw_-_32px),max(240px,calc((100dvh_-_362px_-_var(--feed-filters-room,0px)_-_var(--feed-picks-room,0px))_*_2_/_3)))] sm:w-[min(400px,max(240px,calc((100dvh_-_310px_-_var(--feed-filters-room,0px)_-_var(--feed-picks-room,0px))_*_2_/_3)))]";
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

const swipeDeckModule = optionalModule(() => import("./swipe-deck.tsx"));

/**
 * The cards as the screen first paints them: the same stack, drawn without the animation
 * library, so the first card (the screen's largest paint) does not wait for it. The swiping deck
 * (motion) takes its place once the screen has settled; a finger or the mouse on a card fetches
 * it at once, and it takes over when the finger lifts (the still deck decides that drag itself).
 * Interested, Ignore and the arrow keys work on both, and if motion cannot load (offline) the
 * still deck stays.
 */
export function Deck(props: DeckProps) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(swipeDeckModule.current);
  // Not while a finger is on the still card: the swap waits for the drag to end.
  const dragging = useRef(false);
  const goLive = useCallback(() => {
    void swipeDeckModule.load().then((loaded) => {
      if (loaded && !dragging.current) setLive(loaded);
    });
  }, []);
  useEffect(() => afterScreenSettled(queryClient, goLive), [queryClient, goLive]);

  if (live) return <live.SwipeDeck {...props} />;
  return (
    <StillDeck
      cards={props.cards}
      interactive={props.interactive}
      onSwipe={props.onSwipe}
      onDragChange={(active) => {
        dragging.current = active;
        // Fetched at once; in place when the finger lifts.
        if (active) void swipeDeckModule.load();
        else goLive();
      }}
    />
  );
}

type Drag = { id: number; x: number; y: number; lastX: number; lastT: number; velocity: number };

export function StillDeck({
  cards,
  interactive,
  onSwipe,
  onDragChange,
}: Pick<DeckProps, "cards" | "interactive" | "onSwipe"> & {
  onDragChange: (active: boolean) => void;
}) {
  const topRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const top = cards[0];

  const place = (dx: number, settle: boolean) => {
    const node = topRef.current;
    if (!node) return;
    const width = node.offsetWidth || 1;
    const tilt = Math.max(-1, Math.min(1, dx / width)) * SWIPE_MAX_TILT_DEG;
    node.style.transition = settle ? "transform 0.25s ease-out" : "";
    node.style.transform = dx === 0 ? "" : `translateX(${dx}px) rotate(${tilt}deg)`;
  };

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (!interactive || !event.isPrimary || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const now = event.timeStamp;
    drag.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      lastX: event.clientX,
      lastT: now,
      velocity: 0,
    };
    onDragChange(true);
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    const elapsed = event.timeStamp - current.lastT;
    if (elapsed > 0) current.velocity = ((event.clientX - current.lastX) / elapsed) * 1000;
    current.lastX = event.clientX;
    current.lastT = event.timeStamp;
    place(event.clientX - current.x, false);
  };
  const up = async (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    drag.current = null;
    const offsetX = event.clientX - current.x;
    const decision =
      top && event.type === "pointerup"
        ? swipeDecision({
            offsetX,
            offsetY: event.clientY - current.y,
            velocityX: current.velocity,
            width: topRef.current?.offsetWidth ?? 0,
          })
        : null;
    if (!decision || !top) {
      place(0, true);
      onDragChange(false);
      return;
    }
    const accepted = await onSwipe(top, decision);
    if (!accepted) place(0, true);
    onDragChange(false);
  };

  // The top card only: the ones peeking behind it (and their photos) come with the swiping deck,
  // so the first photo has the connection to itself.
  return (
    <div className={DECK_FRAME_CLASS} style={DECK_FRAME_STYLE}>
      {top ? (
        <div
          key={top._id}
          className={`absolute inset-0 ${interactive ? "cursor-grab" : ""}`}
          style={{ zIndex: VISIBLE_CARDS, touchAction: "pan-y" }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        >
          <div ref={topRef} className="h-full w-full">
            <UserCard user={top} photoPriority="high" className="h-full select-none" openable />
          </div>
        </div>
      ) : null}
    </div>
  );
}
