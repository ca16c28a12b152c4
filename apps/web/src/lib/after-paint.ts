/** How long to wait for a frame that may never come (a hidden tab paints none). */
const LATEST_MS = 100;

/**
 * Resolves once the browser has painted the next frame (or after a short while when it paints
 * none), so work started then does not hold up the frame that answers a press.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, LATEST_MS);
    if (typeof requestAnimationFrame !== "function") return;
    // A frame callback runs before that frame's paint; the task queued from it runs after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
