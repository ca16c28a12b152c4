import { type GroupTag, isUuid, type Post, type Group as StudyGroup } from "@kindred/shared";
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { sqlState } from "../../db/errors.ts";
import { selectRows } from "../../db/rows.ts";
import {
  communityMembers,
  communityPosts,
  studyGroupMembers,
  studyGroups,
  users,
} from "../../db/schema.ts";
import { blockedEitherWay } from "../users/fragments.ts";
import type { Cursor } from "./cursor.ts";
import { memberNameSql } from "./members-repository.ts";

/** One page of a list and where the next one starts (null: this was the last). */
export type Page<T> = { items: T[]; next: Cursor | null };
export type PageRequest = { cursor: Cursor | null; limit: number };

// Every list is one index range scan on (time, id) that stops after limit + 1 rows: the extra
// row only says whether there is a next page. Row comparison keeps the scan on the index.

export function after(time: PgColumn, id: PgColumn, cursor: Cursor | null): SQL | undefined {
  return cursor
    ? sql`(${time}, ${id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
}

function before(time: PgColumn, id: PgColumn, cursor: Cursor | null): SQL | undefined {
  return cursor
    ? sql`(${time}, ${id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
}

export function toPage<R, T>(
  rows: R[],
  limit: number,
  position: (row: R) => Cursor,
  view: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { items: kept.map(view), next: more && last ? position(last) : null };
}

/**
 * Leaves out what the viewer may not see: anything by someone the viewer blocked or who blocked
 * the viewer. A member's id is its account's id, so the safety module's block check applies as
 * is; a community-only member has no account, so no block names it.
 */
export function notBlocked(viewerId: string, authorId: PgColumn): SQL {
  return sql`not ${blockedEitherWay(viewerId, authorId)}`;
}

/** SQLSTATE of a foreign key violation: what an insert pointed to was deleted meanwhile. */
export const FOREIGN_KEY_VIOLATION = "23503";

/** For an insert that may race a deletion of its parent: the parent gone is not an error. */
export function ignoreVanishedParent(error: unknown): void {
  if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error;
}

/** Deletes the row when it exists and `authorId` wrote it; false otherwise. */
export async function deleteOwn(
  db: Database,
  table: PgTable & { id: PgColumn; authorId: PgColumn },
  id: string,
  authorId: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(table)
    .where(and(eq(table.id, id.toLowerCase()), eq(table.authorId, authorId)))
    .returning({ id: table.id });
  return deleted.length > 0;
}

// ---------- posts: newest first ----------

type PostRow = {
  id: string;
  title: string;
  content: string;
  authorId: string;
  authorName: string;
  groupId: string | null;
  createdAt: Date;
  likes: number;
  liked: boolean;
  replies: number;
};

function toPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    userId: row.authorId,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    groupId: row.groupId,
    likes: Number(row.likes),
    liked: Boolean(row.liked),
    replies: Number(row.replies),
  };
}

/**
 * The page of posts is cut from the index first (a subquery with its own limit), then each of its
 * rows looks up its author by primary key and counts its likes and replies on their indexes:
 * whatever the planner knows, at most limit + 1 of each. Likes and replies by someone blocked
 * either way with the viewer are not counted, as the viewer never sees them.
 */
async function selectPosts(
  db: Database,
  viewerId: string,
  where: SQL | undefined,
  limit: number,
): Promise<PostRow[]> {
  const page = db
    .select()
    .from(communityPosts)
    .where(where)
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(limit)
    .as("page");
  return db
    .select({
      id: page.id,
      title: page.title,
      content: page.content,
      authorId: page.authorId,
      authorName: memberNameSql(),
      groupId: page.groupId,
      createdAt: page.createdAt,
      likes: sql<number>`(
        select count(*)::int from community_post_likes l
        where l.post_id = ${page.id} and not ${blockedEitherWay(viewerId, sql`l.member_id`)}
      )`,
      liked: sql<boolean>`exists (
        select 1 from community_post_likes l
        where l.post_id = ${page.id} and l.member_id = ${viewerId}::uuid
      )`,
      replies: sql<number>`(
        select count(*)::int from community_post_replies r
        where r.post_id = ${page.id} and not ${blockedEitherWay(viewerId, sql`r.author_id`)}
      )`,
    })
    .from(page)
    .innerJoin(communityMembers, eq(communityMembers.id, page.authorId))
    .leftJoin(users, eq(users.id, communityMembers.userId))
    .orderBy(desc(page.createdAt), desc(page.id));
}

/** The board's posts (groupId null), or one group's. */
export async function listPosts(
  db: Database,
  viewerId: string,
  page: PageRequest,
  groupId: string | null = null,
): Promise<Page<Post>> {
  const rows = await selectPosts(
    db,
    viewerId,
    and(
      groupId === null ? isNull(communityPosts.groupId) : eq(communityPosts.groupId, groupId),
      before(communityPosts.createdAt, communityPosts.id, page.cursor),
      notBlocked(viewerId, communityPosts.authorId),
    ),
    page.limit + 1,
  );
  return toPage(rows, page.limit, (row) => ({ at: row.createdAt, id: row.id }), toPost);
}

/**
 * A new post on the board, or in a group when its author belongs to it (checked in the insert, so
 * a member who has just left cannot slip one in); null when they do not.
 */
export async function createPost(
  db: Database,
  authorId: string,
  input: { title: string; content: string; groupId?: string | null },
): Promise<Post | null> {
  const groupId = input.groupId ?? null;
  const [created] = await selectRows<{ id: string }>(
    db,
    sql`
      insert into community_posts (author_id, title, content, group_id)
      select ${authorId}::uuid, ${input.title}, ${input.content}, ${groupId}::uuid
      where ${groupId}::uuid is null or exists (
        select 1 from study_group_members sm
        where sm.group_id = ${groupId}::uuid and sm.member_id = ${authorId}::uuid
      )
      returning id
    `,
  ).catch((error: unknown) => {
    // The group was deleted while the post went in.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) return [];
    throw error;
  });
  if (!created) return null;
  return findPost(db, authorId, created.id) as Promise<Post>;
}

/**
 * One post as the viewer sees it; undefined when it is not there, its author and the viewer are
 * blocked either way, or it is in a group hidden from the viewer (its creator blocked either way).
 */
export async function findPost(
  db: Database,
  viewerId: string,
  id: string,
): Promise<Post | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectPosts(
    db,
    viewerId,
    and(
      eq(communityPosts.id, id.toLowerCase()),
      notBlocked(viewerId, communityPosts.authorId),
      sql`(${communityPosts.groupId} is null or exists (
        select 1 from study_groups g
        where g.id = ${communityPosts.groupId} and not ${blockedEitherWay(viewerId, sql`g.author_id`)}
      ))`,
    ),
    1,
  );
  return row ? toPost(row) : undefined;
}

export function deletePost(db: Database, id: string, authorId: string): Promise<boolean> {
  return deleteOwn(db, communityPosts, id, authorId);
}

// ---------- study groups: newest first ----------

type GroupRow = Omit<typeof studyGroups.$inferSelect, "searchVector">;

/** A group's own columns, without its search document (never sent, only indexed). */
const groupColumns = {
  id: studyGroups.id,
  authorId: studyGroups.authorId,
  name: studyGroups.name,
  description: studyGroups.description,
  tag: studyGroups.tag,
  createdAt: studyGroups.createdAt,
};

export function toGroup(row: GroupRow): StudyGroup {
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
        before(studyGroups.createdAt, studyGroups.id, page.cursor),
        notBlocked(viewerId, studyGroups.authorId),
      ),
    )
    .orderBy(desc(studyGroups.createdAt), desc(studyGroups.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, (row) => ({ at: row.createdAt, id: row.id }), toGroup);
}

/** A new group with its creator as its first member, both or neither. */
export async function createGroup(
  db: Database,
  authorId: string,
  input: { name: string; description: string; tag: GroupTag },
): Promise<StudyGroup> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(studyGroups)
      .values({ authorId, ...input })
      .returning(groupColumns);
    if (!row) throw new Error("insert returned no row");
    await tx
      .insert(studyGroupMembers)
      .values({ groupId: row.id, memberId: authorId, joinedAt: row.createdAt });
    return toGroup(row);
  });
}

export function deleteGroup(db: Database, id: string, authorId: string): Promise<boolean> {
  return deleteOwn(db, studyGroups, id, authorId);
}
