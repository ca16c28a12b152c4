import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { dropJobs, enqueueJob } from "../jobs/service.ts";
import type { JobContext, JobOutcome } from "../jobs/worker.ts";

// A person's ranking is made ahead of their first page (decision 134): at sign-in, and when their
// skills, what they want to learn or their age change. The process that answered makes it at
// once, so a page asked for meanwhile waits for that making instead of starting its own. Behind a
// sign-in's making stands a durable job, which makes the ranking on any process if this one stops
// first or had no room.

const KIND = "feed_ranking";
/**
 * Makings a process runs at once from sign-ins. Past them (a burst of sign-ups), a sign-in leaves
 * its ranking to its job, or to the first page if that comes sooner, rather than piling CPU work
 * onto the process.
 */
const AT_ONCE = 4;
/** How long the job waits for the making under way before it makes the ranking itself. */
const JOB_DELAY_MS = 30_000;

const payloadSchema = z.object({ userId: z.uuid() });
const keyOf = (userId: string) => `${KIND}:${userId}`;

/**
 * Starts making the person's ranking, behind a durable job; resolves once the job is queued. It
 * never fails the sign-in or the edit that calls it: without the job, the first page makes it.
 */
export async function rankAhead(app: FastifyInstance, userId: string): Promise<void> {
  if (app.config.feedRankAhead === false) return;
  try {
    await enqueueJob(app.db, {
      kind: KIND,
      key: keyOf(userId),
      group: userId,
      payload: { userId },
      runAt: new Date(Date.now() + JOB_DELAY_MS),
    });
  } catch (error) {
    app.log.warn({ err: error, userId }, "queueing a feed ranking ahead failed");
    return;
  }
  makeHere(app, userId, () => dropJobs(app.db, KIND, [keyOf(userId)]));
}

/**
 * After an edit that changes the person's order (skills, learning, age): the new ranking, made in
 * this process when it has room, or else by their next page. No job: an edit comes from someone
 * using the app now, and a burst of edits would queue work that their pages do anyway.
 */
export function remakeAhead(app: FastifyInstance, userId: string): void {
  if (app.config.feedRankAhead === false) return;
  makeHere(app, userId, async () => {});
}

/** Makes the ranking in this process, unless AT_ONCE makings are under way; then `done`. */
function makeHere(app: FastifyInstance, userId: string, done: () => Promise<void>): void {
  if (app.feed.pending >= AT_ONCE) return;
  app.feed.track(
    app.feed
      .prepare(app.db, userId)
      .then(done)
      .catch((error: unknown) =>
        app.log.warn({ err: error, userId }, "making a feed ranking ahead failed"),
      ),
  );
}

/** The job: makes the person's ranking unless one fit for them is kept already. */
export function rankingHandler(app: FastifyInstance) {
  return async ({ job, log }: JobContext): Promise<JobOutcome> => {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) {
      log.error("feed ranking job dropped: its payload names nobody");
      return undefined;
    }
    const made = await app.feed.prepare(app.db, payload.data.userId);
    log.debug({ made }, "feed ranking ahead");
    return undefined;
  };
}
