import type { FeedCard, SendStatus } from "@kindred/shared";
import { Trans } from "@lingui/react/macro";
import { animate, motion, type PanInfo, useMotionValue, useTransform } from "motion/react";
import { memo, useMemo, useRef } from "react";
import { UserCard } from "@/components/ui/user-card.tsx";
import { SWIPE_MAX_TILT_DEG, SWIPE_THRESHOLD } from "@/config/ui.ts";
import { swipeDecision } from "@/features/feed/lib/swipe-decision.ts";
import { NO_MOTION, prefersReducedMotion } from "@/lib/reduced-motion.ts";

type SwipeCardProps = {
  card: FeedCard;
  width: number;
  interactive: boolean;
  /** The top card's photo is the screen's largest paint; the peeking ones can wait for it. */
  photoPriority?: "high" | "low";
  /** Sends the decision; resolves true when the card may leave, false to bring it back. */
  onSwipe: (card: FeedCard, status: SendStatus) => Promise<boolean>;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const SPRING_BACK = { type: "spring", stiffness: 420, damping: 32 } as const;

/**
 * Memoised: when a card leaves the deck, a card whose props stay the same (the one moving up from
 * the back) keeps its rendered DOM and motion's styles untouched.
 */
export const SwipeCard = memo(function SwipeCard({
  card,
  width,
  interactive,
  photoPriority,
  onSwipe,
}: SwipeCardProps) {
  const x = useMotionValue(0);
  // The transforms read the latest width without re-subscribing on every resize.
  const widthRef = useRef(width);
  widthRef.current = width;
  const rotate = useTransform(x, (value) =>
    clamp((value / widthRef.current) * SWIPE_MAX_TILT_DEG, -SWIPE_MAX_TILT_DEG, SWIPE_MAX_TILT_DEG),
  );
  // A stamp is fully visible exactly when letting go would decide.
  const interestedOpacity = useTransform(x, (value) =>
    clamp(value / (SWIPE_THRESHOLD * widthRef.current), 0, 1),
  );
  const ignoreOpacity = useTransform(x, (value) =>
    clamp(-value / (SWIPE_THRESHOLD * widthRef.current), 0, 1),
  );

  async function handleDragEnd(_event: unknown, info: PanInfo) {
    const decision = swipeDecision({
      offsetX: info.offset.x,
      offsetY: info.offset.y,
      velocityX: info.velocity.x,
      velocityY: info.velocity.y,
      width: widthRef.current,
    });
    // With reduced motion the card jumps: back to its place, or off the deck.
    const still = prefersReducedMotion();
    const springBack = still ? NO_MOTION : SPRING_BACK;
    if (!decision) {
      animate(x, 0, springBack);
      return;
    }
    const sign = decision === "interested" ? 1 : -1;
    animate(
      x,
      sign * widthRef.current * 1.6,
      still
        ? NO_MOTION
        : { type: "tween", ease: "easeOut", duration: 0.25, velocity: info.velocity.x },
    );
    const accepted = await onSwipe(card, decision);
    if (!accepted) animate(x, 0, springBack);
  }

  // The card's face does not change when the card only becomes (or stops being) draggable.
  const face = useMemo(
    () => (
      <UserCard user={card} photoPriority={photoPriority} className="h-full select-none" openable />
    ),
    [card, photoPriority],
  );

  return (
    <motion.div
      className={`h-full w-full will-change-transform ${interactive ? "cursor-grab active:cursor-grabbing" : ""}`}
      style={{ x, rotate, touchAction: "pan-y" }}
      drag={interactive ? "x" : false}
      dragMomentum={false}
      onDragEnd={handleDragEnd}
    >
      {face}
      {/* On a nearly opaque ground, so a stamp reads on any photo or avatar colour. The stamps
          stay on their physical sides in every language: right is interested, as the swipe. */}
      <motion.div
        aria-hidden="true"
        style={{ opacity: interestedOpacity }}
        className="pointer-events-none absolute top-8 left-6 z-10 -rotate-12 rounded-lg border-4 border-success bg-base-100/85 px-3 py-1 text-3xl font-black tracking-widest text-success"
      >
        <Trans>INTERESTED</Trans>
      </motion.div>
      <motion.div
        aria-hidden="true"
        style={{ opacity: ignoreOpacity }}
        className="pointer-events-none absolute top-8 right-6 z-10 rotate-12 rounded-lg border-4 border-error bg-base-100/85 px-3 py-1 text-3xl font-black tracking-widest text-error"
      >
        <Trans>IGNORE</Trans>
      </motion.div>
    </motion.div>
  );
});
