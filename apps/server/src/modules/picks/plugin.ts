import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ensureEveryPicksJob, picksHandler } from "./service.ts";

/** The daily picks' job, and at start a job for every time zone in use. */
export const picksPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.handle("daily_picks", picksHandler(app));
    app.addHook("onReady", async () => {
      app.databaseReady
        .then(() => ensureEveryPicksJob(app))
        .catch((error: unknown) => app.log.warn({ err: error }, "queueing the daily picks failed"));
    });
  },
  { name: "picks", dependencies: ["feed"] },
);
