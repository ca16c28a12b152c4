import type { PostReply } from "@kindred/shared";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { communityMembers, communityPostReplies, users } from "../../db/schema.ts";
import { memberNameSql } from "./members-repository.ts";
import {
  after,
  deleteOwn,
  ignoreVanishedParent,
  notBlocked,
  type Page,
  type PageRequest,
  toPage,
} from "./repository.ts";

// Replies to a post (one level, oldest first) and likes. Whether the post may be seen is asked
// first (repository.ts `findPost`); these statements still hold if it goes meanwhile.

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
      authorName: memberNameSql(),
      createdAt: communityPostReplies.createdAt,
    })
    .from(communityPostReplies)
    .innerJoin(communityMembers, eq(communityMembers.id, communityPostReplies.authorId))
    .leftJoin(users, eq(users.id, communityMembers.userId))
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
      after(communityPostReplies.createdAt, communityPostReplies.id, page.cursor),
      notBlocked(viewerId, communityPostReplies.authorId),
    ),
    page.limit + 1,
  );
  return toPage(rows, page.limit, (row) => ({ at: row.createdAt, id: row.id }), toReply);
}

/** A new reply, or undefined when the post is gone. `db` may be a transaction. */
export async function insertReply(
  db: Database,
  input: { postId: string; authorId: string; content: string },
): Promise<PostReply | undefined> {
  const [created] = await selectRows<{ id: string }>(
    db,
    sql`
      insert into community_post_replies (post_id, author_id, content)
      select id, ${input.authorId}::uuid, ${input.content} from community_posts
      where id = ${input.postId}::uuid
      returning id
    `,
  );
  if (!created) return undefined;
  const [row] = await selectReplies(db, eq(communityPostReplies.id, created.id), 1);
  return row ? toReply(row) : undefined;
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

export function deleteOwnReply(db: Database, id: string, authorId: string): Promise<boolean> {
  return deleteOwn(db, communityPostReplies, id, authorId);
}

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
