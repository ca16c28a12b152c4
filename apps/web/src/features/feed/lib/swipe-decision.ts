import type { SendStatus } from "@kindred/shared";
import { SWIPE_THRESHOLD } from "@/config/ui.ts";

/** A release faster than this (px/s) counts as a flick even before the distance threshold. */
export const FLICK_VELOCITY = 800;
/** A flick must still travel this share of the card width, so a twitch never decides. */
export const FLICK_MIN_SHARE = 0.15;

export type SwipeGesture = {
  offsetX: number;
  offsetY?: number;
  velocityX?: number;
  velocityY?: number;
  width: number;
};

/**
 * What a released drag means: past half the card width (or a fast sideways flick) it is a
 * decision; anything else springs back. Only the horizontal part can decide, so a vertical
 * swipe, however long or fast, never sends anything.
 */
export function swipeDecision({
  offsetX,
  velocityX = 0,
  velocityY = 0,
  width,
}: SwipeGesture): SendStatus | null {
  if (!(width > 0) || !Number.isFinite(offsetX)) return null;
  const direction: SendStatus = offsetX > 0 ? "interested" : "ignored";
  if (Math.abs(offsetX) > SWIPE_THRESHOLD * width) return direction;
  const isFlick =
    Math.abs(velocityX) > FLICK_VELOCITY &&
    Math.abs(velocityX) > Math.abs(velocityY) &&
    Math.abs(offsetX) > FLICK_MIN_SHARE * width &&
    Math.sign(velocityX) === Math.sign(offsetX);
  return isFlick ? direction : null;
}
