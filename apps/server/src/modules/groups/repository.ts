import type {
  ContentVisibility,
  GroupDetail,
  GroupMember,
  GroupTag,
  Group as StudyGroup,
} from "@kindred/shared";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isForeignKeyViolation } from "../../db/errors.ts";
import { pastCursor } from "../../db/keyset.ts";
import { isoTimestamp, qualified, selectRows } from "../../db/rows.ts";
import { studyGroupMembers, studyGroups } from "../../db/schema.ts";
import { type Page, type PageRequest, pageOf } from "../../lib/paging.ts";
import { memberName } from "../members/fragments.ts";
import { authorHidden, blockedEitherWay, personOutOfSight } from "../users/fragments.ts";
import { groupShownTo } from "./fragments.ts";

// Study groups (newest first) and their members (those who joined first first). A group is
// hidden from anyone blocked either way with its creator, as the list of groups hides it; its
// members are counted and listed without anyone blocked either way with the viewer. A held or
// hidden group is its creator's alone (groupShownTo).

/** For an insert that may race a deletion of its parent: the parent gone is not an error. */
function ignoreVanishedParent(error: unknown): void {
  if (!isForeignKeyViolation(error)) throw error;
}

/** Nothing by someone the viewer blocked or who blocked the viewer, or banned or held for review. */
function notBlocked(viewerId: string, authorId: unknown): SQL {
  return sql`not ${blockedEitherWay(viewerId, authorId)} and not ${authorHidden(viewerId, authorId)}`;
}

/**
 * A member the viewer may see in a list of members: not blocked either way, not under moderation
 * (suspensions against the database's clock, as the list's statement has no app clock).
 */
function memberInSight(viewerId: string, memberId: unknown): SQL {
  return sql`not ${blockedEitherWay(viewerId, memberId)}
    and not ${personOutOfSight(viewerId, memberId, sql`now()`)}`;
}

type GroupRow = Omit<typeof studyGroups.$inferSelect, "searchVector" | "visibility">;

/** A group's own columns, without its search document (never sent, only indexed). */
const groupColumns = {
  id: studyGroups.id,
  authorId: studyGroups.authorId,
  name: studyGroups.name,
  description: studyGroups.description,
  tag: studyGroups.tag,
  createdAt: studyGroups.createdAt,
};

function toGroup(row: GroupRow): StudyGroup {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    tag: row.tag as GroupTag,
    u_id: row.authorId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listGroups(
  db: Database,
  viewerId: string,
  page: PageRequest,
): Promise<Page<StudyGroup>> {
  const rows = await db
    .select(groupColumns)
    .from(studyGroups)
    .where(
      and(
        pastCursor(studyGroups.createdAt, studyGroups.id, page.after, "desc"),
        notBlocked(viewerId, studyGroups.authorId),
        groupShownTo(viewerId, studyGroups.visibility, studyGroups.authorId),
      ),
    )
    .orderBy(desc(studyGroups.createdAt), desc(studyGroups.id))
    .limit(page.limit + 1);
  const { items, next } = pageOf(rows, page.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { items: items.map(toGroup), next };
}

/** A new group (its creator joins it in the same transaction: `addCreatorMember`). */
export async function insertGroup(
  db: Database,
  authorId: string,
  input: { name: string; description: string; tag: GroupTag; visibility?: ContentVisibility },
): Promise<{ group: StudyGroup; createdAt: Date }> {
  const [row] = await db
    .insert(studyGroups)
    .values({ authorId, ...input })
    .returning(groupColumns);
  if (!row) throw new Error("insert returned no row");
  return { group: toGroup(row), createdAt: row.createdAt };
}

/** The creator as the group's first member, joined when the group was made. */
export async function addCreatorMember(
  db: Database,
  groupId: string,
  authorId: string,
  joinedAt: Date,
): Promise<void> {
  await db.insert(studyGroupMembers).values({ groupId, memberId: authorId, joinedAt });
}

/**
 * The group as the viewer sees it, with its creator's name, its member count and whether the
 * viewer is one; undefined when there is none or it is hidden from the viewer.
 */
export async function findGroupDetail(
  db: Database,
  viewerId: string,
  groupId: string,
): Promise<GroupDetail | undefined> {
  const id = qualified("study_groups", "id");
  const [row] = await db
    .select({
      group: groupColumns,
      creatorName: memberName(qualified("study_groups", "author_id")),
      members: sql<number>`(
        select count(*)::int from study_group_members sm
        where sm.group_id = ${id} and ${memberInSight(viewerId, sql`sm.member_id`)}
      )`,
      isMember: sql<boolean>`exists (
        select 1 from study_group_members sm
        where sm.group_id = ${id} and sm.member_id = ${viewerId}::uuid
      )`,
    })
    .from(studyGroups)
    .where(
      and(
        eq(studyGroups.id, groupId),
        notBlocked(viewerId, studyGroups.authorId),
        groupShownTo(viewerId, studyGroups.visibility, studyGroups.authorId),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return {
    ...toGroup(row.group),
    members: Number(row.members),
    isMember: Boolean(row.isMember),
    creator: { _id: row.group.authorId, name: row.creatorName },
  };
}

/**
 * Adds the member to the group if it still exists; joining twice changes nothing. A group
 * deleted while the row goes in fails the foreign key: that too is "not there".
 */
export async function addGroupMember(
  db: Database,
  groupId: string,
  memberId: string,
): Promise<void> {
  await selectRows(
    db,
    sql`
      insert into study_group_members (group_id, member_id)
      select id, ${memberId}::uuid from study_groups where id = ${groupId}::uuid
      on conflict do nothing
    `,
  ).catch(ignoreVanishedParent);
}

/** Takes the member out of the group, unless they created it (its creator always belongs). */
export async function removeGroupMember(
  db: Database,
  groupId: string,
  memberId: string,
): Promise<void> {
  await selectRows(
    db,
    sql`
      delete from study_group_members sm
      where sm.group_id = ${groupId}::uuid and sm.member_id = ${memberId}::uuid
        and not exists (
          select 1 from study_groups g where g.id = sm.group_id and g.author_id = sm.member_id
        )
    `,
  );
}

/** Whether the group exists, and whether the member belongs to it, in one statement. */
export async function findMembership(
  db: Database,
  groupId: string,
  memberId: string,
): Promise<{ group: boolean; member: boolean }> {
  const [row] = await selectRows<{ member: boolean }>(
    db,
    sql`
      select exists (
        select 1 from study_group_members where group_id = ${groupId} and member_id = ${memberId}
      ) as member
      from study_groups where id = ${groupId}
    `,
  );
  return { group: row !== undefined, member: row?.member === true };
}

/** Members, those who joined first first (the creator leads), a page at a time. */
export async function listGroupMembers(
  db: Database,
  viewerId: string,
  groupId: string,
  page: PageRequest,
): Promise<Page<GroupMember>> {
  const rows = await db
    .select({
      id: studyGroupMembers.memberId,
      name: memberName(qualified("study_group_members", "member_id")),
      joinedAt: studyGroupMembers.joinedAt,
    })
    .from(studyGroupMembers)
    .where(
      and(
        eq(studyGroupMembers.groupId, groupId),
        pastCursor(studyGroupMembers.joinedAt, studyGroupMembers.memberId, page.after, "asc"),
        memberInSight(viewerId, studyGroupMembers.memberId),
      ),
    )
    .orderBy(asc(studyGroupMembers.joinedAt), asc(studyGroupMembers.memberId))
    .limit(page.limit + 1);
  const { items, next } = pageOf(rows, page.limit, (row) => ({ at: row.joinedAt, id: row.id }));
  return {
    items: items.map((row) => ({
      _id: row.id,
      name: row.name,
      joinedAt: row.joinedAt.toISOString(),
    })),
    next,
  };
}

/**
 * Changes the group when `authorId` created it; false otherwise. `hold` holds a visible group
 * (the filter matched the new text of a new account); a hidden one stays hidden.
 */
export async function updateOwnGroup(
  db: Database,
  groupId: string,
  authorId: string,
  patch: { name?: string; description?: string; tag?: GroupTag },
  hold = false,
): Promise<boolean> {
  const visibility = hold
    ? {
        visibility: sql`case when ${studyGroups.visibility} = 'visible' then 'held'
          else ${studyGroups.visibility} end`,
      }
    : {};
  const updated = await db
    .update(studyGroups)
    .set({ ...patch, ...visibility })
    .where(and(eq(studyGroups.id, groupId), eq(studyGroups.authorId, authorId)))
    .returning({ id: studyGroups.id });
  return updated.length > 0;
}

/** Deletes the group when `authorId` created it; false otherwise. */
export async function deleteOwnGroup(db: Database, id: string, authorId: string): Promise<boolean> {
  const deleted = await db
    .delete(studyGroups)
    .where(and(eq(studyGroups.id, id), eq(studyGroups.authorId, authorId)))
    .returning({ id: studyGroups.id });
  return deleted.length > 0;
}

// ---------- demo data ----------

/** Groups and their members as given, in two statements (the demo data). */
export async function insertGroups(
  db: Database,
  rows: {
    groups: (typeof studyGroups.$inferInsert & { id: string })[];
    members: (typeof studyGroupMembers.$inferInsert)[];
  },
): Promise<void> {
  if (rows.groups.length > 0) await db.insert(studyGroups).values(rows.groups);
  if (rows.members.length > 0) await db.insert(studyGroupMembers).values(rows.members);
}

// ---------- personal data ----------

// An account's member has the account's id (community_members_kind_check).

export type GroupExportRows = {
  groups: { _id: string; name: string; description: string; tag: string; createdAt: string }[];
  /** The study groups the member belongs to (the ones they created among them). */
  groupMemberships: { groupId: string; groupName: string; joinedAt: string }[];
};

export async function findGroupExportRows(db: Database, userId: string): Promise<GroupExportRows> {
  const t = (column: string) => isoTimestamp(sql.raw(column));
  const [groups, groupMemberships] = await Promise.all([
    selectRows<GroupExportRows["groups"][number]>(
      db,
      sql`select g.id as "_id", g.name, g.description, g.tag, ${t("g.created_at")} as "createdAt"
      from study_groups g
      where g.author_id = ${userId} order by g.created_at`,
    ),
    selectRows<GroupExportRows["groupMemberships"][number]>(
      db,
      sql`select g.id as "groupId", g.name as "groupName", ${t("m.joined_at")} as "joinedAt"
      from study_group_members m join study_groups g on g.id = m.group_id
      where m.member_id = ${userId} order by m.joined_at, g.id`,
    ),
  ]);
  return { groups, groupMemberships };
}

/** Removes the account's memberships, then its groups (everyone's memberships in them go too). */
export async function deleteGroupsOf(db: Database, userId: string): Promise<void> {
  await db.delete(studyGroupMembers).where(eq(studyGroupMembers.memberId, userId));
  await db.delete(studyGroups).where(eq(studyGroups.authorId, userId));
}
