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

/**
 * The people of one band (`adult`: 18+) holding each of the canonical skills `canonicals` (JSON),
 * packed: `canonical`, and `packed`, 16 bytes a holder (their feed number and creation in µs,
 * each a big-endian int8), read from user_skills_feed_postings_idx alone; `learners`: the people
 * who want to learn each (user_learning, from its own such index).
 */
export function packedHolders(canonicals: string, adult: boolean, learners = false): SQL {
  return sql`select canonical,
      string_agg(int8send(feed_number)
        || int8send((extract(epoch from created_at) * 1000000)::bigint), ''::bytea) as packed
    from ${learners ? sql`user_learning` : sql`user_skills`}
    where canonical in (select json_array_elements_text(${canonicals}::json)) and adult = ${adult}
      and feed_number is not null
    group by canonical`;
}

/** SQL true when the person `userId` holds none of the canonical skills `canonicals` (JSON). */
export function holdsNoneOf(userId: SQL, canonicals: string): SQL {
  return sql`not exists (select 1 from user_skills h where h.user_id = ${userId}
    and h.canonical in (select json_array_elements_text(${canonicals}::json)))`;
}

/**
 * The people who want to learn the canonical skill, each once (`user_id`), in id order, that
 * `visible` keeps, at most `limit` after the first `offset`: one range of
 * user_learning_canonical_idx.
 */
export function learnersOfCanonical(
  canonical: string,
  visible: (userId: SQL) => SQL,
  offset: number,
  limit: number,
): SQL {
  return sql`select distinct user_id from user_learning
    where canonical = ${canonical} and ${visible(sql`user_id`)}
    order by user_id
    limit ${limit} offset ${offset}`;
}
