import { type SQL, sql } from "drizzle-orm";

// The SQL the jobs module lends to other modules' repositories: a statement that makes a job's
// cause can queue the job in the same statement, one round trip instead of two.

/**
 * Queues a job of `kind`, due now, for each row of `source` (a CTE of the statement, by name),
 * its payload the jsonb `payload` reads from that row; as `enqueueJob`, one already waiting with
 * the same key is kept.
 */
export function queueJobsFrom(kind: string, payload: SQL, source: SQL): SQL {
  return sql`insert into jobs (kind, payload, run_at)
    select ${kind}, ${payload}, now() from ${source}
    on conflict do nothing`;
}
