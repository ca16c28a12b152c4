import type { ContentVisibility, Post, PostReply } from "@kindred/shared";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isForeignKeyViolation } from "../../db/errors.ts";
import { pastCursor } from "../../db/keyset.ts";
import { isoTimestamp, qualified, selectRows } from "../../db/rows.ts";
import { communityPostLikes, communityPostReplies, communityPosts } from "../../db/schema.ts";
import { type Page, type PageRequest, pageOf } from "../../lib/paging.ts";
import { isGroupMember } from "../groups/fragments.ts";
import { memberName } from "../members/fragments.ts";
import { authorHidden, blockedEitherWay } from "../users/fragments.ts";
import { postShownTo, postVisibleTo } from "./fragments.ts";

// Posts (newest first), their replies (one level, oldest first) and likes. Every list is one
// index range scan on (time, id) that stops after limit + 1 rows: the extra row only says
// whether there is a next page.

/** For an insert that may race a deletion of its parent: the parent gone is not an error. */
function ignoreVanishedParent(error: unknown): void {
  if (!isForeignKeyViolation(error)) throw error;
}

/**
 * Leaves out what the viewer may not see: anything by someone the viewer blocked or who blocked
 * the viewer, or by someone banned or held for review. A member's id is its account's id, so the
 * users' rules apply as they are; a community-only member has no account, so none names it.
 */
function notBlocked(viewerId: string, authorId: unknown): SQL {
  return sql`not ${blockedEitherWay(viewerId, authorId)} and not ${authorHidden(viewerId, authorId)}`;
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
  const postId = qualified("page", "id");
  return db
    .select({
      id: page.id,
      title: page.title,
      content: page.content,
      authorId: page.authorId,
      authorName: memberName(qualified("page", "author_id")),
      groupId: page.groupId,
      createdAt: page.createdAt,
      likes: sql<number>`(
        select count(*)::int from community_post_likes l
        where l.post_id = ${postId} and not ${blockedEitherWay(viewerId, sql`l.member_id`)}
      )`,
      liked: sql<boolean>`exists (
        select 1 from community_post_likes l
        where l.post_id = ${postId} and l.member_id = ${viewerId}::uuid
      )`,
      replies: sql<number>`(
        select count(*)::int from community_post_replies r
        where r.post_id = ${postId} and ${notBlocked(viewerId, sql`r.author_id`)}
          and ${postShownTo(viewerId, sql`r.visibility`, sql`r.author_id`)}
      )`,
    })
    .from(page)
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
      pastCursor(communityPosts.createdAt, communityPosts.id, page.after, "desc"),
      notBlocked(viewerId, communityPosts.authorId),
      postShownTo(viewerId, communityPosts.visibility, communityPosts.authorId),
    ),
    page.limit + 1,
  );
  const { items, next } = pageOf(rows, page.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { items: items.map(toPost), next };
}

/**
 * A new post on the board, or in a group when its author belongs to it (checked in the insert, so
 * a member who has just left cannot slip one in); null when they do not.
 */
export async function createPost(
  db: Database,
  authorId: string,
  input: {
    title: string;
    content: string;
    groupId?: string | null;
    visibility?: ContentVisibility;
  },
): Promise<Post | null> {
  const groupId = input.groupId ?? null;
  const [created] = await selectRows<{ id: string }>(
    db,
    sql`
      insert into community_posts (author_id, title, content, group_id, visibility)
      select ${authorId}::uuid, ${input.title}, ${input.content}, ${groupId}::uuid,
        ${input.visibility ?? "visible"}
      where ${groupId}::uuid is null
        or ${isGroupMember(sql`${groupId}::uuid`, sql`${authorId}::uuid`)}
      returning id
    `,
  ).catch((error: unknown) => {
    // The group was deleted while the post went in.
    if (isForeignKeyViolation(error)) return [];
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
  const [row] = await selectPosts(
    db,
    viewerId,
    and(
      eq(communityPosts.id, id),
      postVisibleTo(
        viewerId,
        communityPosts.authorId,
        communityPosts.groupId,
        communityPosts.visibility,
      ),
    ),
    1,
  );
  return row ? toPost(row) : undefined;
}

/** Deletes the post when `authorId` wrote it; false otherwise (its replies and likes go with it). */
export async function deleteOwnPost(db: Database, id: string, authorId: string): Promise<boolean> {
  const deleted = await db
    .delete(communityPosts)
    .where(and(eq(communityPosts.id, id), eq(communityPosts.authorId, authorId)))
    .returning({ id: communityPosts.id });
  return deleted.length > 0;
}

// ---------- replies: oldest first ----------

// Whether the post may be seen is asked first (`findPost`); these statements still hold if it
// goes meanwhile.

type ReplyRow = {
  id: string;
  postId: string;
  content: string;
  authorId: string;
  authorName: string;
  createdAt: Date;
};

function toReply(row: ReplyRow): PostReply {
  return {
    _id: row.id,
    postId: row.postId,
    content: row.content,
    userId: row.authorId,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectReplies(db: Database, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: communityPostReplies.id,
      postId: communityPostReplies.postId,
      content: communityPostReplies.content,
      authorId: communityPostReplies.authorId,
      authorName: memberName(qualified("community_post_replies", "author_id")),
      createdAt: communityPostReplies.createdAt,
    })
    .from(communityPostReplies)
    .where(where)
    .orderBy(asc(communityPostReplies.createdAt), asc(communityPostReplies.id))
    .limit(limit);
}

export async function listReplies(
  db: Database,
  viewerId: string,
  postId: string,
  page: PageRequest,
): Promise<Page<PostReply>> {
  const rows = await selectReplies(
    db,
    and(
      eq(communityPostReplies.postId, postId),
      pastCursor(communityPostReplies.createdAt, communityPostReplies.id, page.after, "asc"),
      notBlocked(viewerId, communityPostReplies.authorId),
      postShownTo(viewerId, communityPostReplies.visibility, communityPostReplies.authorId),
    ),
    page.limit + 1,
  );
  const { items, next } = pageOf(rows, page.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { items: items.map(toReply), next };
}

/** A new reply, or undefined when the post is gone. `db` may be a transaction. */
export async function insertReply(
  db: Database,
  input: { postId: string; authorId: string; content: string; visibility?: ContentVisibility },
): Promise<PostReply | undefined> {
  const [created] = await selectRows<{ id: string }>(
    db,
    sql`
      insert into community_post_replies (post_id, author_id, content, visibility)
      select id, ${input.authorId}::uuid, ${input.content}, ${input.visibility ?? "visible"}
      from community_posts
      where id = ${input.postId}::uuid
      returning id
    `,
  );
  if (!created) return undefined;
  const [row] = await selectReplies(db, eq(communityPostReplies.id, created.id), 1);
  return row ? toReply(row) : undefined;
}

export async function deleteOwnReply(db: Database, id: string, authorId: string): Promise<boolean> {
  const deleted = await db
    .delete(communityPostReplies)
    .where(and(eq(communityPostReplies.id, id), eq(communityPostReplies.authorId, authorId)))
    .returning({ id: communityPostReplies.id });
  return deleted.length > 0;
}

// ---------- likes ----------

/** Likes the post if it still exists; liking twice changes nothing. */
export async function addLike(db: Database, postId: string, memberId: string): Promise<void> {
  await selectRows(
    db,
    sql`
      insert into community_post_likes (post_id, member_id)
      select id, ${memberId}::uuid from community_posts where id = ${postId}::uuid
      on conflict do nothing
    `,
  ).catch(ignoreVanishedParent);
}

export async function removeLike(db: Database, postId: string, memberId: string): Promise<void> {
  await selectRows(
    db,
    sql`
      delete from community_post_likes
      where post_id = ${postId}::uuid and member_id = ${memberId}::uuid
    `,
  );
}

// ---------- demo data ----------

export type NewPostRow = typeof communityPosts.$inferInsert & { id: string };

/** Posts, their replies and their likes as given, in three statements (the demo data). */
export async function insertPosts(
  db: Database,
  rows: {
    posts: NewPostRow[];
    replies: (typeof communityPostReplies.$inferInsert)[];
    likes: (typeof communityPostLikes.$inferInsert)[];
  },
): Promise<void> {
  if (rows.posts.length > 0) await db.insert(communityPosts).values(rows.posts);
  if (rows.replies.length > 0) await db.insert(communityPostReplies).values(rows.replies);
  if (rows.likes.length > 0) await db.insert(communityPostLikes).values(rows.likes);
}

// ---------- personal data ----------

// An account's member has the account's id (community_members_kind_check), so a person's rows
// are those whose member id is their account id.

export type PostExportRows = {
  posts: { _id: string; title: string; content: string; createdAt: string }[];
  postReplies: { _id: string; postId: string; content: string; createdAt: string }[];
  postLikes: { postId: string; createdAt: string }[];
};

export async function findPostExportRows(db: Database, userId: string): Promise<PostExportRows> {
  const t = (column: string) => isoTimestamp(sql.raw(column));
  const [posts, postReplies, postLikes] = await Promise.all([
    selectRows<PostExportRows["posts"][number]>(
      db,
      sql`select p.id as "_id", p.title, p.content, ${t("p.created_at")} as "createdAt"
      from community_posts p
      where p.author_id = ${userId} order by p.created_at`,
    ),
    selectRows<PostExportRows["postReplies"][number]>(
      db,
      sql`select r.id as "_id", r.post_id as "postId", r.content, ${t("r.created_at")} as "createdAt"
      from community_post_replies r
      where r.author_id = ${userId} order by r.created_at, r.id`,
    ),
    selectRows<PostExportRows["postLikes"][number]>(
      db,
      sql`select l.post_id as "postId", ${t("l.created_at")} as "createdAt"
      from community_post_likes l
      where l.member_id = ${userId} order by l.created_at, l.post_id`,
    ),
  ]);
  return { posts, postReplies, postLikes };
}

/**
 * Removes the account's likes, replies and posts (the replies and likes of others on those posts
 * go with them).
 */
export async function deletePostsOf(db: Database, userId: string): Promise<void> {
  await db.delete(communityPostLikes).where(eq(communityPostLikes.memberId, userId));
  await db.delete(communityPostReplies).where(eq(communityPostReplies.authorId, userId));
  await db.delete(communityPosts).where(eq(communityPosts.authorId, userId));
}
