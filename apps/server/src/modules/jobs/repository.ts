import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { jobs } from "../../db/schema.ts";
import type { NewJob } from "./service.ts";

export type ClaimedJob = {
  id: string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  /** This run's number (1 for the first); also the claim's fence: a stale worker's writes miss. */
  attempts: number;
};

/** A claimed job as the claim returns it. */
export type Claim = ClaimedJob & {
  groupKey: string | null;
  /** Due jobs this claim left for their group's limit: claimable once some of the group's end. */
  heldBack: number;
};

export type ClaimRequest = {
  /** Free slots of each kind: at most this many of the kind are claimed. */
  slots: { kind: string; free: number }[];
  /** Free slots for the kinds not named in `slots` (left over by an older version). */
  otherFree: number;
  /** Jobs of one group held at once (by any worker): no more of the group are claimed beyond. */
  perGroup: number;
  leaseMs: number;
};

/** Due jobs looked at per claim, oldest first: bounds the claim's work however long the queue. */
const CLAIM_HORIZON = 5000;

/**
 * Claims due jobs for `leaseMs`, oldest first: due (run_at passed) and not held by a live lease,
 * at most the free slots of each kind, and no job of a group that already has `perGroup` held or
 * chosen (so one person's pushes cannot take every slot). SKIP LOCKED lets concurrent workers each
 * take different rows; the lease and the attempt are set in the same statement, so a job is never
 * run by two workers while its lease holds.
 */
export function claimDueJobs(db: Database, request: ClaimRequest): Promise<Claim[]> {
  const slots =
    request.slots.length > 0
      ? sql`values ${sql.join(
          request.slots.map((slot) => sql`(${slot.kind}::text, ${Math.max(0, slot.free)}::int)`),
          sql`, `,
        )}`
      : sql`select null::text, 0::int where false`;
  return selectRows<Claim>(
    db,
    sql`
      with slots (kind, free) as (${slots}),
      candidates as (
        select id, kind, run_at, group_key from jobs
        where run_at <= now() and (locked_until is null or locked_until <= now())
          and coalesce((select free from slots where slots.kind = jobs.kind), ${request.otherFree}) > 0
        order by run_at
        limit ${CLAIM_HORIZON}
      ),
      ranked as (
        select candidates.*,
          candidates.group_key is null or row_number() over (
            partition by group_key order by run_at, id
          ) + (
            select count(*) from jobs held
            where held.group_key = candidates.group_key and held.locked_until > now()
          ) <= ${request.perGroup} as within_group
        from candidates
      ),
      fair as (
        select id, kind, run_at from ranked where within_group
      ),
      chosen as (
        select placed.id from (
          select fair.id, fair.kind,
            row_number() over (partition by fair.kind order by fair.run_at, fair.id) as kind_place
          from fair
        ) placed
        where placed.kind_place
          <= coalesce((select free from slots where slots.kind = placed.kind), ${request.otherFree})
      )
      update jobs
      set locked_until = now() + ${request.leaseMs} * interval '1 millisecond',
        attempts = attempts + 1
      where id in (
        select id from jobs
        where id in (select id from chosen)
          and run_at <= now() and (locked_until is null or locked_until <= now())
        for update skip locked
      )
      returning id, kind, key, payload, attempts, group_key as "groupKey",
        (select count(*) from ranked where not within_group)::int as "heldBack"
    `,
  );
}

/** Done: the row goes (unless another worker has claimed it since, after the lease ran out). */
export async function deleteJob(db: Database, job: ClaimedJob): Promise<void> {
  await db.execute(sql`delete from jobs where id = ${job.id} and attempts = ${job.attempts}`);
}

/** Failed for now: due again after `delayMs`, with the error kept for whoever looks. */
export async function retryJobLater(
  db: Database,
  job: ClaimedJob,
  delayMs: number,
  error: string,
): Promise<void> {
  await db.execute(sql`
    update jobs
    set run_at = now() + ${Math.round(delayMs)} * interval '1 millisecond', locked_until = null,
      last_error = ${error.slice(0, 1000)}
    where id = ${job.id} and attempts = ${job.attempts}
  `);
}

/**
 * The same job again at a later time, as a fresh one (a digest waiting for newer notifications),
 * with a new payload when given (where a job run in batches goes on from).
 */
export async function rescheduleJob(
  db: Database,
  job: ClaimedJob,
  runAt: Date,
  payload?: Record<string, unknown>,
): Promise<void> {
  await db.execute(sql`
    update jobs
    set run_at = ${runAt.toISOString()}::timestamptz, locked_until = null, attempts = 0,
      last_error = null${payload === undefined ? sql`` : sql`, payload = ${JSON.stringify(payload)}::jsonb`}
    where id = ${job.id} and attempts = ${job.attempts}
  `);
}

/** Not run now (what it needs waits): due again after `delayMs`, the attempt not spent. */
export async function postponeJob(db: Database, job: ClaimedJob, delayMs: number): Promise<void> {
  await db.execute(sql`
    update jobs
    set run_at = now() + ${Math.round(delayMs)} * interval '1 millisecond', locked_until = null,
      attempts = greatest(attempts - 1, 0)
    where id = ${job.id} and attempts = ${job.attempts}
  `);
}

/** Given back unrun (the process is closing): due at once for another worker, attempt not spent. */
export async function releaseJob(db: Database, job: ClaimedJob): Promise<void> {
  await db.execute(sql`
    update jobs set locked_until = null, attempts = greatest(attempts - 1, 0)
    where id = ${job.id} and attempts = ${job.attempts}
  `);
}

/**
 * Done, inside the transaction that did the job's work: the row goes only if this claim still
 * holds it (the attempt number fences a stale worker); false when it does not.
 */
export async function completeClaimedJob(
  db: Database,
  job: { id: string; attempts: number },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from jobs where id = ${job.id} and attempts = ${job.attempts} returning id`,
  );
  return rows.length > 0;
}

/** Removes the jobs of a kind with these keys: work no longer needed. */
export async function deleteJobsByKey(db: Database, kind: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    delete from jobs where kind = ${kind}
      and key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})
  `);
}

/** Adds a job unless one with its key waits. */
export async function insertJob(db: Database, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      runAt: job.runAt ?? sql`now()`,
      key: job.key ?? null,
      groupKey: job.group ?? null,
    })
    .onConflictDoNothing();
}

/** Deletes the waiting jobs whose payload names the person (`userId`: their digest) or done for them (their group: their pushes). */
export async function deleteJobsNaming(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`delete from jobs where payload ->> 'userId' = ${userId} or group_key = ${userId}`,
  );
}

/** The jobs of each kind: due now, waiting for a later time, and retrying after a failure. */
export function countJobQueue(
  db: Database,
): Promise<{ kind: string; due: number; later: number; retrying: number; running: number }[]> {
  return selectRows(
    db,
    sql`
      select kind,
        count(*) filter (where run_at <= now() and (locked_until is null or locked_until <= now()))::int as due,
        count(*) filter (where run_at > now())::int as later,
        count(*) filter (where last_error is not null)::int as retrying,
        count(*) filter (where locked_until > now())::int as running
      from jobs group by kind order by kind
    `,
  );
}

export type JobCounts = {
  kind: string;
  /** Rows of the kind: due, scheduled for later or running. */
  waiting: number;
  /** Those among them whose last run failed, waiting for their retry. */
  failed: number;
};

/** One row per kind with jobs waiting (for /metrics: a scan of a table that stays short). */
export async function countJobsByKind(db: Database): Promise<JobCounts[]> {
  const rows = await selectRows<{
    kind: string;
    waiting: number | string;
    failed: number | string;
  }>(
    db,
    sql`
      select kind, count(*) as waiting, count(*) filter (where last_error is not null) as failed
      from jobs group by kind
    `,
  );
  return rows.map((row) => ({
    kind: row.kind,
    waiting: Number(row.waiting),
    failed: Number(row.failed),
  }));
}
