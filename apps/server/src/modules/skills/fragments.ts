import { type SQL, sql } from "drizzle-orm";

// The SQL the skills module lends to other modules' repositories.

/**
 * The people with the canonical skill among theirs, each once (`user_id`), whatever spelling they
 * typed: one range of user_skills_canonical_idx.
 */
export function holdersOfSkill(canonical: string): SQL {
  return sql`(select distinct user_id from user_skills where canonical = ${canonical})`;
}
