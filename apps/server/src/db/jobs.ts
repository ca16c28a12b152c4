import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { jobs } from "./schema.ts";

/** The kinds of durable background work; the worker (modules/jobs) runs each by its handler. */
export type JobKind = "notify" | "push" | "digest" | "event_reminder";

export type NewJob = {
  kind: JobKind;
  payload: Record<string, unknown>;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job with this key waits, another with the same key is not added. */
  key?: string;
};

/**
 * Adds a job. Call it inside the transaction that makes the work necessary, so the work exists
 * exactly when its cause does (a rolled-back request leaves no push behind).
 */
export async function enqueueJob(db: Database, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      runAt: job.runAt ?? sql`now()`,
      key: job.key ?? null,
    })
    .onConflictDoNothing();
}
