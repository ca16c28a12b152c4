import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { afterNextPaint } from "./after-paint.ts";

/** The longest a first screen's reads are waited for before secondary code loads anyway. */
const SETTLE_LIMIT_MS = 3_000;
const IDLE_TIMEOUT_MS = 1_000;

let settled = false;

/**
 * Runs `work` once the first screen is in: the page has loaded, the screen's reads have answered
 * (or SETTLE_LIMIT_MS have passed), two frames have been painted since (the pictures the load
 * waited for are on screen, the largest paint among them) and the browser has a quiet moment.
 * Code a screen does not need to show itself (the chat socket, the account menu) waits for this,
 * so it never competes with the screen's own code, data and largest paint. Once the tab has settled, later callers
 * run at once. Returns a function that cancels the wait.
 */
export function afterScreenSettled(queryClient: QueryClient, work: () => void): () => void {
  if (settled) {
    work();
    return () => {};
  }
  let cancelled = false;
  const cleanups: (() => void)[] = [];
  const finish = () => {
    if (cancelled) return;
    cancelled = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    settled = true;
    work();
  };
  let paintAsked = false;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(finish, { timeout: IDLE_TIMEOUT_MS });
      cleanups.push(() => cancelIdleCallback(id));
    } else {
      const id = setTimeout(finish, 0);
      cleanups.push(() => clearTimeout(id));
    }
  };
  // An image that has just loaded is decoded and drawn in a following frame.
  const whenPainted = () => {
    if (paintAsked || cancelled) return;
    paintAsked = true;
    void afterNextPaint().then(afterNextPaint).then(whenIdle);
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
  return () => {
    cancelled = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

/** False until the first screen has settled (see afterScreenSettled), then true for the tab. */
export function useScreenSettled(): boolean {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(settled);
  useEffect(() => afterScreenSettled(queryClient, () => setDone(true)), [queryClient]);
  return done;
}
