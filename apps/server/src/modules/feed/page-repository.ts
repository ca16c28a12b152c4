import { type SQL, sql } from "drizzle-orm";
import type { FeedQueueSettings } from "../../config.ts";
import { type Database, preparedRows } from "../../db/client.ts";
import type { SessionKey } from "../../plugins/session.ts";
import { canonicalSkill } from "../skills/vocabulary.ts";
import { type CardRow, cardColumns } from "../users/card-repository.ts";
import { liveSession } from "../users/session-repository.ts";
import {
  type FeedRequest,
  firstBatchSize,
  firstRankingQuery,
  makeBatch,
  type QueueState,
} from "./queue-repository.ts";
import { relationsOf } from "./viewer-skills.ts";

// The feed's pages: read from the viewer's queue (queue-repository.ts), which is made or grown
// first when the page needs it.

export type FeedRow = CardRow & SkillComparison & { position: number };

/**
 * A page, the cursor of the next one (null at the end for now) and how many batches it made;
 * for a page asked for by session, the session found (none: it ended or expired, and nothing
 * was read).
 */
export type FeedResult = {
  rows: FeedRow[];
  next: number | null;
  batches: number;
  session?: { userId: string; extend: boolean };
};

/**
 * Whose feed: a viewer by id, or the user of a session cookie, whose session is checked in the
 * statement that reads the page (one round trip for both; a session that ended reads nothing).
 */
export type FeedViewer = string | { session: SessionKey };

/** Enough batches for any numbered page a client asks for; a cursor page needs one or two. */
const MAX_ROUNDS = 100;

type PageRow = CardRow & {
  viewerId: string;
  /** Read by session: whether the session's expiry should slide forward (see liveSession). */
  extendSession: boolean | null;
  /** Null (and the queue's other columns with it) while the viewer has no queue yet. */
  lastPosition: string | null;
  startPosition: string;
  phase: QueueState["phase"];
  stale: boolean;
  recheckDue: boolean;
  newcomers: boolean;
  /** The viewer's skills as they typed them, in their order (users.skills). */
  viewerSkills: string[];
  position: string | null;
};

/**
 * One page: a range of the queue's primary key (viewer_id, position) from the cursor, joined to
 * users by primary key, skipping whoever has a request with the viewer (the pair index) or a
 * block either way (user_blocks' key and its reverse index) since the batch was made. One row
 * of queue state and the viewer's skills comes back even when the page is empty (the queue's
 * columns null when the viewer has no queue yet); none when the viewer does not exist, or the
 * session has ended or expired.
 */
export function feedPageQuery(
  viewer: FeedViewer,
  { after, offset, limit }: FeedRequest,
  staleBefore: Date,
  recheckBefore: Date,
): SQL {
  const from =
    typeof viewer === "string"
      ? sql`users v`
      : sql`${liveSession(viewer.session.idHash, viewer.session.now, viewer.session.extendBefore)} s
      join users v on v.id = s.user_id`;
  const extend = typeof viewer === "string" ? sql`null::boolean` : sql`s.extend`;
  const where = typeof viewer === "string" ? sql`where v.id = ${viewer}` : sql``;
  return sql`
    -- newcomers: the newest profile (the first entry of users_created_at_idx) is newer than the
    -- ranking's newest.
    select q.last_position::text as "lastPosition", q.start_position::text as "startPosition",
      q.phase, q.built_at < ${staleBefore.toISOString()}::timestamptz as stale,
      q.batched_at < ${recheckBefore.toISOString()}::timestamptz as "recheckDue",
      (select max(n.created_at) from users n) > q.newest_at as newcomers,
      v.id as "viewerId", ${extend} as "extendSession", v.skills as "viewerSkills",
      p.*
    from ${from}
    left join feed_queues q on q.viewer_id = v.id
    left join lateral (
      select e.position, e.candidate_id
      from feed_queue_entries e
      where q.viewer_id is not null
        and e.viewer_id = v.id
        and e.position > greatest(${after}::bigint, q.start_position - 1)
        -- One sub-plan of three probes, stopping at the first hit. (Three NOT EXISTS would be
        -- pulled up into anti-joins, and planning a six-table join cost more than running it.)
        and not exists (
          select 1 from connection_requests r
          where least(r.from_user_id, r.to_user_id) = least(v.id, e.candidate_id)
            and greatest(r.from_user_id, r.to_user_id) = greatest(v.id, e.candidate_id)
          union all
          select 1 from user_blocks b
          where b.blocker_id = v.id and b.blocked_id = e.candidate_id
          union all
          select 1 from user_blocks b
          where b.blocked_id = v.id and b.blocker_id = e.candidate_id
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
    ${where}
    order by p.position::bigint
  `;
}

/** What a card shares with the viewer, in the card's words and in the viewer's. */
export type SkillComparison = {
  matchingSkills: string[];
  related: string[];
  sharedInYourWords: string[];
  relatedToYours: { skill: string; yours: string }[];
};

/**
 * Compares a card's skills with the viewer's, both as typed (users.skills, in each one's order):
 * - matchingSkills / related: the card's skills (its spelling) naming one of the viewer's
 *   canonical skills, or a skill related to one of them (a framework to its language);
 * - sharedInYourWords: the viewer's spelling of each canonical skill the two share, once each,
 *   in the viewer's order ("JS" when the viewer typed "JS" and the card "JavaScript");
 * - relatedToYours: once per canonical skill, the card's related skill and the first of the
 *   viewer's skills (the viewer's spelling and order) it relates to.
 */
export function skillComparer(viewerTyped: readonly string[]) {
  // The viewer's first spelling of each of their canonical skills, in their order.
  const yours = new Map<string, string>();
  for (const typed of viewerTyped) {
    const canonical = canonicalSkill(typed);
    if (!yours.has(canonical)) yours.set(canonical, typed);
  }
  // Canonical skills related to one of the viewer's (not theirs) → the viewer's skill it relates
  // to, the first in the viewer's order.
  const relatedTo = new Map<string, string>();
  for (const [canonical, typed] of yours) {
    for (const other of relationsOf(canonical)) {
      if (!yours.has(other) && !relatedTo.has(other)) relatedTo.set(other, typed);
    }
  }
  return (skills: readonly string[]): SkillComparison => {
    const matchingSkills: string[] = [];
    const relatedSkills: string[] = [];
    const sharedCanonical = new Set<string>();
    const relatedToYours: { skill: string; yours: string }[] = [];
    const relatedSeen = new Set<string>();
    for (const skill of skills) {
      const canonical = canonicalSkill(skill);
      if (yours.has(canonical)) {
        matchingSkills.push(skill);
        sharedCanonical.add(canonical);
        continue;
      }
      const mine = relatedTo.get(canonical);
      if (mine === undefined) continue;
      relatedSkills.push(skill);
      if (relatedSeen.has(canonical)) continue;
      relatedSeen.add(canonical);
      relatedToYours.push({ skill, yours: mine });
    }
    const sharedInYourWords = [...yours]
      .filter(([canonical]) => sharedCanonical.has(canonical))
      .map(([, typed]) => typed);
    return { matchingSkills, related: relatedSkills, sharedInYourWords, relatedToYours };
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
  viewer: FeedViewer,
  request: FeedRequest,
  settings: FeedQueueSettings,
  now: Date = new Date(),
): Promise<FeedResult> {
  const fromStart = request.after === 0 && request.offset === 0;
  const staleBefore = new Date(now.getTime() - settings.ttlMs);
  const recheckBefore = new Date(now.getTime() - settings.recheckMs);
  const readPage = (executor: Database, who: FeedViewer) =>
    preparedRows<PageRow>(
      executor,
      typeof who === "string" ? "feed_page" : "feed_page_by_session",
      feedPageQuery(who, request, staleBefore, recheckBefore),
    );
  const first = await readPage(db, viewer);
  const found = first[0];
  // Read by session: no row means it ended (or expired), and nothing else is read.
  const session =
    typeof viewer === "string" || !found
      ? undefined
      : { userId: found.viewerId, extend: found.extendSession === true };
  if (!found) return { rows: [], next: null, batches: 0, session };
  const viewerId = found.viewerId;
  const reread = (executor: Database) => readPage(executor, viewerId);
  let batches = 0;
  // The page read again at the end of a batch's transaction: a request that makes a batch is
  // done in one turn (on PGlite, no one else's statements run in between).
  let page: PageRow[] | undefined = first;
  for (let round = 0; ; round++) {
    page ??= await reread(db);
    const state = page[0];
    const lastRound = round >= MAX_ROUNDS;
    if (!state) return { rows: [], next: null, batches, session };
    const viewerSkills = state.viewerSkills ?? [];
    if (state.lastPosition === null) {
      if (lastRound || batches > 0) return { rows: [], next: null, batches, session };
      const size = firstBatchSize(settings);
      const ranking = firstRankingQuery(viewerId, viewerSkills, request, size, now);
      const made = await preparedRows<PageRow>(db, "feed_first_ranking", ranking);
      // Nothing made: another tab made the queue a moment ago (read it next), or the viewer is gone.
      page = made.length > 0 ? made : undefined;
      batches++;
      continue;
    }
    // A first page (a reload) starts the ranking again once it is past its time to live, or
    // when people joined since and the last batch is older than the recheck interval.
    if (round === 0 && fromStart && (state.stale || (state.newcomers && state.recheckDue))) {
      const startPosition = Number(state.startPosition);
      const reason = { kind: "rebuild" as const, startPosition };
      page = await makeBatch(db, viewerId, reason, settings, now, reread);
      batches++;
      continue;
    }
    const cards = page.filter((row) => row.position !== null);
    const full = cards.length === request.limit;
    const ended = state.phase === "done" && (batches > 0 || !state.recheckDue);
    if (full || ended || lastRound) {
      const compare = skillComparer(viewerSkills);
      const rows = cards.map((row): FeedRow => {
        const comparison = compare(row.skills);
        return {
          id: row.id,
          firstName: row.firstName,
          lastName: row.lastName,
          photoUrl: row.photoUrl,
          photoKey: row.photoKey,
          age: row.age,
          gender: row.gender,
          about: row.about,
          skills: row.skills,
          position: Number(row.position),
          matchingSkills: comparison.matchingSkills,
          related: comparison.related,
          sharedInYourWords: comparison.sharedInYourWords,
          relatedToYours: comparison.relatedToYours,
        };
      });
      const next = full ? (rows[rows.length - 1]?.position ?? null) : null;
      return { rows, next, batches, session };
    }
    const next = { kind: "next" as const, lastPosition: Number(state.lastPosition) };
    const reason = { ...next, newcomers: state.newcomers };
    page = await makeBatch(db, viewerId, reason, settings, now, reread);
    batches++;
  }
}
