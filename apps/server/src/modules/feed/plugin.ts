import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { rankingHandler } from "./ahead.ts";
import { Feed } from "./engine.ts";
import { pruneChanges } from "./page-repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's feed (engine.ts): GET /api/feed's pages, and the daily picks' rankings. */
    feed: Feed;
  }
}

/** How many of the last changes to people's cards are kept for the processes to catch up from. */
const KEPT_CHANGES = 100_000;

/**
 * One feed per process, for every route and job that ranks people. The changes every process
 * reads are kept well beyond what a running process lags by; a process further behind starts its
 * caches again, and a ranking made before the pruned changes is made again.
 */
export const feedPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("feed", new Feed(app.config.feedRankingChunk));
    app.jobs.handle("feed_ranking", rankingHandler(app));
    const prune = setInterval(
      () => {
        pruneChanges(app.db, KEPT_CHANGES).catch((error: unknown) =>
          app.log.warn({ err: error }, "pruning the feed's changes failed"),
        );
      },
      60 * 60 * 1000,
    );
    prune.unref();
    app.addHook("onClose", async () => clearInterval(prune));
    // The rankings under way are made before the database closes.
    app.addHook("preClose", () => app.feed.settled());
  },
  { name: "feed", dependencies: ["jobs"] },
);
