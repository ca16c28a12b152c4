/** Whether the person asked their system for less motion (read when a movement starts). */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** With reduced motion a movement jumps to its end: motion's transition for that. */
export const NO_MOTION = { duration: 0 } as const;
