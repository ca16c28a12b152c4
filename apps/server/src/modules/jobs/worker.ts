import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { z } from "zod";
import { DEFAULT_JOBS, type JobSettings } from "../../config.ts";
import {
  type Claim,
  type ClaimedJob,
  claimDueJobs,
  countJobQueue,
  deleteJob,
  postponeJob,
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

/**
 * What a handler may ask for instead of the job's deletion: to run again as a fresh job at a
 * time (a digest waiting for newer notifications), with `payload` in place of its own when given
 * (where a job made of several runs goes on from), or to be postponed unrun by `postponeMs`
 * without spending an attempt (what it needs, a push endpoint, is resting after failures).
 */
export type JobOutcome =
  | undefined
  | { runAgainAt: Date; payload?: Record<string, unknown> }
  | { postponeMs: number };

export type JobHandler = (context: JobContext) => Promise<JobOutcome>;

/**
 * A handler whose job's payload must fit `schema`: a job whose payload does not (a row left by an
 * older version, or written by hand) is logged with `dropped` and ends unrun, without a retry.
 */
export function withPayload<T>(
  schema: z.ZodType<T>,
  dropped: string,
  run: (payload: T, context: JobContext) => Promise<JobOutcome>,
): JobHandler {
  return async (context) => {
    const payload = schema.safeParse(context.job.payload);
    if (!payload.success) {
      context.log.error(dropped);
      return undefined;
    }
    return run(payload.data, context);
  };
}

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

/** What one process's worker has done since it started, by kind (for metrics). */
export type JobCounters = {
  /** Runs that ended the job (done, or nothing left to do). */
  completed: Record<string, number>;
  /** Runs that failed and were put back for a later try. */
  retried: Record<string, number>;
  /** Jobs given up: failed on their last attempt, or of a kind nobody handles. */
  dropped: Record<string, number>;
  /** Jobs running now in this process. */
  running: Record<string, number>;
};

/** The jobs table by kind, over all processes: due now, due later, retrying, held by a worker. */
export type JobQueueCounts = {
  kind: string;
  due: number;
  later: number;
  retrying: number;
  running: number;
}[];

export type JobRunner = {
  /** Registers the handler of one kind (each module its own kinds). */
  handle: (kind: JobKind, handler: JobHandler) => void;
  /**
   * Waits for this process's runs under way, then claims the due jobs that fit the free slots of
   * each kind and runs them; resolves, once they and any run the worker started meanwhile have
   * ended, with how many it claimed.
   */
  runDueJobs: () => Promise<number>;
  /** This process's counts since start. */
  counters: JobCounters;
  /** The queue now, by kind (one query). */
  queueCounts: () => Promise<JobQueueCounts>;
};

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** Jobs of one group (one person's pushes) held at once when JobSettings.perGroup is unset. */
export const DEFAULT_JOBS_PER_GROUP = 4;
/** The slots of the kinds no handler knows (rows left by an older version): they are dropped. */
const UNKNOWN_KIND = "(unknown)";

const MAX_BACKOFF_MS = 60 * 60_000;

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread out. */
export function backoffMs(settings: JobSettings, attempts: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * The worker. Each kind has its own slots per process (JOBS_CONCURRENCY; `push` more), so a kind
 * whose jobs hang (pushes to endpoints that never answer) never holds back another (digests,
 * reminders); within a kind, a group (one person's pushes) holds at most JOBS_PER_GROUP at once.
 * Every poll interval, and at once when a job ends while more may wait, the process claims the
 * due jobs that fit its free slots (FOR UPDATE SKIP LOCKED), runs each, deletes the done ones and
 * puts the failed ones back with backoff. It starts once the database is open and stops before it
 * closes: jobs still running when the process closes are aborted and given back for another worker.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.jobs ?? DEFAULT_JOBS;
    const perGroup = settings.perGroup ?? DEFAULT_JOBS_PER_GROUP;
    const handlers = new Map<string, JobHandler>();
    const closing = new AbortController();
    const counters: JobCounters = { completed: {}, retried: {}, dropped: {}, running: {} };
    const underWay = new Set<Promise<void>>();
    let claiming: Promise<Promise<void>[]> = Promise.resolve([]);
    let timer: NodeJS.Timeout | undefined;
    let ticking = false;
    let lookAgain = false;

    const count = (table: Record<string, number>, kind: string, by = 1) => {
      table[kind] = (table[kind] ?? 0) + by;
    };
    const laneOf = (kind: string) => (handlers.has(kind) ? kind : UNKNOWN_KIND);
    const slotsOf = (lane: string) =>
      (lane === UNKNOWN_KIND ? undefined : settings.concurrency?.[lane]) ?? settings.batchSize;
    const freeSlots = (lane: string) => slotsOf(lane) - (counters.running[lane] ?? 0);

    async function runOne(job: ClaimedJob): Promise<void> {
      const log = app.log.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts });
      const handler = handlers.get(job.kind);
      if (!handler) {
        log.error("job dropped: no handler for its kind");
        count(counters.dropped, job.kind);
        await deleteJob(app.db, job);
        return;
      }
      try {
        const outcome = await handler({ job, log, signal: closing.signal });
        if (outcome && "postponeMs" in outcome) {
          await postponeJob(app.db, job, outcome.postponeMs);
          return;
        }
        if (outcome?.runAgainAt) {
          await rescheduleJob(app.db, job, outcome.runAgainAt, outcome.payload);
        } else {
          await deleteJob(app.db, job);
        }
        count(counters.completed, job.kind);
      } catch (error) {
        if (closing.signal.aborted) {
          await releaseJob(app.db, job);
          return;
        }
        app.metrics.jobFailures.inc({ kind: job.kind });
        const message = error instanceof Error ? error.message : String(error);
        if (job.attempts >= settings.maxAttempts) {
          log.error({ err: error }, `job dropped after ${job.attempts} attempts: ${message}`);
          count(counters.dropped, job.kind);
          await deleteJob(app.db, job);
          return;
        }
        const retryAfter = error instanceof RetryableJobError ? error.retryAfterMs : undefined;
        const delay = Math.min(MAX_BACKOFF_MS, retryAfter ?? backoffMs(settings, job.attempts));
        log.warn({ err: error, retryInMs: Math.round(delay) }, `job failed, retried: ${message}`);
        count(counters.retried, job.kind);
        await retryJobLater(app.db, job, delay, message);
      }
    }

    /** Runs a claimed job in its kind's slot; when it ends, `more` says whether to look again. */
    function start(job: Claim, more: boolean): Promise<void> {
      const lane = laneOf(job.kind);
      count(counters.running, lane);
      const run = runOne(job)
        .catch((error: unknown) => {
          // The job's own row could not be written (the database went away): its lease runs out
          // and it is claimed again.
          app.log.warn({ err: error, jobId: job.id }, "a job's outcome was not recorded");
        })
        .finally(() => {
          count(counters.running, lane, -1);
          underWay.delete(run);
          if (more) wake();
        });
      underWay.add(run);
      return run;
    }

    async function claimAndStart(): Promise<Promise<void>[]> {
      if (closing.signal.aborted) return [];
      const slots = [...handlers.keys()].map((kind) => ({ kind, free: freeSlots(kind) }));
      const otherFree = freeSlots(UNKNOWN_KIND);
      if (otherFree <= 0 && slots.every((slot) => slot.free <= 0)) return [];
      const claimed = await claimDueJobs(app.db, {
        slots,
        otherFree,
        perGroup,
        leaseMs: settings.leaseMs,
      });
      // A kind that filled its free slots may have more due, and a group with jobs held back
      // lets its next one in as one of its jobs ends: either way, look again when one ends.
      const claimedBy = new Map<string, number>();
      for (const job of claimed) {
        claimedBy.set(laneOf(job.kind), (claimedBy.get(laneOf(job.kind)) ?? 0) + 1);
      }
      const full = new Set(
        [...claimedBy].filter(([lane, taken]) => taken >= freeSlots(lane)).map(([lane]) => lane),
      );
      return claimed.map((job) =>
        start(job, full.has(laneOf(job.kind)) || (job.groupKey !== null && job.heldBack > 0)),
      );
    }

    /** One claim at a time per process: a caller arriving meanwhile waits for it, then claims. */
    function claim(): Promise<Promise<void>[]> {
      const next = claiming.catch(() => []).then(claimAndStart);
      claiming = next;
      return next;
    }

    /** Every run under way in this process now, ended (failed ones too). */
    const settle = () => Promise.allSettled([...underWay]);

    async function runDueJobs(): Promise<number> {
      // A look of the worker's own may hold a due job right now, and the claim would skip it
      // (SKIP LOCKED): its runs end first, so what they put back due is claimed here. Runs the
      // worker starts meanwhile (a claim queued before this one) are waited for after.
      await settle();
      const started = await claim();
      await Promise.all(started);
      await settle();
      return started.length;
    }

    function schedule(delayMs: number) {
      if (closing.signal.aborted) return;
      clearTimeout(timer);
      timer = setTimeout(async () => {
        ticking = true;
        lookAgain = false;
        try {
          await claim();
        } catch (error) {
          app.log.warn({ err: error }, "looking for due jobs failed");
        }
        ticking = false;
        schedule(lookAgain ? 0 : settings.pollIntervalMs);
      }, delayMs);
      timer.unref();
    }

    /** Look for due jobs now (or right after the look under way). */
    function wake() {
      lookAgain = true;
      if (!ticking) schedule(0);
    }

    app.decorate("jobs", {
      handle(kind, handler) {
        handlers.set(kind, handler);
      },
      runDueJobs,
      counters,
      queueCounts: () => countJobQueue(app.db),
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
      await claiming.catch(() => []);
      await Promise.allSettled([...underWay]);
    });
  },
  { name: "jobs", dependencies: ["metrics"] },
);
