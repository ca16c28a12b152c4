import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { userLearning, userSkills } from "../../db/schema.ts";
import { bannedAccountIds } from "../users/fragments.ts";
import { skillRows, type Vocabulary } from "./vocabulary.ts";

/** Adds the person's skill index rows (normalised, each with its canonical skill). */
export async function insertSkillIndex(
  tx: Database,
  userId: string,
  skills: readonly string[],
): Promise<void> {
  const rows = skillRows(skills).map((skill) => ({ userId, ...skill }));
  if (rows.length > 0) await tx.insert(userSkills).values(rows);
}

/** Replaces the index rows of what the person wants to learn (as the skills' are made). */
export async function replaceLearningIndex(
  tx: Database,
  userId: string,
  learning: readonly string[],
): Promise<void> {
  await tx.delete(userLearning).where(eq(userLearning.userId, userId));
  const rows = skillRows(learning).map((skill) => ({ userId, ...skill }));
  if (rows.length > 0) await tx.insert(userLearning).values(rows);
}

/** Adds the skill index rows of many people at once (the demo data). */
export async function insertSkillIndexes(
  tx: Database,
  people: readonly { userId: string; skills: readonly string[] }[],
): Promise<void> {
  const rows = people.flatMap(({ userId, skills }) =>
    skillRows(skills).map((skill) => ({ userId, ...skill })),
  );
  if (rows.length > 0) await tx.insert(userSkills).values(rows);
}

/** Deletes the person's skill index rows (and what they want to learn). */
export async function deleteSkillIndex(tx: Database, userId: string): Promise<void> {
  await tx.delete(userSkills).where(eq(userSkills.userId, userId));
  await tx.delete(userLearning).where(eq(userLearning.userId, userId));
}

/** Replaces the person's skill index rows. */
export async function replaceSkillIndex(
  tx: Database,
  userId: string,
  skills: readonly string[],
): Promise<void> {
  await tx.delete(userSkills).where(eq(userSkills.userId, userId));
  await insertSkillIndex(tx, userId, skills);
}

/** Serialises vocabulary loads of processes starting together on one PostgreSQL. */
const VOCABULARY_LOCK = 727002;

type AliasRow = { alias: string; canonical: string };
type RelationRow = { canonical: string; related: string };

async function tablesMatch(db: Database, vocabulary: Vocabulary): Promise<boolean> {
  const aliasRows = await selectRows<AliasRow>(db, sql`select alias, canonical from skill_aliases`);
  if (aliasRows.length !== vocabulary.aliases.size) return false;
  for (const row of aliasRows) {
    if (vocabulary.aliases.get(row.alias) !== row.canonical) return false;
  }
  const relationRows = await selectRows<RelationRow>(
    db,
    sql`select canonical, related from skill_relations`,
  );
  if (relationRows.length !== vocabulary.relations.length) return false;
  const pairs = new Set(vocabulary.relations.map(([a, b]) => `${a}\u0000${b}`));
  return relationRows.every((row) => pairs.has(`${row.canonical}\u0000${row.related}`));
}

/**
 * Sets each row's canonical skill from the loaded aliases (an unknown skill is its own), in
 * user_skills and in user_learning.
 */
const backfillWhere = (condition: ReturnType<typeof sql>) => sql`
  with known as (
    update user_skills s
    set canonical = coalesce((select a.canonical from skill_aliases a where a.alias = s.skill), s.skill)
    where ${condition}
      and s.canonical is distinct from
        coalesce((select a.canonical from skill_aliases a where a.alias = s.skill), s.skill)
    returning 1
  )
  update user_learning s
  set canonical = coalesce((select a.canonical from skill_aliases a where a.alias = s.skill), s.skill)
  where ${condition}
    and s.canonical is distinct from
      coalesce((select a.canonical from skill_aliases a where a.alias = s.skill), s.skill)
`;

/**
 * Makes skill_aliases and skill_relations hold `vocabulary` and every user_skills row name its
 * canonical skill. Cheap when nothing changed (two small reads, and one index range for rows
 * written without a canonical skill); otherwise the tables are replaced and every row checked,
 * in one transaction under an advisory lock, so processes starting together load it once.
 * Returns whether the tables changed.
 */
export async function syncVocabulary(db: Database, vocabulary: Vocabulary): Promise<boolean> {
  if (await tablesMatch(db, vocabulary)) {
    await db.execute(backfillWhere(sql`s.canonical = ''`));
    return false;
  }
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(${VOCABULARY_LOCK})`);
    if (await tablesMatch(txDb, vocabulary)) return false;
    await tx.execute(sql`delete from skill_aliases`);
    await tx.execute(sql`delete from skill_relations`);
    // One parameter each (a JSON array), not two per row: the load is part of every start.
    const aliasRows = [...vocabulary.aliases].map(([alias, canonical]) => ({ alias, canonical }));
    await tx.execute(sql`
      insert into skill_aliases (alias, canonical)
      select alias, canonical
      from json_to_recordset(${JSON.stringify(aliasRows)}::json) as t(alias text, canonical text)
    `);
    const relationRows = vocabulary.relations.map(([canonical, related]) => ({
      canonical,
      related,
    }));
    await tx.execute(sql`
      insert into skill_relations (canonical, related)
      select canonical, related
      from json_to_recordset(${JSON.stringify(relationRows)}::json) as t(canonical text, related text)
    `);
    await tx.execute(backfillWhere(sql`true`));
    return true;
  });
}

export type SkillMatchRow = { canonical: string; people: number };

/**
 * Canonical skills whose alias (names are aliases of themselves) or whose people's spelling
 * starts with `prefix` or is similar to it (pg_trgm), with how many people have each: the ones
 * starting with it first, then by people and by similarity.
 */
export async function findSkills(
  db: Database,
  prefix: string,
  limit: number,
  /** The canonical skill `prefix` is a typo of (closeSkillName), listed with the prefixes. */
  typoOf: string | null = null,
): Promise<SkillMatchRow[]> {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return selectRows<SkillMatchRow>(
    db,
    sql`
      with found as (
        select a.canonical, (a.alias like ${like}) as starts, similarity(a.alias, ${prefix}) as score
        from skill_aliases a
        where a.alias like ${like} or a.alias % ${prefix}
        union all
        select s.canonical, (s.skill like ${like}), similarity(s.skill, ${prefix})
        from user_skills s
        where s.skill like ${like} or s.skill % ${prefix}
        union all
        select ${typoOf}::text, true, 1::real where ${typoOf}::text is not null
      ),
      best as (
        select canonical, bool_or(starts) as starts, max(score) as score
        from found
        group by canonical
        order by bool_or(starts) desc, max(score) desc
        limit 200
      )
      select b.canonical,
        (select count(distinct u.user_id) from user_skills u where u.canonical = b.canonical)::int
          as people
      from best b
      order by b.starts desc, people desc, b.score desc, b.canonical
      limit ${limit}
    `,
  );
}

/**
 * The canonical skills someone who is not banned has ("js" and "JavaScript" are one): the
 * interests in use, for the public statistics.
 */
export async function countCanonicalSkillsInUse(db: Database): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`
      select count(distinct coalesce(nullif(canonical, ''), skill))::int as count from user_skills
      where user_id not in (${bannedAccountIds()})
    `,
  );
  return row?.count ?? 0;
}
