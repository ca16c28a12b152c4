import { type SQL, sql } from "drizzle-orm";
import type { FeedQueueSettings } from "../../config.ts";
import { type Database, preparedRows } from "../../db/client.ts";
import { cardColumns } from "../users/card-repository.ts";
import { type ViewerSkillSets, viewerSkillSets } from "./viewer-skills.ts";

// The viewer's feed queue: its ranking made in batches (the sharers, then the rest, with newcomers
// ahead), its state locked and reset. Pages are read from it in page-repository.ts.

/**
 * Which page: the entries after position `after` (a cursor; 0 from the start), skipping `offset`
 * entries still to show (the old numbered pages), `limit` of them.
 */
export type FeedRequest = { after: number; offset: number; limit: number };

/** Anything that runs SQL: the database or a transaction. */
export type Executor = Pick<Database, "execute">;

const MAX_UUID = "ffffffff-ffff-ffff-ffff-ffffffffffff";

/**
 * Everyone the viewer may not see: a request either way (any status) or a block either way.
 * Four index ranges (connection_requests_from_idx, _to_idx, user_blocks' key and _blocked_idx).
 */
function partnersOf(viewerId: string): SQL {
  return sql`
    select to_user_id as user_id from connection_requests where from_user_id = ${viewerId}
    union all
    select from_user_id from connection_requests where to_user_id = ${viewerId}
    union all
    select blocked_id from user_blocks where blocker_id = ${viewerId}
    union all
    select blocker_id from user_blocks where blocked_id = ${viewerId}
  `;
}

/**
 * The viewer's skills as CTEs, from the sets worked out in memory (viewer-skills.ts) and passed as
 * JSON: viewer_skills (their canonical skills), viewer_related (canonical skills related to one of
 * those, not theirs: a framework to its language) and viewer_ranges (every spelling stored in
 * user_skills.skill for either kind, with whether it is shared; only spellings someone has, one
 * probe of the skill index each). A stored spelling names one canonical skill, so one range of
 * user_skills_skill_created_idx per spelling finds everyone with the canonical skill, newest first.
 */
function viewerSkillCtes(sets: ViewerSkillSets): SQL {
  return sql`
    viewer_skills as materialized (
      select value as canonical from json_array_elements_text(${JSON.stringify(sets.shared)}::json)
    ),
    viewer_related as materialized (
      select value as canonical from json_array_elements_text(${JSON.stringify(sets.related)}::json)
    ),
    viewer_ranges as materialized (
      select k.skill, k.canonical, k.shared
      from json_to_recordset(${JSON.stringify(sets.ranges)}::json)
        as k(skill text, canonical text, shared boolean)
      where exists (select 1 from user_skills e where e.skill = k.skill)
    )
  `;
}

/**
 * The CTE per_skill (after viewer_ranges): rows per range in a window of about `size` people.
 * A range of a related skill counts half of one of the viewer's own: related people come after
 * sharers and fill fewer windows, and a window reads at most about four times `size` rows however
 * many related skills there are (with a range each, the windows grew short and many).
 */
function perSkillCte(size: number): SQL {
  return sql`
    per_skill as materialized (
      select greatest(1, ceil(
          2.0 * ${size} / greatest(1,
            count(*) filter (where shared) + ceil(count(*) filter (where not shared) / 2.0))
        ))::int as n
      from viewer_ranges
    )
  `;
}

/** The CTE ranked: `picked` numbered by shared skills, then related ones, then newest. */
const ranked = sql`
  ranked as (
    select p.user_id,
      row_number() over (
        order by p.shared desc, p.related desc, p.created_at desc, p.user_id desc
      ) as r
    from picked p
  )
`;

/**
 * Appends `picked` (user_id, created_at) to the queue ranked by shared skills, then newest, and
 * moves last_position past them. `picked` must be a CTE in `prefix`; `changes` sets more columns.
 */
function appendRanked(viewerId: string, sets: ViewerSkillSets, prefix: SQL, changes: SQL): SQL {
  return sql`
    with ${viewerSkillCtes(sets)},
    ${prefix},
    ${ranked},
    added as (
      insert into feed_queue_entries (viewer_id, position, candidate_id)
      select ${viewerId}, q.last_position + ranked.r, ranked.user_id
      from ranked, feed_queues q
      where q.viewer_id = ${viewerId}
      on conflict do nothing
      returning 1
    )
    update feed_queues set
      last_position = last_position + (select count(*) from ranked),
      ${changes}
    where viewer_id = ${viewerId}
  `;
}

/** The batch's time, set by the batch's own statement. */
function batchedAt(now: Date): SQL {
  return sql`batched_at = ${now.toISOString()}::timestamptz`;
}

/**
 * How many of the viewer's canonical skills a person of `walked` has, and how many related ones
 * (one user_skills primary key range each), as the CTE picked.
 */
const pickedWithCounts = sql`
  picked as (
    select w.user_id, w.created_at, c.shared, c.related
    from walked w
    cross join lateral (
      select
        count(distinct us.canonical) filter (
          where us.canonical in (select canonical from viewer_skills)
        )::int as shared,
        count(distinct us.canonical) filter (
          where us.canonical in (select canonical from viewer_related)
        )::int as related
      from user_skills us
      where us.user_id = w.user_id
    ) c
  )
`;

/**
 * The next window of people sharing a skill, as the CTEs partners, win, cut and picked (after a
 * viewer_skills CTE): for each viewer skill, one range of user_skills_skill_created_idx below the
 * frontier, newest first, at most `perSkill` rows (a LATERAL with LIMIT). Where a skill's range
 * was cut short, people below its last row may be missing from the window, so the window ends at
 * the highest such last row (the cut): above it every skill is complete and the shared counts are
 * exact. The next window starts below the cut; when no range was cut short, every sharer has been
 * queued and the rest begins, from the top.
 */
function sharersWindow(viewerId: string, frontierAt: SQL, frontierId: SQL, perSkill: SQL): SQL {
  return sql`
    partners as materialized (${partnersOf(viewerId)}),
    win as materialized (
      select vs.canonical, vs.shared, t.user_id, t.created_at, t.n
      from viewer_ranges vs
      cross join lateral (
        select s.user_id, s.created_at,
          row_number() over (
            order by s.created_at desc nulls last, s.user_id desc nulls last
          ) as n
        from user_skills s
        where s.skill = vs.skill
          and (s.created_at, s.user_id) < (${frontierAt}, ${frontierId})
          and s.user_id <> ${viewerId}
          and s.user_id not in (select user_id from partners)
        order by s.created_at desc nulls last, s.user_id desc nulls last
        limit ${perSkill}
      ) t
    ),
    cut as (
      select created_at, user_id from win where n = ${perSkill}
      order by created_at desc, user_id desc
      limit 1
    ),
    picked as (
      select w.user_id, max(w.created_at) as created_at,
        count(distinct w.canonical) filter (where w.shared)::int as shared,
        count(distinct w.canonical) filter (where not w.shared)::int as related
      from win w
      left join cut c on true
      where c.user_id is null or (w.created_at, w.user_id) >= (c.created_at, c.user_id)
      group by w.user_id
    )
  `;
}

/**
 * The next window of sharers (see sharersWindow), appended to the viewer's queue: `perSkill` rows
 * per range, or as many as a window of about `size` people takes (see perSkillCte).
 */
export function sharersBatch(
  viewerId: string,
  state: QueueState,
  perSkill: number | { size: number },
  now = new Date(),
): SQL {
  const share = typeof perSkill === "number" ? null : perSkillCte(perSkill.size);
  return appendRanked(
    viewerId,
    viewerSkillSets(state.viewerSkills),
    sql`
      ${share ? sql`${share},` : sql``}
      ${sharersWindow(
        viewerId,
        sql`${state.frontierAt}::timestamptz`,
        sql`${state.frontierId}::uuid`,
        share ? sql`(select n from per_skill)` : sql`${perSkill}`,
      )}
    `,
    sql`
      ${batchedAt(now)},
      phase = case when exists (select 1 from cut) then 'sharers' else 'rest' end,
      frontier_at = coalesce((select created_at from cut), newest_at),
      frontier_id = coalesce((select user_id from cut), newest_id)
    `,
  );
}

/** The two walks along users_created_at_idx: the bound each starts from, and which way it goes. */
const WALKS = {
  rest: {
    bound: "frontier",
    beyond: sql`<`,
    order: sql`u.created_at desc nulls last, u.id desc nulls last`,
    farthest: sql`created_at, user_id`,
  },
  newcomers: {
    bound: "newest",
    beyond: sql`>`,
    order: sql`u.created_at asc nulls first, u.id asc nulls first`,
    farthest: sql`created_at desc, user_id desc`,
  },
} as const;

/**
 * A batch walked along users_created_at_idx from a bound of the queue, up to `size` users,
 * skipping the viewer, partners and anyone already queued (the entries' (viewer, candidate) key);
 * the bound then moves to the farthest one walked.
 * - `rest`, once every sharer is queued: the users below the frontier, newest first. A short
 *   batch means everyone has been queued.
 * - `newcomers`: people who joined after the ranking started (above `newest`), oldest first from
 *   there so none is passed over, added ahead of the batch being made.
 */
export function walkBatch(
  viewerId: string,
  kind: keyof typeof WALKS,
  state: QueueState,
  size: number,
  now = new Date(),
): SQL {
  const walk = WALKS[kind];
  const [at, id] =
    kind === "rest" ? [state.frontierAt, state.frontierId] : [state.newestAt, state.newestId];
  const boundAt = sql.raw(`${walk.bound}_at`);
  const boundId = sql.raw(`${walk.bound}_id`);
  const phase =
    kind === "rest"
      ? sql`phase = case when (select count(*) from walked) < ${size} then 'done' else 'rest' end,`
      : sql``;
  return appendRanked(
    viewerId,
    viewerSkillSets(state.viewerSkills),
    sql`
      partners as materialized (${partnersOf(viewerId)}),
      walked as materialized (
        select u.id as user_id, u.created_at
        from users u
        where (u.created_at, u.id) ${walk.beyond} (${at}::timestamptz, ${id}::uuid)
          and u.id <> ${viewerId}
          and u.id not in (select user_id from partners)
          and not exists (
            select 1 from feed_queue_entries e
            where e.viewer_id = ${viewerId} and e.candidate_id = u.id
          )
        order by ${walk.order}
        limit ${size}
      ),
      ${pickedWithCounts},
      farthest as (
        select created_at, user_id from walked order by ${walk.farthest} limit 1
      )
    `,
    sql`
      ${batchedAt(now)},
      ${phase}
      ${boundAt} = coalesce((select created_at from farthest), ${boundAt}),
      ${boundId} = coalesce((select user_id from farthest), ${boundId})
    `,
  );
}

/**
 * A viewer's first ranking and its first page, in one statement (one round trip, no transaction
 * held open between statements): the queue is created with its first window of sharers, at most
 * about `size` people (see perSkillCte), and the page is read from the entries just added, in
 * the shape of feedPageQuery's rows. No row when the queue exists already (another tab made it)
 * or the viewer does not.
 */
export function firstRankingQuery(
  viewerId: string,
  viewerSkills: readonly string[],
  { after, offset, limit }: FeedRequest,
  size: number,
  now: Date,
): SQL {
  return sql`
    with ${viewerSkillCtes(viewerSkillSets(viewerSkills))},
    -- The ranking's start. Its commit does not wait for the disk: the queue is derived data, and
    -- a ranking lost in a crash is made again.
    t as materialized (
      select clock_timestamp() as at, set_config('synchronous_commit', 'off', true) as commit_mode
    ),
    ${perSkillCte(size)},
    ${sharersWindow(viewerId, sql`(select at from t)`, sql`${MAX_UUID}::uuid`, sql`(select n from per_skill)`)},
    ${ranked},
    queue as (
      insert into feed_queues (viewer_id, last_position, start_position, phase, frontier_at,
        frontier_id, newest_at, newest_id, built_at, batched_at)
      select ${viewerId}, (select count(*) from ranked), 1,
        case when exists (select 1 from cut) then 'sharers' else 'rest' end,
        coalesce((select created_at from cut), t.at), coalesce((select user_id from cut), ${MAX_UUID}),
        t.at, ${MAX_UUID}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from t
      where exists (select 1 from users where id = ${viewerId})
      on conflict do nothing
      returning last_position, phase, newest_at
    ),
    added as (
      insert into feed_queue_entries (viewer_id, position, candidate_id)
      select ${viewerId}, ranked.r, ranked.user_id
      from ranked
      where exists (select 1 from queue)
      on conflict do nothing
      returning position, candidate_id
    ),
    pick as (
      select position, candidate_id from added
      where position > ${after}::bigint
      order by position
      offset ${offset}
      limit ${limit}
    )
    select q.last_position::text as "lastPosition", '1' as "startPosition", q.phase,
      false as stale, false as "recheckDue",
      (select max(n.created_at) from users n) > q.newest_at as newcomers,
      (select v.skills from users v where v.id = ${viewerId}) as "viewerSkills",
      p.*
    from queue q
    left join lateral (
      select pick.position::text as position, ${cardColumns("u")}
      from pick
      join users u on u.id = pick.candidate_id
    ) p on true
    order by p.position::bigint
  `;
}

export type QueueState = {
  lastPosition: string;
  startPosition: string;
  phase: "sharers" | "rest" | "done";
  frontierAt: string;
  frontierId: string;
  newestAt: string;
  newestId: string;
  /** How many ranges of user_skills_skill_created_idx a window of sharers reads. */
  skillCount: number;
  /** The viewer's skills as typed (users.skills), which the batches rank by. */
  viewerSkills: string[];
};

/** The viewer's queue row, locked, as a QueueState without its skillCount (0). */
function lockQueue(executor: Database, viewerId: string): Promise<QueueState[]> {
  return preparedRows<QueueState>(
    executor,
    "feed_lock_queue",
    sql`
      select last_position::text as "lastPosition", start_position::text as "startPosition",
        phase, frontier_at::text as "frontierAt", frontier_id as "frontierId",
        newest_at::text as "newestAt", newest_id as "newestId", 0 as "skillCount",
        coalesce((select v.skills from users v where v.id = ${viewerId}), '{}') as "viewerSkills"
      from feed_queues
      where viewer_id = ${viewerId}
      for update
    `,
  );
}

/** The viewer's queue row, locked, with how many ranges a window of sharers reads. */
export async function lockState(executor: Database, viewerId: string): Promise<QueueState[]> {
  const rows = await lockQueue(executor, viewerId);
  for (const state of rows) {
    const { ranges } = viewerSkillSets(state.viewerSkills);
    const counted = (await executor.execute(sql`
      select count(*)::int as n
      from json_to_recordset(${JSON.stringify(ranges)}::json) as k(skill text)
      where exists (select 1 from user_skills e where e.skill = k.skill)
    `)) as unknown as { rows: { n: number }[] };
    state.skillCount = counted.rows[0]?.n ?? 0;
  }
  return rows;
}

/**
 * Starts the viewer's ranking again: its entries go, positions continue after the last one (so an
 * older cursor lands on the new ranking's first entry) and the next batch starts from the newest
 * profiles. Called when the viewer's skills change and when a ranking is past its time to live.
 */
export async function resetFeedQueue(
  executor: Executor,
  viewerId: string,
  builtAt: Date,
): Promise<void> {
  await executor.execute(sql`delete from feed_queue_entries where viewer_id = ${viewerId}`);
  await executor.execute(sql`
    update feed_queues set
      start_position = last_position + 1,
      phase = 'sharers',
      frontier_at = t.at, frontier_id = ${MAX_UUID},
      newest_at = t.at, newest_id = ${MAX_UUID},
      built_at = ${builtAt.toISOString()}::timestamptz,
      batched_at = ${builtAt.toISOString()}::timestamptz
    from (select clock_timestamp() as at) t
    where viewer_id = ${viewerId}
  `);
}

/**
 * Rows per range in a window of sharers, spread evenly over every range in `state.skillCount`
 * (for a window chosen by hand, as the benchmark's plans are; the batches share out their rows
 * in SQL, see perSkillCte). The most common skill fills its share first and sets the window's
 * end, so a window holds about two to three times this many people: a few hundred.
 */
export function perSkillLimit(batchSize: number, state: QueueState): number {
  return Math.max(1, Math.ceil((2 * batchSize) / Math.max(1, state.skillCount)));
}

/** A ranking's first batch is what opening Discover waits for: smaller, so it answers sooner. */
export function firstBatchSize(settings: FeedQueueSettings): number {
  return settings.firstBatchSize ?? settings.batchSize;
}

export type BatchReason =
  | { kind: "rebuild"; startPosition: number }
  | { kind: "next"; lastPosition: number; newcomers: boolean };

/**
 * Adds one batch to the viewer's queue, in a transaction that holds the queue row's lock: two
 * tabs that both reach the end of the queue make one batch, since the second finds the queue no
 * longer where it saw it and leaves it to the first.
 */
export async function makeBatch<T>(
  db: Database,
  viewerId: string,
  reason: BatchReason,
  settings: FeedQueueSettings,
  now: Date,
  then: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const batchTx = tx as unknown as Database;
    await addBatch(batchTx, viewerId, reason, settings, now);
    return then(batchTx);
  });
}

/** makeBatch's work, in its transaction; returns early when there is nothing to do. */
async function addBatch(
  tx: Database,
  viewerId: string,
  reason: BatchReason,
  settings: FeedQueueSettings,
  now: Date,
): Promise<void> {
  // The queue is derived data: a crash may lose the last batch, which is then made again, so
  // its commit does not wait for the disk.
  await tx.execute(sql`set local synchronous_commit = off`);
  // The batch statements are prepared, and their plans hang on the statement's shape, not on its
  // values: planned once, not on every batch (a custom plan took a few ms of each).
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
  let [state] = await lockQueue(tx, viewerId);
  if (!state) return;
  if (reason.kind === "rebuild") {
    if (Number(state.startPosition) !== reason.startPosition) return;
    await resetFeedQueue(tx, viewerId, now);
    [state] = await lockQueue(tx, viewerId);
    if (!state) return;
  } else {
    if (Number(state.lastPosition) !== reason.lastPosition) return;
    const due = reason.newcomers || state.phase === "done";
    if (due) {
      await preparedRows(
        tx,
        "feed_newcomers_batch",
        walkBatch(viewerId, "newcomers", state, settings.batchSize, now),
      );
    }
  }
  // Opening Discover waits for a rebuild: a smaller first batch answers sooner.
  const size = reason.kind === "next" ? settings.batchSize : firstBatchSize(settings);
  if (state.phase === "sharers") {
    await preparedRows(tx, "feed_sharers_batch", sharersBatch(viewerId, state, { size }, now));
  } else if (state.phase === "rest") {
    await preparedRows(tx, "feed_rest_batch", walkBatch(viewerId, "rest", state, size, now));
  }
}
