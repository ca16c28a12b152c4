import { eq, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { communityMembers } from "../../db/schema.ts";
import { liveSession } from "../sessions/fragments.ts";

// community_members: who is in the community (an account, or a username with its own password),
// the version every token of theirs must carry, and the secret of their calendar address.

export type UsernameMember = {
  id: string;
  username: string;
  passwordHash: string;
  /** The version a token issued now carries. */
  tokenVersion: number;
};

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

/** Members of accounts, by their account ids (the demo data: each member's id is its account's). */
export async function insertAccountMembers(db: Database, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(communityMembers).values(userIds.map((id) => ({ id, userId: id })));
}

/**
 * Whether a token's grant still holds, in one statement on every community call: the member
 * exists (an account deleted since takes its member with it), its token version is still the
 * token's, and for a token issued to a session, that session of the member's account is still
 * live at `now`. Primary-key lookups only (community_members, then sessions).
 */
export async function tokenGrantHolds(
  db: Database,
  grant: { memberId: string; version: number; sessionHash: string | null },
  now: Date,
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
          select 1 from ${liveSession(grant.sessionHash ?? "", now, now)} s
          where s.user_id = m.user_id
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

/** Whether the member is still there (an account deleted since took its member with it). */
export async function memberExists(db: Database, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: communityMembers.id })
    .from(communityMembers)
    .where(eq(communityMembers.id, memberId))
    .limit(1);
  return row !== undefined;
}

/** The account behind a member, or null for a member known only by a community username. */
export async function accountOfMember(db: Database, memberId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: communityMembers.userId })
    .from(communityMembers)
    .where(eq(communityMembers.id, memberId))
    .limit(1);
  return row?.userId ?? null;
}

// ---------- the private calendar's secret ----------

export async function findCalendarToken(db: Database, memberId: string): Promise<string | null> {
  const [row] = await selectRows<{ token: string | null }>(
    db,
    sql`select calendar_token as token from community_members where id = ${memberId}`,
  );
  return row?.token ?? null;
}

/**
 * Sets the member's calendar token: always (a reset), or only when there is none yet (the first
 * read; two at once keep the first). The token now in place.
 */
export async function saveCalendarToken(
  db: Database,
  memberId: string,
  token: string,
  onlyIfMissing: boolean,
): Promise<string | null> {
  await db.execute(sql`
    update community_members set calendar_token = ${token}
    where id = ${memberId} ${onlyIfMissing ? sql`and calendar_token is null` : sql``}
  `);
  return findCalendarToken(db, memberId);
}

export async function findMemberByCalendarToken(
  db: Database,
  token: string,
): Promise<string | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from community_members where calendar_token = ${token}`,
  );
  return row?.id;
}

// ---------- personal data ----------

export type MemberExportRow = { _id: string; createdAt: string };

/** The account's member row, if it ever joined the community. */
export async function findAccountMemberExport(
  db: Database,
  userId: string,
): Promise<MemberExportRow | null> {
  const [row] = await selectRows<MemberExportRow>(
    db,
    sql`select id as "_id", ${isoTimestamp(sql`created_at`)} as "createdAt"
      from community_members where user_id = ${userId}`,
  );
  return row ?? null;
}

/** Deletes the account's member row (what still points at it goes by its foreign keys). */
export async function deleteAccountMember(db: Database, userId: string): Promise<void> {
  await db.delete(communityMembers).where(eq(communityMembers.userId, userId));
}
