import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import {
  completeClaimedJob,
  countJobsByKind,
  deleteJobsByKey,
  deleteJobsNaming,
  insertJob,
  type JobCounts,
} from "./repository.ts";

export type { JobCounts };

// What other modules ask of the jobs table (owned here).

/** The kinds of durable background work; the worker (modules/jobs) runs each by its handler. */
export type JobKind =
  | "notify"
  | "push"
  | "digest"
  | "event_reminder"
  | "ban_purge"
  | "chat_kept_purge"
  | "chat_photo_sweep"
  | "daily_picks"
  | "feed_ranking"
  | "meetup_reminder";

export type NewJob = {
  kind: JobKind;
  payload: Record<string, unknown>;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job with this key waits, another with the same key is not added. */
  key?: string;
  /**
   * Whose work it is (a user id): jobs of one group run only a few at once (JOBS_PER_GROUP, over
   * all processes), so one person's slow work (push endpoints that never answer) cannot take every
   * slot of its kind. A deleted person's waiting jobs of their group go with them.
   */
  group?: string;
};

/**
 * Adds a job. Call it inside the transaction that makes the work necessary, so the work exists
 * exactly when its cause does (a rolled-back request leaves no push behind).
 */
export function enqueueJob(db: Database, job: NewJob): Promise<void> {
  return insertJob(db, job);
}

/**
 * Completes a claimed job inside the transaction that does its work, so the work and the job's
 * end commit together, once; false when this claim no longer holds the job.
 */
export function completeJob(db: Database, job: { id: string; attempts: number }): Promise<boolean> {
  return completeClaimedJob(db, job);
}

/** Drops the waiting jobs of a kind with these keys (work that is no longer needed). */
export function dropJobs(db: Database, kind: JobKind, keys: string[]): Promise<void> {
  return deleteJobsByKey(db, kind, keys);
}

/** The jobs waiting of each kind, and those among them whose last run failed (for /metrics). */
export function countWaitingJobs(db: Database): Promise<JobCounts[]> {
  return countJobsByKind(db);
}

/**
 * Jobs are work waiting to be done, not what anyone wrote: nothing of them is exported, and a
 * deleted person's waiting digest goes with them (the others name rows that go with the person).
 */
export const jobsPersonalData: PersonalDataPart = {
  module: "jobs",
  tables: ["jobs"],
  exportFor: async () => ({}),
  deleteFor: (tx, userId) => deleteJobsNaming(tx, userId),
};
