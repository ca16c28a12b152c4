import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { dropJobs, enqueueJob } from "../jobs/service.ts";
import { withPayload } from "../jobs/worker.ts";

// A person's ranking is made ahead of their first page, at sign-in (decision 134). The process
// that signed them in makes it at once, so a page asked for meanwhile waits for that making
// instead of starting its own. A durable job stands behind it, and makes the ranking on any
// process if this one stops first or had no room.

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
 * never fails the sign-in that calls it: without the job, the first page makes it.
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
  if (app.feed.pending >= AT_ONCE) return;
  app.feed.track(
    app.feed
      .prepare(app.db, userId)
      .then(() => dropJobs(app.db, KIND, [keyOf(userId)]))
      .catch((error: unknown) =>
        app.log.warn({ err: error, userId }, "making a feed ranking ahead failed; its job will"),
      ),
  );
}

/** The job: makes the person's ranking unless one fit for them is kept already. */
export function rankingHandler(app: FastifyInstance) {
  return withPayload(
    payloadSchema,
    "feed ranking job dropped: its payload names nobody",
    async (payload, { log }) => {
      const made = await app.feed.prepare(app.db, payload.userId);
      log.debug({ made }, "feed ranking ahead");
      return undefined;
    },
  );
}
