import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_JOBS, type JobSettings } from "../../config.ts";
import {
  type ClaimedJob,
  claimDueJobs,
  deleteJob,
  releaseJob,
  rescheduleJob,
  retryJobLater,
} from "./repository.ts";
import type { JobKind } from "./service.ts";

export type JobContext = {
  job: ClaimedJob;
  log: FastifyBaseLogger;
  /** Aborted when the process closes: long work (a push request) stops and the job is released. */
  signal: AbortSignal;
};

/** What a handler may ask for instead of the job's deletion. */
export type JobOutcome = undefined | { runAgainAt: Date };

export type JobHandler = (context: JobContext) => Promise<JobOutcome>;

/** Thrown by a handler for a failure worth another try later (a push service's 429 or 5xx). */
export class RetryableJobError extends Error {
  override name = "RetryableJobError";
  constructor(
    message: string,
    /** The other side's Retry-After, honoured over our own backoff. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export type JobRunner = {
  /** Registers the handler of one kind (each module its own kinds). */
  handle: (kind: JobKind, handler: JobHandler) => void;
  /** Claims one batch of due jobs and runs it; resolves with how many were claimed. */
  runDueJobs: () => Promise<number>;
};

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

const MAX_BACKOFF_MS = 60 * 60_000;

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread out. */
export function backoffMs(settings: JobSettings, attempts: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * The worker: every poll interval each process claims a batch of due jobs (FOR UPDATE SKIP
 * LOCKED), runs them by kind, deletes the done ones and puts the failed ones back with backoff.
 * It starts once the database is open and stops before it closes: jobs still running when the
 * process closes are aborted and given back for another worker.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.jobs ?? DEFAULT_JOBS;
    const handlers = new Map<string, JobHandler>();
    const closing = new AbortController();
    let running: Promise<number> | undefined;
    let timer: NodeJS.Timeout | undefined;

    async function runOne(job: ClaimedJob): Promise<void> {
      const log = app.log.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts });
      const handler = handlers.get(job.kind);
      if (!handler) {
        log.error("job dropped: no handler for its kind");
        await deleteJob(app.db, job);
        return;
      }
      try {
        const outcome = await handler({ job, log, signal: closing.signal });
        if (outcome?.runAgainAt) await rescheduleJob(app.db, job, outcome.runAgainAt);
        else await deleteJob(app.db, job);
      } catch (error) {
        if (closing.signal.aborted) {
          await releaseJob(app.db, job);
          return;
        }
        app.metrics.jobFailures.inc({ kind: job.kind });
        const message = error instanceof Error ? error.message : String(error);
        if (job.attempts >= settings.maxAttempts) {
          log.error({ err: error }, `job dropped after ${job.attempts} attempts: ${message}`);
          await deleteJob(app.db, job);
          return;
        }
        const retryAfter = error instanceof RetryableJobError ? error.retryAfterMs : undefined;
        const delay = Math.min(MAX_BACKOFF_MS, retryAfter ?? backoffMs(settings, job.attempts));
        log.warn({ err: error, retryInMs: Math.round(delay) }, `job failed, retried: ${message}`);
        await retryJobLater(app.db, job, delay, message);
      }
    }

    async function runBatch(): Promise<number> {
      const claimed = await claimDueJobs(app.db, settings.batchSize, settings.leaseMs);
      const results = await Promise.allSettled(claimed.map(runOne));
      for (const result of results) {
        if (result.status === "rejected") {
          // The job's own row could not be written (the database went away): its lease runs out
          // and it is claimed again.
          app.log.warn({ err: result.reason }, "a job's outcome was not recorded");
        }
      }
      return claimed.length;
    }

    function runDueJobs(): Promise<number> {
      // One batch at a time per process; a caller arriving meanwhile waits for it, then runs its own.
      const next = (running ?? Promise.resolve(0)).catch(() => 0).then(runBatch);
      running = next;
      return next;
    }

    function schedule(delayMs: number) {
      if (closing.signal.aborted) return;
      timer = setTimeout(async () => {
        let claimed = 0;
        try {
          claimed = await runDueJobs();
        } catch (error) {
          app.log.warn({ err: error }, "looking for due jobs failed");
        }
        schedule(claimed >= settings.batchSize ? 0 : settings.pollIntervalMs);
      }, delayMs);
      timer.unref();
    }

    app.decorate("jobs", {
      handle(kind, handler) {
        handlers.set(kind, handler);
      },
      runDueJobs,
    } satisfies JobRunner);

    app.addHook("onReady", async () => {
      app.databaseReady.then(
        () => schedule(0),
        () => {},
      );
    });
    app.addHook("preClose", async () => {
      closing.abort();
      clearTimeout(timer);
      await running?.catch(() => 0);
    });
  },
  { name: "jobs", dependencies: ["metrics"] },
);
