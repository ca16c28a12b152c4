import { sql } from "drizzle-orm";

/**
 * SQL true when either of the two has blocked the other: every list of people and every
 * request between two people applies it, so it lives with the users, not in one module.
 */
export function blockedEitherWay(a: unknown, b: unknown) {
  return sql`exists (
    select 1 from user_blocks
    where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})
  )`;
}
