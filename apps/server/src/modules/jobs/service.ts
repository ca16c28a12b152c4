import type { Database } from "../../db/client.ts";
import type { JobKind } from "../../db/jobs.ts";
import { completeClaimedJob, deleteJobsByKey } from "./repository.ts";

// What other modules ask of the jobs table (owned here) beyond adding a job (db/jobs.ts).

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
