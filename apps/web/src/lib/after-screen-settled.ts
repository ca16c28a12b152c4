import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { afterNextPaint } from "./after-paint.ts";

/** The longest a first screen's reads are waited for before secondary code loads anyway. */
const SETTLE_LIMIT_MS = 3_000;
const IDLE_TIMEOUT_MS = 1_000;
/** Rounds of two quiet frames to wait for a largest paint the last change may never make. */
const UNREPORTED_ROUNDS = 2;
const LARGEST_PAINT = "largest-contentful-paint";

/** Calls `painted` with the time of each largest paint the browser reports (none: undefined). */
function observePaints(painted: (at: number) => void): PerformanceObserver | undefined {
  if (
    typeof PerformanceObserver !== "function" ||
    !PerformanceObserver.supportedEntryTypes?.includes(LARGEST_PAINT)
  ) {
    return undefined;
  }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) painted(entry.startTime);
  });
  observer.observe({ type: LARGEST_PAINT, buffered: true });
  return observer;
}

let settled = false;
/** The work of every caller waiting for the tab's first screen, run together when it settles. */
const waiting = new Set<() => void>();
/** Stops the one wait under way for the tab (undefined: none). */
let stopWait: (() => void) | undefined;

/**
 * Runs `work` once the first screen is in: the page has loaded, the screen's reads have answered
 * (or SETTLE_LIMIT_MS have passed), two frames have been painted since in which the page did not
 * change (the screen and the pictures the load waited for are on screen, the largest paint among
 * them) and the browser has a quiet moment.
 * Code a screen does not need to show itself (the chat socket, the account menu) waits for this,
 * so it never competes with the screen's own code, data and largest paint. The tab waits once:
 * every caller's work runs together when it settles (what the first one starts does not hold up
 * the rest), and later callers run at once. Returns a function that cancels this caller's work.
 */
export function afterScreenSettled(queryClient: QueryClient, work: () => void): () => void {
  if (settled) {
    work();
    return () => {};
  }
  // A function of its own, so the same work given twice is two callers.
  const caller = () => work();
  waiting.add(caller);
  stopWait ??= waitForScreen(queryClient, () => {
    settled = true;
    stopWait = undefined;
    const callers = [...waiting];
    waiting.clear();
    for (const run of callers) {
      try {
        run();
      } catch (error) {
        // One caller's failure is reported without keeping the others' work from running.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  });
  return () => {
    if (!waiting.delete(caller) || waiting.size > 0) return;
    // Nobody waits any more (a screen left before it settled): the next caller starts afresh.
    stopWait?.();
    stopWait = undefined;
  };
}

/** Calls `done` once, when the first screen has settled; returns a function that stops the wait. */
function waitForScreen(queryClient: QueryClient, done: () => void): () => void {
  let stopped = false;
  const cleanups: (() => void)[] = [];
  const stop = () => {
    stopped = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const finish = () => {
    if (stopped) return;
    stop();
    done();
  };
  let paintAsked = false;
  const whenIdle = (then: () => void) => {
    if (stopped) return;
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(then, { timeout: IDLE_TIMEOUT_MS });
      cleanups.push(() => cancelIdleCallback(id));
    } else {
      const id = setTimeout(then, 0);
      cleanups.push(() => clearTimeout(id));
    }
  };
  // The screen is drawn once two frames have been painted in which the page did not change: an
  // image that has just loaded is decoded and drawn in a following frame, and a screen that
  // renders after its reads (a guard letting the page through, the page's own list) commits a
  // frame or two after the last read answered. Where the browser reports its largest paints, the
  // last change must also have reached the screen: a large first frame can be presented after
  // the main thread has moved on by two frames. Never longer than SETTLE_LIMIT_MS.
  const whenPainted = () => {
    if (paintAsked || stopped) return;
    paintAsked = true;
    const latest = Date.now() + SETTLE_LIMIT_MS;
    let changed = false;
    let changedAt = performance.now();
    const observer =
      typeof MutationObserver === "function"
        ? new MutationObserver(() => {
            changed = true;
            changedAt = performance.now();
          })
        : undefined;
    observer?.observe(document.body, { childList: true, subtree: true, characterData: true });
    cleanups.push(() => observer?.disconnect());
    let paintedAt = Number.NEGATIVE_INFINITY;
    const paints = observePaints((at) => {
      paintedAt = Math.max(paintedAt, at);
    });
    cleanups.push(() => paints?.disconnect());
    // Rounds of two frames the DOM has been quiet without a largest paint after its last change:
    // a change that drew nothing larger than before is never reported, so this ends the wait.
    let unreported = 0;
    const stillQuiet = () => {
      const quiet = !changed && queryClient.isFetching() === 0;
      changed = false;
      if (!quiet) unreported = 0;
      const shown = !paints || paintedAt >= changedAt || unreported++ >= UNREPORTED_ROUNDS;
      return (quiet && shown) || Date.now() > latest;
    };
    const untilQuiet = () => {
      void afterNextPaint()
        .then(afterNextPaint)
        .then(() => {
          if (stopped) return;
          if (!stillQuiet()) untilQuiet();
          else whenIdle(() => (stillQuiet() ? finish() : untilQuiet()));
        });
    };
    untilQuiet();
  };
  const whenReadsAnswered = () => {
    if (queryClient.isFetching() === 0) {
      whenPainted();
      return;
    }
    const limit = setTimeout(whenPainted, SETTLE_LIMIT_MS);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) whenPainted();
    });
    cleanups.push(() => clearTimeout(limit), unsubscribe);
  };
  if (document.readyState === "complete") whenReadsAnswered();
  else {
    window.addEventListener("load", whenReadsAnswered, { once: true });
    cleanups.push(() => window.removeEventListener("load", whenReadsAnswered));
  }
  return stop;
}

/** False until the first screen has settled (see afterScreenSettled), then true for the tab. */
export function useScreenSettled(): boolean {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(settled);
  useEffect(() => afterScreenSettled(queryClient, () => setDone(true)), [queryClient]);
  return done;
}
