import { type SQL, sql } from "drizzle-orm";
import type { FeedQueueSettings } from "../../config.ts";
import { type Database, preparedRows } from "../../db/client.ts";
import { type CardRow, cardColumns } from "./card-sql.ts";

export type FeedRow = CardRow & { matchingSkills: string[]; position: number };

/**
 * Which page: the entries after position `after` (a cursor; 0 from the start), skipping `offset`
 * entries still to show (the old numbered pages), `limit` of them.
 */
export type FeedRequest = { after: number; offset: number; limit: number };

/** A page, the cursor of the next one (null at the end for now) and how many batches it made. */
export type FeedResult = { rows: FeedRow[]; next: number | null; batches: number };

/** Anything that runs SQL: the database or a transaction. */
type Executor = Pick<Database, "execute">;

const MAX_UUID = "ffffffff-ffff-ffff-ffff-ffffffffffff";
/** Enough batches for any numbered page a client asks for; a cursor page needs one or two. */
const MAX_ROUNDS = 100;

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

/** The CTE ranked: `picked` numbered by shared skills, then newest. */
const ranked = sql`
  ranked as (
    select p.user_id,
      row_number() over (order by p.shared desc, p.created_at desc, p.user_id desc) as r
    from picked p
  )
`;

/**
 * Appends `picked` (user_id, created_at) to the queue ranked by shared skills, then newest, and
 * moves last_position past them. `picked` must be a CTE in `prefix`; `changes` sets more columns.
 */
function appendRanked(viewerId: string, prefix: SQL, changes: SQL): SQL {
  return sql`
    with viewer_skills as materialized (
      select skill from user_skills where user_id = ${viewerId}
    ),
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

/** How many of the viewer's skills a person has (user_skills primary key probes). */
const sharedCount = sql`(
  select count(*) from user_skills us
  where us.user_id = u.id and us.skill in (select skill from viewer_skills)
)::int`;

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
      select vs.skill, t.user_id, t.created_at, t.n
      from viewer_skills vs
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
      select w.user_id, max(w.created_at) as created_at, count(*)::int as shared
      from win w
      left join cut c on true
      where c.user_id is null or (w.created_at, w.user_id) >= (c.created_at, c.user_id)
      group by w.user_id
    )
  `;
}

/** The next window of sharers (see sharersWindow), appended to the viewer's queue. */
export function sharersBatch(
  viewerId: string,
  state: QueueState,
  perSkill: number,
  now = new Date(),
): SQL {
  return appendRanked(
    viewerId,
    sharersWindow(
      viewerId,
      sql`${state.frontierAt}::timestamptz`,
      sql`${state.frontierId}::uuid`,
      sql`${perSkill}`,
    ),
    sql`
      ${batchedAt(now)},
      phase = case when exists (select 1 from cut) then 'sharers' else 'rest' end,
      frontier_at = coalesce((select created_at from cut), newest_at),
      frontier_id = coalesce((select user_id from cut), newest_id)
    `,
  );
}

/**
 * The rest, once every sharer is queued: users_created_at_idx walked newest first below the
 * frontier, skipping partners and anyone already queued (the entries' (viewer, candidate) key).
 * A short batch means everyone has been queued.
 */
export function restBatch(
  viewerId: string,
  state: QueueState,
  size: number,
  now = new Date(),
): SQL {
  return appendRanked(
    viewerId,
    sql`
      partners as materialized (${partnersOf(viewerId)}),
      walked as materialized (
        select u.id as user_id, u.created_at, ${sharedCount} as shared
        from users u
        where (u.created_at, u.id) < (${state.frontierAt}::timestamptz, ${state.frontierId}::uuid)
          and u.id <> ${viewerId}
          and u.id not in (select user_id from partners)
          and not exists (
            select 1 from feed_queue_entries e
            where e.viewer_id = ${viewerId} and e.candidate_id = u.id
          )
        order by u.created_at desc nulls last, u.id desc nulls last
        limit ${size}
      ),
      picked as (select * from walked),
      last_walked as (
        select created_at, user_id from walked order by created_at, user_id limit 1
      )
    `,
    sql`
      ${batchedAt(now)},
      phase = case when (select count(*) from walked) < ${size} then 'done' else 'rest' end,
      frontier_at = coalesce((select created_at from last_walked), frontier_at),
      frontier_id = coalesce((select user_id from last_walked), frontier_id)
    `,
  );
}

/**
 * People who joined after the ranking started (above `newest`), oldest first from there so none
 * is passed over, added ahead of the batch being made.
 */
export function newcomersBatch(
  viewerId: string,
  state: QueueState,
  size: number,
  now = new Date(),
): SQL {
  return appendRanked(
    viewerId,
    sql`
      partners as materialized (${partnersOf(viewerId)}),
      walked as materialized (
        select u.id as user_id, u.created_at, ${sharedCount} as shared
        from users u
        where (u.created_at, u.id) > (${state.newestAt}::timestamptz, ${state.newestId}::uuid)
          and u.id <> ${viewerId}
          and u.id not in (select user_id from partners)
          and not exists (
            select 1 from feed_queue_entries e
            where e.viewer_id = ${viewerId} and e.candidate_id = u.id
          )
        order by u.created_at asc nulls first, u.id asc nulls first
        limit ${size}
      ),
      picked as (select * from walked),
      newest_walked as (
        select created_at, user_id from walked order by created_at desc, user_id desc limit 1
      )
    `,
    sql`
      ${batchedAt(now)},
      newest_at = coalesce((select created_at from newest_walked), newest_at),
      newest_id = coalesce((select user_id from newest_walked), newest_id)
    `,
  );
}

/**
 * A viewer's first ranking and its first page, in one statement (one round trip, no transaction
 * held open between statements): the queue is created with its first window of sharers, at most
 * about `size` people (see perSkillLimit), and the page is read from the entries just added, in
 * the shape of feedPageQuery's rows. No row when the queue exists already (another tab made it)
 * or the viewer does not.
 */
export function firstRankingQuery(
  viewerId: string,
  { after, offset, limit }: FeedRequest,
  size: number,
  now: Date,
): SQL {
  return sql`
    with viewer_skills as materialized (
      select skill from user_skills where user_id = ${viewerId}
    ),
    -- The ranking's start. Its commit does not wait for the disk: the queue is derived data, and
    -- a ranking lost in a crash is made again.
    t as materialized (
      select clock_timestamp() as at, set_config('synchronous_commit', 'off', true) as commit_mode
    ),
    per_skill as materialized (
      select greatest(1, ceil(2.0 * ${size} / greatest(1, count(*))))::int as n from viewer_skills
    ),
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
      array(select skill from viewer_skills) as "viewerSkills",
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
  skillCount: number;
};

/** A feed_queues row as a QueueState (in a select or a returning clause). */
function stateColumns(viewerId: string): SQL {
  return sql`last_position::text as "lastPosition", start_position::text as "startPosition",
    phase, frontier_at::text as "frontierAt", frontier_id as "frontierId",
    newest_at::text as "newestAt", newest_id as "newestId",
    (select count(*) from user_skills where user_id = ${viewerId})::int as "skillCount"`;
}

export function lockState(executor: Database, viewerId: string): Promise<QueueState[]> {
  return preparedRows<QueueState>(
    executor,
    "feed_lock_state",
    sql`
      select ${stateColumns(viewerId)}
      from feed_queues
      where viewer_id = ${viewerId}
      for update
    `,
  );
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
 * Rows per skill in a window of sharers. The most common skill fills its share first and sets the
 * window's end, so a window holds about two to three times this many people: a few hundred.
 */
export function perSkillLimit(batchSize: number, state: QueueState): number {
  return Math.max(1, Math.ceil((2 * batchSize) / Math.max(1, state.skillCount)));
}

/** A ranking's first batch is what opening Discover waits for: smaller, so it answers sooner. */
function firstBatchSize(settings: FeedQueueSettings): number {
  return settings.firstBatchSize ?? settings.batchSize;
}

type BatchReason =
  | { kind: "rebuild"; startPosition: number }
  | { kind: "next"; lastPosition: number; newcomers: boolean };

/**
 * Adds one batch to the viewer's queue, in a transaction that holds the queue row's lock: two
 * tabs that both reach the end of the queue make one batch, since the second finds the queue no
 * longer where it saw it and leaves it to the first.
 */
async function makeBatch<T>(
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
  let [state] = await lockState(tx, viewerId);
  if (!state) return;
  if (reason.kind === "rebuild") {
    if (Number(state.startPosition) !== reason.startPosition) return;
    await resetFeedQueue(tx, viewerId, now);
    [state] = await lockState(tx, viewerId);
    if (!state) return;
  } else {
    if (Number(state.lastPosition) !== reason.lastPosition) return;
    const due = reason.newcomers || state.phase === "done";
    if (due) {
      await preparedRows(
        tx,
        "feed_newcomers_batch",
        newcomersBatch(viewerId, state, settings.batchSize, now),
      );
    }
  }
  // Opening Discover waits for a rebuild: a smaller first batch answers sooner.
  const size = reason.kind === "next" ? settings.batchSize : firstBatchSize(settings);
  if (state.phase === "sharers") {
    await preparedRows(
      tx,
      "feed_sharers_batch",
      sharersBatch(viewerId, state, perSkillLimit(size, state), now),
    );
  } else if (state.phase === "rest") {
    await preparedRows(tx, "feed_rest_batch", restBatch(viewerId, state, size, now));
  }
}

type PageRow = CardRow & {
  lastPosition: string;
  startPosition: string;
  phase: QueueState["phase"];
  stale: boolean;
  recheckDue: boolean;
  newcomers: boolean;
  viewerSkills: string[];
  position: string | null;
};

/**
 * One page: a range of the queue's primary key (viewer_id, position) from the cursor, joined to
 * users by primary key, skipping whoever has a request with the viewer (the pair index) or a
 * block either way (user_blocks' key and its reverse index) since the batch was made. One row
 * of queue state comes back even when the page is empty; none when the viewer has no queue yet.
 */
export function feedPageQuery(
  viewerId: string,
  { after, offset, limit }: FeedRequest,
  staleBefore: Date,
  recheckBefore: Date,
): SQL {
  return sql`
    -- newcomers: the newest profile (the first entry of users_created_at_idx) is newer than the
    -- ranking's newest.
    select q.last_position::text as "lastPosition", q.start_position::text as "startPosition",
      q.phase, q.built_at < ${staleBefore.toISOString()}::timestamptz as stale,
      q.batched_at < ${recheckBefore.toISOString()}::timestamptz as "recheckDue",
      (select max(n.created_at) from users n) > q.newest_at as newcomers,
      array(select skill from user_skills where user_id = ${viewerId}) as "viewerSkills",
      p.*
    from feed_queues q
    left join lateral (
      select e.position, e.candidate_id
      from feed_queue_entries e
      where e.viewer_id = ${viewerId}
        and e.position > greatest(${after}::bigint, q.start_position - 1)
        -- One sub-plan of three probes, stopping at the first hit. (Three NOT EXISTS would be
        -- pulled up into anti-joins, and planning a six-table join cost more than running it.)
        and not exists (
          select 1 from connection_requests r
          where least(r.from_user_id, r.to_user_id) = least(${viewerId}::uuid, e.candidate_id)
            and greatest(r.from_user_id, r.to_user_id) = greatest(${viewerId}::uuid, e.candidate_id)
          union all
          select 1 from user_blocks b
          where b.blocker_id = ${viewerId} and b.blocked_id = e.candidate_id
          union all
          select 1 from user_blocks b
          where b.blocked_id = ${viewerId} and b.blocker_id = e.candidate_id
        )
        -- The person still exists: a probe of users' key per entry, as a sub-plan (a join here
        -- let the planner hash the whole users table when a queue is short).
        and (select true from users x where x.id = e.candidate_id)
      order by e.position
      offset ${offset}
      limit ${limit}
    ) pick on true
    -- At most one page of people, each by users' primary key.
    left join lateral (
      select pick.position::text as position, ${cardColumns("u")}
      from users u
      where u.id = pick.candidate_id
    ) p on true
    where q.viewer_id = ${viewerId}
    order by p.position::bigint
  `;
}

/**
 * The feed for one viewer: everyone but the viewer and anyone with a request or a block either
 * way, most shared skills first (case-insensitive), then newest, served from the viewer's queue.
 * A page is one indexed read; a batch is made first only when the queue is missing, too short for
 * the page, or (on a first page) past its time to live or behind people who joined since.
 */
export async function findFeed(
  db: Database,
  viewerId: string,
  request: FeedRequest,
  settings: FeedQueueSettings,
  now: Date = new Date(),
): Promise<FeedResult> {
  const fromStart = request.after === 0 && request.offset === 0;
  const staleBefore = new Date(now.getTime() - settings.ttlMs);
  const recheckBefore = new Date(now.getTime() - settings.recheckMs);
  const readPage = (executor: Database) =>
    preparedRows<PageRow>(
      executor,
      "feed_page",
      feedPageQuery(viewerId, request, staleBefore, recheckBefore),
    );
  let batches = 0;
  // The page read again at the end of a batch's transaction: a request that makes a batch is
  // done in one turn (on PGlite, no one else's statements run in between).
  let reread: PageRow[] | undefined;
  for (let round = 0; ; round++) {
    const page = reread ?? (await readPage(db));
    reread = undefined;
    const state = page[0];
    const lastRound = round >= MAX_ROUNDS;
    if (!state) {
      if (lastRound || batches > 0) return { rows: [], next: null, batches };
      const first = firstRankingQuery(viewerId, request, firstBatchSize(settings), now);
      const made = await preparedRows<PageRow>(db, "feed_first_ranking", first);
      // Nothing made: another tab made the queue a moment ago (read it next), or the viewer is gone.
      reread = made.length > 0 ? made : undefined;
      batches++;
      continue;
    }
    // A first page (a reload) starts the ranking again once it is past its time to live, or
    // when people joined since and the last batch is older than the recheck interval.
    if (round === 0 && fromStart && (state.stale || (state.newcomers && state.recheckDue))) {
      const startPosition = Number(state.startPosition);
      const reason = { kind: "rebuild" as const, startPosition };
      reread = await makeBatch(db, viewerId, reason, settings, now, readPage);
      batches++;
      continue;
    }
    const cards = page.filter((row) => row.position !== null);
    const full = cards.length === request.limit;
    const ended = state.phase === "done" && (batches > 0 || !state.recheckDue);
    if (full || ended || lastRound) {
      const viewerSkills = new Set(state.viewerSkills);
      const rows = cards.map(
        ({
          lastPosition: _l,
          startPosition: _s,
          phase: _p,
          stale: _st,
          recheckDue: _r,
          newcomers: _n,
          viewerSkills: _v,
          position,
          ...card
        }) => ({
          ...card,
          position: Number(position),
          matchingSkills: card.skills.filter((skill) => viewerSkills.has(skill.toLowerCase())),
        }),
      );
      const next = full ? (rows[rows.length - 1]?.position ?? null) : null;
      return { rows, next, batches };
    }
    const next = { kind: "next" as const, lastPosition: Number(state.lastPosition) };
    const reason = { ...next, newcomers: state.newcomers };
    reread = await makeBatch(db, viewerId, reason, settings, now, readPage);
    batches++;
  }
}
