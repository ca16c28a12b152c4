import { type SQL, sql } from "drizzle-orm";
import { accountFullName } from "../users/fragments.ts";

// The SQL the members module lends to the community's other repositories: who a member is, by
// the member id their rows hold (an author, an attendee). Scalar subqueries on the primary key,
// so a page of rows looks each one up once.

/**
 * The name shown for the member `memberId`: its account's full name (read at query time, so a
 * renamed account shows its new name), else its community username.
 */
export function memberName(memberId: unknown): SQL<string> {
  return sql<string>`(
    select coalesce(${accountFullName(sql`named_member.user_id`)}, named_member.username, '')
    from community_members named_member where named_member.id = ${memberId}
  )`;
}

/** The account behind the member `memberId`; null for a member known only by a username. */
export function memberAccount(memberId: unknown): SQL<string | null> {
  return sql<string | null>`(
    select account_member.user_id from community_members account_member
    where account_member.id = ${memberId}
  )`;
}
