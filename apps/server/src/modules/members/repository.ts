import { eq, type SQL, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { communityMembers, users } from "../../db/schema.ts";

export type UsernameMember = {
  id: string;
  username: string;
  passwordHash: string;
  /** The version a token issued now carries. */
  tokenVersion: number;
};

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
      tokenVersion: communityMembers.tokenVersion,
    })
    .from(communityMembers)
    .where(sql`lower(${communityMembers.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (!row?.username || !row.passwordHash) return undefined;
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.passwordHash,
    tokenVersion: row.tokenVersion,
  };
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
      .returning({ id: communityMembers.id, tokenVersion: communityMembers.tokenVersion });
    if (!row) throw new Error("insert returned no row");
    return { id: row.id, username, passwordHash, tokenVersion: row.tokenVersion };
  } catch (error) {
    if (isUniqueViolation(error, "community_members_username_lower_key")) return null;
    throw error;
  }
}

/**
 * Makes an account a community member (its member id is its account id); idempotent. Answers the
 * member's token version.
 */
export async function ensureAccountMember(db: Database, userId: string): Promise<number> {
  const [created] = await db
    .insert(communityMembers)
    .values({ id: userId, userId })
    .onConflictDoNothing({ target: communityMembers.id })
    .returning({ tokenVersion: communityMembers.tokenVersion });
  if (created) return created.tokenVersion;
  const [row] = await db
    .select({ tokenVersion: communityMembers.tokenVersion })
    .from(communityMembers)
    .where(eq(communityMembers.id, userId))
    .limit(1);
  if (!row) throw new Error("the account's member row is not there");
  return row.tokenVersion;
}

/**
 * Whether a token's grant still holds, in one statement on every community call: the member
 * exists (an account deleted since takes its member with it), its token version is still the
 * token's, and for a token issued to a session, that session of the member's account is still
 * live. Primary-key lookups only (community_members, then sessions).
 */
export async function tokenGrantHolds(
  db: Database,
  grant: { memberId: string; version: number; sessionHash: string | null },
): Promise<boolean> {
  const rows = await preparedRows<{ ok: number }>(
    db,
    "community_token_check",
    sql`
      select 1 as ok
      from community_members m
      where m.id = ${grant.memberId}::uuid
        and m.token_version = ${grant.version}::integer
        and (${grant.sessionHash}::varchar is null or exists (
          select 1 from sessions s
          where s.id_hash = ${grant.sessionHash}::varchar
            and s.user_id = m.user_id
            and s.expires_at > now()
        ))
    `,
  );
  return rows.length > 0;
}

/**
 * Ends every community token issued so far to the member (`memberId`) or to the account's member
 * (`userId`): raises its token version. `db` may be a transaction.
 */
export async function revokeCommunityTokens(
  db: Pick<Database, "update">,
  who: { memberId: string } | { userId: string },
): Promise<void> {
  await db
    .update(communityMembers)
    .set({ tokenVersion: sql`${communityMembers.tokenVersion} + 1` })
    .where(
      "memberId" in who
        ? eq(communityMembers.id, who.memberId)
        : eq(communityMembers.userId, who.userId),
    );
}
