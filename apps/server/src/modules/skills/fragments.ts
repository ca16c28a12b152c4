import { type SQL, sql } from "drizzle-orm";

// The SQL the skills module lends to other modules' repositories (search, matching): the skills people typed and who holds them, each
// read on user_skills' indexes, so a popular skill's thousands of holders are never all read.

/**
 * The distinct skills people typed, one probe of the (skill, …) index each: the body of a
 * recursive CTE named `self`, with one column, `skill` (the last row is a null).
 */
export function distinctSkills(self: string): SQL {
  const k = sql.raw(self);
  return sql`select min(skill) as skill from user_skills
    union all
    select (select s.skill from user_skills s where s.skill > k.skill order by s.skill limit 1)
    from ${k} k where k.skill is not null`;
}

/**
 * The first `limit` holders by id, as `user_id`, of the typed skill `skill` that `visible` keeps
 * (given the user id column).
 */
export function holdersOfSkill(skill: SQL, visible: (userId: SQL) => SQL, limit: number): SQL {
  return sql`select user_id from user_skills
    where skill = ${skill} and ${visible(sql`user_id`)}
    order by user_id
    limit ${limit}`;
}

/**
 * The first `limit` holders by id, as `user_id`, of the skill that `name` stands for under
 * another of its names ("js": JavaScript), that `visible` keeps; none when it names no skill.
 */
export function holdersOfAlias(name: string, visible: (userId: SQL) => SQL, limit: number): SQL {
  return sql`select s.user_id from skill_aliases a
    cross join lateral (
      select user_id from user_skills
      where canonical = a.canonical and ${visible(sql`user_id`)}
      order by user_id
      limit ${limit}
    ) s
    where a.alias = ${name}`;
}

/**
 * The people with the canonical skill among theirs, each once (`user_id`), whatever spelling they
 * typed: one range of user_skills_canonical_idx.
 */
export function holdersOfCanonical(canonical: string): SQL {
  return sql`(select distinct user_id from user_skills where canonical = ${canonical})`;
}
