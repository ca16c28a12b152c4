import { type SQL, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import type { SessionKey } from "../../plugins/session.ts";
import { canonicalSkill } from "../skills/vocabulary.ts";
import { type CardRow, cardColumns } from "../users/card-repository.ts";
import { liveSession } from "../users/session-repository.ts";
import { relationsOf } from "./viewer-skills.ts";

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

/** A card's columns and its creation time in microseconds since the epoch (bigint as text). */
export type PersonRow = CardRow & { created: string };

const personColumns = (alias: string): SQL =>
  sql`${cardColumns(alias)}, (extract(epoch from ${sql.raw(`"${alias}"`)}.created_at) * 1000000)::bigint::text as created`;

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
      left join lateral (select ${personColumns("u")} from users u) p on true
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
      select c.seq::text as seq, c.user_id as "changedId", p.*
      from people_changes c
      left join lateral (select ${personColumns("u")} from users u where u.id = c.user_id) p on true
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
          select to_user_id::text from connection_requests where from_user_id = ${viewerId}
          union all
          select from_user_id::text from connection_requests where to_user_id = ${viewerId}
          union all
          select blocked_id::text from user_blocks where blocker_id = ${viewerId}
          union all
          select blocker_id::text from user_blocks where blocked_id = ${viewerId}
        ) as ids
    `,
  );
  return { version: Number(rows[0]?.version ?? 0), ids: rows[0]?.ids ?? [] };
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
  // `canonicals`: each of `skills`' canonical skill, when the caller has them already.
  return (
    skills: readonly string[],
    canonicals: readonly string[] = skills.map(canonicalSkill),
  ): SkillComparison => {
    const matchingSkills: string[] = [];
    const relatedSkills: string[] = [];
    const sharedCanonical = new Set<string>();
    const relatedToYours: { skill: string; yours: string }[] = [];
    const relatedSeen = new Set<string>();
    for (const [index, skill] of skills.entries()) {
      const canonical = canonicals[index] as string;
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
