import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { moderatedRows } from "../../db/moderated-rows.ts";
import { selectRows } from "../../db/rows.ts";

// What the moderation module reads and changes of posts and replies (through service.ts's postsModeration).

const posts = moderatedRows({
  table: "community_posts",
  author: "author_id",
  title: "title",
  text: "content",
});
const replies = moderatedRows({
  table: "community_post_replies",
  author: "author_id",
  title: null,
  text: "content",
});

export const findPostForModeration = posts.find;
export const setPostVisibility = posts.setVisibility;
export const removePost = posts.remove;
export const findReplyForModeration = replies.find;
export const setReplyVisibility = replies.setVisibility;
export const removeReply = replies.remove;

/** The post a reply answers; undefined when the reply is gone. */
export async function findReplyPostId(db: Database, replyId: string): Promise<string | undefined> {
  const [row] = await selectRows<{ postId: string }>(
    db,
    sql`select post_id as "postId" from community_post_replies where id = ${replyId}`,
  );
  return row?.postId;
}
