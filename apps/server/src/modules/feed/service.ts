import { type Executor, resetFeedQueue } from "./queue-repository.ts";

/**
 * The viewer's skills changed: the feed's ranking follows them, so the next page starts a new
 * one. Runs on the caller's transaction when given one.
 */
export function restartFeed(executor: Executor, viewerId: string, at: Date): Promise<void> {
  return resetFeedQueue(executor, viewerId, at);
}
