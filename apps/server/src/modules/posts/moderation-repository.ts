import type { ContentVisibility } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import type { ContentForModeration } from "../../lib/moderated-content.ts";

// What the moderation module reads and changes of posts and replies (through service.ts's postsModeration).

/** The post whoever asks (moderation reads it); undefined when it is gone. */
export async function findPostForModeration(
  db: Database,
  id: string,
): Promise<ContentForModeration | undefined> {
  const [row] = await selectRows<ContentForModeration>(
    db,
    sql`select author_id::text as "authorId", title as "title", content as "text", visibility
      from community_posts where id = ${id}`,
  );
  return row;
}

export async function setPostVisibility(
  db: Database,
  id: string,
  visibility: ContentVisibility,
): Promise<void> {
  await db.execute(sql`update community_posts set visibility = ${visibility} where id = ${id}`);
}

/** Deletes the post (a moderator removed it); false when it was already gone. */
export async function removePost(db: Database, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from community_posts where id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** The reply whoever asks (moderation reads it); undefined when it is gone. */
export async function findReplyForModeration(
  db: Database,
  id: string,
): Promise<ContentForModeration | undefined> {
  const [row] = await selectRows<ContentForModeration>(
    db,
    sql`select author_id::text as "authorId", null as "title", content as "text", visibility
      from community_post_replies where id = ${id}`,
  );
  return row;
}

export async function setReplyVisibility(
  db: Database,
  id: string,
  visibility: ContentVisibility,
): Promise<void> {
  await db.execute(
    sql`update community_post_replies set visibility = ${visibility} where id = ${id}`,
  );
}

/** Deletes the reply (a moderator removed it); false when it was already gone. */
export async function removeReply(db: Database, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from community_post_replies where id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** The post a reply answers; undefined when the reply is gone. */
export async function findReplyPostId(db: Database, replyId: string): Promise<string | undefined> {
  const [row] = await selectRows<{ postId: string }>(
    db,
    sql`select post_id as "postId" from community_post_replies where id = ${replyId}`,
  );
  return row?.postId;
}
