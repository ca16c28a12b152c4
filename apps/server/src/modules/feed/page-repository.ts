import { type SQL, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import type { SessionKey } from "../../plugins/session.ts";
import { requestPartnersOf } from "../requests/fragments.ts";
import { liveSession } from "../sessions/fragments.ts";
import { holdsNoneOf, packedHolders } from "../skills/fragments.ts";
import {
  blockedEitherWayBy,
  type CardRow,
  cardColumns,
  everyone,
  feedNumberOf,
  inFeedBand,
  moderationColumns,
  packedCampusPeople,
} from "../users/fragments.ts";

// What the feed reads from the database and writes to it: a page's check (its session, and how
// far the process's copies must catch up), the changes to people's cards, the cards a page
// shows, a viewer's requests and blocks, and each viewer's ranking (feed_rankings), made here in
// SQL a chunk at a time (rankings.ts).

/**
 * A page's one statement: the session is live (it slides forward when due, see liveSession); the
 * viewer's relation number (relation_versions, 0 when they never had a request or block); below
 * which transaction changes were pruned; the version of the viewer's ranking (null: none yet);
 * the viewer's feed number; the oldest transaction still running (`xmin`); and, one row each,
 * the card changes of transactions from `horizon` on (none: one row whose `seq` is null). No
 * row: the session ended or expired. Numbers are bigint as text.
 */
export type FeedCheckRow = {
  viewerId: string;
  extendSession: boolean;
  relations: string;
  pruned: string;
  ranking: string | null;
  viewerNumber: string | null;
  xmin: string;
} & ChangeColumns;

/** A change as a statement reads it: the person's card now, or null columns when they are gone. */
type ChangeColumns = { seq: string | null; txid: string; changedNumber: string | null } & (
  | PersonRow
  | { id: null }
);

export function readFeedCheck(
  db: Database,
  session: SessionKey,
  horizon: number,
): Promise<FeedCheckRow[]> {
  return checkStatement(
    db,
    "feed_check",
    liveSession(session.idHash, session.now, session.extendBefore),
    horizon,
  );
}

/** A page's check for a viewer named by id, as the daily picks ask for (no session). */
export function readViewerCheck(
  db: Database,
  viewerId: string,
  horizon: number,
): Promise<FeedCheckRow[]> {
  return checkStatement(
    db,
    "feed_viewer_check",
    sql`(select ${viewerId}::uuid as user_id, false as extend)`,
    horizon,
  );
}

function checkStatement(
  db: Database,
  name: string,
  viewer: SQL,
  horizon: number,
): Promise<FeedCheckRow[]> {
  return preparedRows<FeedCheckRow>(
    db,
    name,
    sql`
      select s.user_id as "viewerId", s.extend as "extendSession",
        coalesce((select r.version from relation_versions r where r.user_id = s.user_id), 0)::text
          as relations,
        coalesce((select p.below from people_changes_pruned p where p.id = 1), 0)::text as pruned,
        (select f.version from feed_rankings f where f.viewer_id = s.user_id)::text as ranking,
        ${feedNumberOf(sql`s.user_id`)}::text as "viewerNumber",
        pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
        ${changeColumns}
      from ${viewer} s
      ${changesFrom(horizon, null)}
    `,
  );
}

const changeColumns = sql`c.seq::text as seq, c.txid::text as txid,
  c.number::text as "changedNumber", p.*`;

/** Joins the changes of transactions in [from, below) as `c`, each person's card now as `p`. */
function changesFrom(from: number, below: number | null): SQL {
  return sql`left join people_changes c
      on c.txid >= ${from} and (${below}::bigint is null or c.txid < ${below}::bigint)
    left join lateral (
      select ${personColumns("u")} from ${everyone("u")} where u.id = c.user_id
    ) p on true`;
}

/** The changes among rows a statement read with changeColumns. */
export function changesOf(rows: readonly ChangeColumns[]): PersonChange[] {
  const changes: PersonChange[] = [];
  for (const row of rows) {
    if (row.seq === null) continue;
    const { seq, txid, changedNumber, ...person } = row;
    changes.push({
      seq: Number(seq),
      txid: Number(txid),
      number: changedNumber === null ? null : Number(changedNumber),
      person: person.id === null ? null : pickPerson(person as PersonRow),
    });
  }
  return changes;
}

function pickPerson(row: PersonRow): PersonRow {
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
    learning: row.learning,
    campus: row.campus,
    number: row.number,
    created: row.created,
    suspendedUntil: row.suspendedUntil,
    hidden: row.hidden,
  };
}

/**
 * A card's columns, the person's feed number and creation time in microseconds since the epoch
 * (bigint as text), and whether moderation keeps the person out of sight
 * (users/fragments.ts moderationColumns).
 */
export type PersonRow = CardRow & {
  number: string;
  created: string;
  /** Milliseconds since the epoch as text; null: not suspended. */
  suspendedUntil: string | null;
  hidden: boolean;
};

const personColumns = (alias: string): SQL => {
  const u = sql.raw(`"${alias}"`);
  return sql`${cardColumns(alias)}, ${u}.feed_number::text as number,
    (extract(epoch from ${u}.created_at) * 1000000)::bigint::text as created,
    ${moderationColumns(alias)}`;
};

/** The people with these feed numbers, as far as they still exist. */
export function readPeople(db: Database, numbers: readonly number[]): Promise<PersonRow[]> {
  return preparedRows<PersonRow>(
    db,
    "feed_people",
    sql`
      select ${personColumns("u")}
      from ${everyone("u")}
      where u.feed_number in (select json_array_elements_text(${JSON.stringify(numbers)}::json)::bigint)
    `,
  );
}

/**
 * A change to someone's card: their card now, or null when they were deleted (the change then
 * names them by a digest of their id, and by their feed number).
 */
export type PersonChange = {
  seq: number;
  txid: number;
  number: number | null;
  person: PersonRow | null;
};

/**
 * The changes of transactions from `from` on (and below `below`, when given), and the first
 * transaction still running when they were read (`xmin`): every change of a transaction below it
 * is in the table for good, while a transaction from it on may still add one.
 */
export async function readChanges(
  db: Database,
  from: number,
  below: number | null,
): Promise<{ xmin: number; changes: PersonChange[] }> {
  const rows = await preparedRows<{ xmin: string } & ChangeColumns>(
    db,
    "feed_people_changes",
    sql`
      select x.xmin, ${changeColumns}
      from (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin) x
      ${changesFrom(from, below)}
      order by c.txid, c.seq
    `,
  );
  return { xmin: Number(rows[0]?.xmin ?? 0), changes: changesOf(rows) };
}

/**
 * Forgets all but the changes of the last `keep` rows' transactions, and says below which
 * transaction changes are gone: a reader that last read below it starts again from nothing.
 */
export async function pruneChanges(db: Database, keep: number): Promise<void> {
  await db.execute(sql`
    with cut as (
      select txid from people_changes order by txid desc offset ${keep} limit 1
    ), gone as (
      delete from people_changes where txid <= (select txid from cut) returning 1
    )
    update people_changes_pruned set below = greatest(below, (select txid + 1 from cut))
    where id = 1 and exists (select 1 from cut)
  `);
}

/**
 * Everyone the viewer has a request with (either way, any status) or a block with (either way),
 * and the relation number they are current for, from one snapshot.
 */
export async function readPartners(
  db: Database,
  viewerId: string,
): Promise<{ version: number; ids: string[] }> {
  const rows = await preparedRows<{ version: string; ids: string[] }>(
    db,
    "feed_partners",
    sql`
      select
        coalesce((select version from relation_versions where user_id = ${viewerId}), 0)::text
          as version,
        array(
          ${requestPartnersOf(viewerId)}
          union all
          ${blockedEitherWayBy(viewerId)}
        ) as ids
    `,
  );
  return { version: Number(rows[0]?.version ?? 0), ids: rows[0]?.ids ?? [] };
}

/** A viewer's ranking as stored: numbers are bigint as text, `entries` packed (rankings.ts). */
export type RankingRow = {
  version: string;
  skillsKey: string;
  horizon: string;
  startedAt: string;
  complete: boolean;
  entries: Uint8Array;
};

export async function readRanking(db: Database, viewerId: string): Promise<RankingRow | null> {
  const rows = await preparedRows<RankingRow>(
    db,
    "feed_ranking",
    sql`
      select version::text, skills_key::text as "skillsKey", horizon::text,
        started_at::text as "startedAt", complete, entries
      from feed_rankings where viewer_id = ${viewerId}
    `,
  );
  return rows[0] ?? null;
}

/** A person's place in a ranking: numbers as text. */
export type RankedRow = {
  number: string;
  exchange: number;
  shared: number;
  related: number;
  created: string;
  suspendedUntil: string | null;
};

/** Where a chunk of a ranking starts: after this key (null: at the top). */
export type RankAfter = {
  exchange: number;
  shared: number;
  related: number;
  created: number;
  number: number;
};

const microseconds = (value: number) =>
  sql`('epoch'::timestamptz + ${value}::bigint * interval '1 microsecond')`;

/**
 * The holders of each canonical skill among `canonicals` in one band (`learners`: the people
 * who want to learn it), packed (postings.ts), and the oldest transaction still running when
 * they were read (`xmin`).
 */
export async function readHolders(
  db: Database,
  canonicals: readonly string[],
  adult: boolean,
  learners = false,
): Promise<{ xmin: number; lists: { canonical: string; packed: Uint8Array }[] }> {
  const rows = await preparedRows<{ xmin: string; canonical: string | null; packed: Uint8Array }>(
    db,
    learners ? "feed_learners" : "feed_holders",
    sql`
      select x.xmin, h.canonical, h.packed
      from (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin) x
      left join (${packedHolders(JSON.stringify(canonicals), adult, learners)}) h on true
    `,
  );
  return {
    xmin: Number(rows[0]?.xmin ?? 0),
    lists: rows.flatMap((row) =>
      row.canonical === null ? [] : [{ canonical: row.canonical, packed: row.packed }],
    ),
  };
}

/** The newest profile's creation, µs since the epoch (0: nobody). */
export async function newestProfile(db: Database): Promise<number> {
  const rows = await preparedRows<{ created: string }>(
    db,
    "feed_newest",
    sql`select coalesce((select (extract(epoch from max(n.created_at)) * 1000000)::bigint
      from ${everyone("n")}), 0)::text as created`,
  );
  return Number(rows[0]?.created ?? 0);
}

/**
 * The next `limit` people after (`created`, `number`), newest first, who hold none of the
 * canonical skills `all` (the viewer's, the related ones and those the viewer wants to learn: the
 * end of a ranking, where every count is 0), and the oldest transaction still running when they
 * were read.
 */
export async function rankTheRest(
  db: Database,
  input: {
    viewerId: string;
    all: readonly string[];
    adult: boolean;
    after: { created: number; number: number } | null;
    limit: number;
  },
): Promise<{ xmin: number; rows: RankedRow[] }> {
  const after = input.after ?? { created: 0, number: 0 };
  const rows = await db.execute(sql`
    select x.xmin, r.*
    from (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin) x
    left join lateral (
      select u.feed_number::text as number, 0 as exchange, 0 as shared, 0 as related,
        (extract(epoch from u.created_at) * 1000000)::bigint::text as created,
        null as "suspendedUntil"
      from ${everyone("u")}
      where u.id <> ${input.viewerId} and ${inFeedBand("u", input.adult)}
        and ${holdsNoneOf(sql`u.id`, JSON.stringify(input.all))}
        and (${input.after === null}
          or (u.created_at, u.feed_number) < (${microseconds(after.created)}, ${after.number}::bigint))
      order by u.created_at desc, u.feed_number desc
      limit ${input.limit}
    ) r on true
  `);
  const read = (rows as unknown as { rows: (RankedRow & { xmin: string })[] }).rows;
  return {
    xmin: Number(read[0]?.xmin ?? 0),
    rows: read.filter((row) => row.number !== null),
  };
}

/** What a ranking is saved as. */
export type RankingWrite = {
  viewerId: string;
  version: number;
  skillsKey: number;
  horizon: number;
  startedAt: number;
  complete: boolean;
  entries: Uint8Array;
};

/** Saves a new ranking for the viewer, in place of any before. */
export async function saveRanking(db: Database, ranking: RankingWrite): Promise<void> {
  await db.execute(sql`
    insert into feed_rankings (viewer_id, version, skills_key, horizon, started_at, complete,
      entries, made_at)
    select ${ranking.viewerId}, ${ranking.version}, ${ranking.skillsKey}, ${ranking.horizon},
      ${ranking.startedAt}, ${ranking.complete}, ${ranking.entries}::bytea, now()
    where exists (select 1 from ${everyone("u")} where u.id = ${ranking.viewerId})
    on conflict (viewer_id) do update set version = excluded.version,
      skills_key = excluded.skills_key, horizon = excluded.horizon,
      started_at = excluded.started_at, complete = excluded.complete, entries = excluded.entries,
      made_at = excluded.made_at
  `);
}

/**
 * Adds the next chunk to the viewer's ranking when it is still the version it was made from;
 * false when it is not (another process wrote it since).
 */
export async function extendRanking(
  db: Database,
  input: { viewerId: string; from: number; version: number; complete: boolean; chunk: Uint8Array },
): Promise<boolean> {
  const result = await db.execute(sql`
    update feed_rankings set entries = entries || ${input.chunk}::bytea,
      complete = ${input.complete}, version = ${input.version}
    where viewer_id = ${input.viewerId} and version = ${input.from}
    returning 1
  `);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Forgets the viewer's ranking (their account is going). */
export async function deleteRanking(db: Database, viewerId: string): Promise<void> {
  await db.execute(sql`delete from feed_rankings where viewer_id = ${viewerId}`);
}

/**
 * The person's changes name them by the digest their deletion's change will carry (migration
 * 0024): nothing in the database names a deleted person.
 */
export async function anonymiseChangesOf(db: Database, userId: string): Promise<void> {
  await db.execute(sql`
    update people_changes set user_id = deleted_person_digest(user_id) where user_id = ${userId}
  `);
}

/** Forgets the person's relation number (a deleted account is nobody's viewer any more). */
export async function deleteRelationVersion(db: Database, userId: string): Promise<void> {
  await db.execute(sql`delete from relation_versions where user_id = ${userId}`);
}

/** The people of one university in one band, packed as readHolders' lists, and `xmin`. */
export async function readCampusPeople(
  db: Database,
  campus: string,
  adult: boolean,
): Promise<{ xmin: number; packed: Uint8Array | null }> {
  const rows = await preparedRows<{ xmin: string; packed: Uint8Array | null }>(
    db,
    "feed_campus_people",
    sql`
      select x.xmin, c.packed
      from (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin) x
      cross join (${packedCampusPeople(campus, adult)}) c
    `,
  );
  return { xmin: Number(rows[0]?.xmin ?? 0), packed: rows[0]?.packed ?? null };
}
