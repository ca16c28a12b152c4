import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { communityMembers, users } from "../../db/schema.ts";
import type { UserRow } from "../users/user-view.ts";

export type UsernameMember = { id: string; username: string; passwordHash: string };

/** How an account is named in the community: its full name. */
export function accountMemberName(user: Pick<UserRow, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * The name of the member whose row is `member` (left-joined to its account as `account`): the
 * account's full name, read at query time so a renamed account shows its new name, or the
 * community username.
 */
export function memberNameSql(): SQL<string> {
  return sql<string>`coalesce(nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${communityMembers.username}, '')`;
}

export async function findUsernameMember(
  db: Database,
  username: string,
): Promise<UsernameMember | undefined> {
  const [row] = await db
    .select({
      id: communityMembers.id,
      username: communityMembers.username,
      passwordHash: communityMembers.passwordHash,
    })
    .from(communityMembers)
    .where(sql`lower(${communityMembers.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (!row?.username || !row.passwordHash) return undefined;
  return { id: row.id, username: row.username, passwordHash: row.passwordHash };
}

/** A new member known by username; null when someone took the name first (any case). */
export async function createUsernameMember(
  db: Database,
  username: string,
  passwordHash: string,
): Promise<UsernameMember | null> {
  try {
    const [row] = await db
      .insert(communityMembers)
      .values({ username, passwordHash })
      .returning({ id: communityMembers.id });
    if (!row) throw new Error("insert returned no row");
    return { id: row.id, username, passwordHash };
  } catch (error) {
    if (isUniqueViolation(error, "community_members_username_lower_key")) return null;
    throw error;
  }
}

/** Makes an account a community member (its member id is its account id); idempotent. */
export async function ensureAccountMember(db: Database, userId: string): Promise<void> {
  await db
    .insert(communityMembers)
    .values({ id: userId, userId })
    .onConflictDoNothing({ target: communityMembers.id });
}

export async function memberExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: communityMembers.id })
    .from(communityMembers)
    .where(eq(communityMembers.id, id))
    .limit(1);
  return row !== undefined;
}
