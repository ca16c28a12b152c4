import { type SQL, sql } from "drizzle-orm";
import type { FeedQueueSettings } from "../../config.ts";
import { type Database, preparedRows } from "../../db/client.ts";
import { canonicalSkill, vocabulary } from "../skills/vocabulary.ts";
import { type CardRow, cardColumns } from "../users/card-repository.ts";
import {
  type FeedRequest,
  firstBatchSize,
  firstRankingQuery,
  makeBatch,
  type QueueState,
} from "./queue-repository.ts";

// The feed's pages: read from the viewer's queue (queue-repository.ts), which is made or grown
// first when the page needs it.

export type FeedRow = CardRow & { matchingSkills: string[]; related: string[]; position: number };

/** A page, the cursor of the next one (null at the end for now) and how many batches it made. */
export type FeedResult = { rows: FeedRow[]; next: number | null; batches: number };

/** Enough batches for any numbered page a client asks for; a cursor page needs one or two. */
const MAX_ROUNDS = 100;

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
      array(select canonical from user_skills where user_id = ${viewerId}) as "viewerSkills",
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
 * Splits a card's skills, in its own spelling, into those naming one of the viewer's canonical
 * skills and those naming a skill related to one of them (a framework to its language).
 */
function skillComparer(viewerCanonical: readonly string[]) {
  const shared = new Set(viewerCanonical);
  const related = new Set<string>();
  for (const [canonical, other] of vocabulary().relations) {
    if (shared.has(canonical) && !shared.has(other)) related.add(other);
  }
  return (skills: readonly string[]) => {
    const matchingSkills: string[] = [];
    const relatedSkills: string[] = [];
    for (const skill of skills) {
      const canonical = canonicalSkill(skill);
      if (shared.has(canonical)) matchingSkills.push(skill);
      else if (related.has(canonical)) relatedSkills.push(skill);
    }
    return { matchingSkills, related: relatedSkills };
  };
}

/**
 * The feed for one viewer: everyone but the viewer and anyone with a request or a block either
 * way, most shared canonical skills first ("js" is JavaScript), then most related ones, then newest, served from the viewer's queue.
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
      const compare = skillComparer(state.viewerSkills);
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
          ...compare(card.skills),
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
