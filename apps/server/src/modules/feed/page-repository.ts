import { type SQL, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import type { SessionKey } from "../../plugins/session.ts";
import { requestPartnersOf } from "../requests/fragments.ts";
import { liveSession } from "../sessions/fragments.ts";
import {
  blockedEitherWayBy,
  type CardRow,
  cardColumns,
  everyone,
  joinUser,
  moderationColumns,
} from "../users/fragments.ts";

// What the feed reads from the database: the page's check (its session and how far the feed's
// memory must have caught up), everyone's cards and the changes to them, and a viewer's requests
// and blocks. The ranking itself is made in memory (people.ts).

/**
 * A page's one statement: the session is live (it slides forward when due, see liveSession); the
 * viewer's relation number (relation_versions, 0 when they never had a request or block); and
 * the last change to anyone's card (people_changes). No row: the session ended or expired.
 */
export type FeedCheckRow = {
  viewerId: string;
  extendSession: boolean;
  /** bigint as text. */
  relations: string;
  /** bigint as text. */
  people: string;
};

export function readFeedCheck(db: Database, session: SessionKey): Promise<FeedCheckRow[]> {
  return preparedRows<FeedCheckRow>(
    db,
    "feed_check",
    sql`
      select s.user_id as "viewerId", s.extend as "extendSession",
        coalesce((select r.version from relation_versions r where r.user_id = s.user_id), 0)::text
          as relations,
        coalesce((select max(c.seq) from people_changes c), 0)::text as people
      from ${liveSession(session.idHash, session.now, session.extendBefore)} s
    `,
  );
}

/**
 * A card's columns, its creation time in microseconds since the epoch (bigint as text), and
 * whether moderation keeps the person out of sight (users/fragments.ts moderationColumns).
 */
export type PersonRow = CardRow & {
  created: string;
  /** Milliseconds since the epoch as text; null: not suspended. */
  suspendedUntil: string | null;
  hidden: boolean;
};

const personColumns = (alias: string): SQL =>
  sql`${cardColumns(alias)}, (extract(epoch from ${sql.raw(`"${alias}"`)}.created_at) * 1000000)::bigint::text as created,
    ${moderationColumns(alias)}`;

/**
 * Everyone's card and the number of the last change, from one snapshot (one row with null
 * columns when nobody has signed up).
 */
export async function readEveryone(
  db: Database,
): Promise<{ seq: number; rows: (PersonRow | { id: null })[] }> {
  const rows = await preparedRows<(PersonRow | { id: null }) & { seq: string }>(
    db,
    "feed_everyone",
    sql`
      select c.seq, p.*
      from (select coalesce(max(seq), 0)::text as seq from people_changes) c
      left join lateral (select ${personColumns("u")} from ${everyone("u")}) p on true
    `,
  );
  return { seq: Number(rows[0]?.seq ?? 0), rows };
}

/** A change to someone's card after `after`: their card now, or null when they were deleted. */
export type PersonChange = { seq: number; userId: string; person: PersonRow | null };

export async function readChanges(db: Database, after: number): Promise<PersonChange[]> {
  const rows = await preparedRows<{ seq: string; changedId: string } & (PersonRow | { id: null })>(
    db,
    "feed_people_changes",
    sql`
      select c.seq::text as seq, c.user_id as "changedId", ${personColumns("u")}
      from people_changes c
      ${joinUser("u", sql`c.user_id`, "left")}
      where c.seq > ${after}
      order by c.seq
    `,
  );
  return rows.map(({ seq, changedId, ...person }) => ({
    seq: Number(seq),
    userId: changedId,
    person: person.id === null ? null : (person as PersonRow),
  }));
}

/**
 * Forgets all but the last `keep` changes. A process further behind than that finds a gap in the
 * numbers it reads next and reads everyone again (FeedMemory.read).
 */
export async function pruneChanges(db: Database, keep: number): Promise<void> {
  await db.execute(sql`
    delete from people_changes
    where seq <= (select max(seq) from people_changes) - ${keep}
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

/**
 * The person's changes name them by the digest their deletion's change will carry (migration
 * 0023, `deletedPersonDigest` in people.ts): a process that has not read them yet drops the
 * person when it does, as the deletion would have it.
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
