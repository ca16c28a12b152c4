import type { GroupDetail, GroupMember, GroupTag } from "@kindred/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { communityMembers, studyGroupMembers, studyGroups, users } from "../../db/schema.ts";
import { blockedEitherWay } from "../users/fragments.ts";
import { memberNameSql } from "./members-repository.ts";
import {
  after,
  ignoreVanishedParent,
  notBlocked,
  type Page,
  type PageRequest,
  toGroup,
  toPage,
} from "./repository.ts";

// A group is hidden from anyone blocked either way with its creator, as the list of groups hides
// it; its members are counted and listed without anyone blocked either way with the viewer.

/**
 * The group as the viewer sees it, with its creator's name, its member count and whether the
 * viewer is one; undefined when there is none or it is hidden from the viewer.
 */
export async function findGroupDetail(
  db: Database,
  viewerId: string,
  groupId: string,
): Promise<GroupDetail | undefined> {
  const [row] = await db
    .select({
      group: studyGroups,
      creatorName: memberNameSql(),
      members: sql<number>`(
        select count(*)::int from study_group_members sm
        where sm.group_id = ${studyGroups.id} and not ${blockedEitherWay(viewerId, sql`sm.member_id`)}
      )`,
      isMember: sql<boolean>`exists (
        select 1 from study_group_members sm
        where sm.group_id = ${studyGroups.id} and sm.member_id = ${viewerId}::uuid
      )`,
    })
    .from(studyGroups)
    .innerJoin(communityMembers, eq(communityMembers.id, studyGroups.authorId))
    .leftJoin(users, eq(users.id, communityMembers.userId))
    .where(and(eq(studyGroups.id, groupId), notBlocked(viewerId, studyGroups.authorId)))
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

export async function isGroupMember(
  db: Database,
  groupId: string,
  memberId: string,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(studyGroupMembers)
    .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.memberId, memberId)))
    .limit(1);
  return rows.length > 0;
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
      name: memberNameSql(),
      joinedAt: studyGroupMembers.joinedAt,
    })
    .from(studyGroupMembers)
    .innerJoin(communityMembers, eq(communityMembers.id, studyGroupMembers.memberId))
    .leftJoin(users, eq(users.id, communityMembers.userId))
    .where(
      and(
        eq(studyGroupMembers.groupId, groupId),
        after(studyGroupMembers.joinedAt, studyGroupMembers.memberId, page.cursor),
        notBlocked(viewerId, studyGroupMembers.memberId),
      ),
    )
    .orderBy(asc(studyGroupMembers.joinedAt), asc(studyGroupMembers.memberId))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    (row) => ({ at: row.joinedAt, id: row.id }),
    (row) => ({ _id: row.id, name: row.name, joinedAt: row.joinedAt.toISOString() }),
  );
}

/** Changes the group when `authorId` created it; false otherwise. */
export async function updateOwnGroup(
  db: Database,
  groupId: string,
  authorId: string,
  patch: { name?: string; description?: string; tag?: GroupTag },
): Promise<boolean> {
  const updated = await db
    .update(studyGroups)
    .set(patch)
    .where(and(eq(studyGroups.id, groupId), eq(studyGroups.authorId, authorId)))
    .returning({ id: studyGroups.id });
  return updated.length > 0;
}
