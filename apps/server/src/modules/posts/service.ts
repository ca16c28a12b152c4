import {
  GROUP_MESSAGES,
  type Post,
  type PostLikeState,
  type PostReply,
  postPagePath,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { isForeignKeyViolation } from "../../db/errors.ts";
import type { ModeratedContent } from "../../lib/moderated-content.ts";
import { type Page, type PageQuery, pageRequestOf } from "../../lib/paging.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError, type UnknownId, unknownIdError } from "../../plugins/errors.ts";
import { flagScreened, screenContent, visibilityOf } from "../filters/service.ts";
import { groupMembership, visibleGroup, visibleGroupById } from "../groups/service.ts";
import { accountOfMember } from "../members/service.ts";
import { withNotifications } from "../notifications/service.ts";
import * as moderation from "./moderation-repository.ts";
import * as repository from "./repository.ts";

// Posts on the board and in study groups, their replies and likes. A post is hidden from anyone
// blocked either way with its author, or with the creator of its group. A post or reply the
// automatic filter holds is its author's alone until a moderator decides (filters/service.ts).

type App = Pick<FastifyInstance, "db" | "chatHub" | "log" | "now" | "moderation">;

/** What a post's routes answer for an id that names no post the viewer sees. */
export const POST_NOT_FOUND: UnknownId = {
  code: "NOT_FOUND",
  message: GROUP_MESSAGES.postNotFound,
};

/** What deleting a post answers for an id that names no post of the caller's. */
export const OWN_POST_NOT_FOUND: UnknownId = {
  code: "NOT_FOUND",
  message: "There is no post of yours with this id.",
};

/** What deleting a reply answers for an id that names no reply of the caller's. */
export const OWN_REPLY_NOT_FOUND: UnknownId = {
  code: "NOT_FOUND",
  message: GROUP_MESSAGES.replyNotFound,
};

/** The post as the viewer sees it; 404 when there is none or it is hidden from the viewer. */
export async function visiblePost(app: App, viewerId: string, postId: string): Promise<Post> {
  const post = await repository.findPost(app.db, viewerId, postId);
  if (!post) throw unknownIdError(POST_NOT_FOUND);
  return post;
}

/** The group named by a query's or body's `groupId` (null: the board's); 404 when not one seen. */
async function postsGroupId(
  app: App,
  viewerId: string,
  groupId: string | undefined,
): Promise<string | null> {
  if (groupId === undefined || groupId === "") return null;
  return (await visibleGroupById(app, viewerId, groupId))._id;
}

/** The board's posts, or with `groupId` that group's (404 when the viewer does not see it). */
export async function listPosts(
  app: App,
  viewerId: string,
  query: PageQuery & { groupId?: string | undefined },
): Promise<Page<Post>> {
  const group = await postsGroupId(app, viewerId, query.groupId);
  return repository.listPosts(app.db, viewerId, pageRequestOf(query), group);
}

/**
 * A post on the board, or in a group the author belongs to (403 otherwise, 404 no such group).
 * Title and content go through the automatic filter: a match opens a case in the post's
 * transaction, and from a new or unconnected author the post is held.
 */
export async function publishPost(
  app: App,
  authorId: string,
  body: { title: string; content: string; groupId?: string },
): Promise<Post> {
  const groupId = await postsGroupId(app, authorId, body.groupId);
  const screening = await screenContent(app, authorId, [body.title, body.content]);
  const input = { ...body, groupId, visibility: visibilityOf(screening) };
  const post = screening
    ? await app.db.transaction(async (tx) => {
        const created = await repository.createPost(tx, authorId, input);
        if (created) {
          await flagScreened(app, tx, screening, { type: "post", _id: created.id }, authorId);
        }
        return created;
      })
    : await repository.createPost(app.db, authorId, input);
  if (post) return post;
  // Not a member, or the group went meanwhile (404).
  if (groupId) await visibleGroup(app, authorId, groupId);
  throw new HttpError(403, "NOT_A_MEMBER", GROUP_MESSAGES.notMember);
}

/** Deletes the author's own post (its replies and likes go with it). */
export async function deletePost(app: App, id: string, authorId: string): Promise<void> {
  const deleted = await repository.deleteOwnPost(app.db, id, authorId);
  if (!deleted) throw unknownIdError(OWN_POST_NOT_FOUND);
}

// ---------- replies ----------

/** A post's replies the viewer may see, oldest first (404: no post the viewer sees). */
export async function listReplies(
  app: App,
  viewerId: string,
  postId: string,
  query: PageQuery,
): Promise<Page<PostReply>> {
  const post = await visiblePost(app, viewerId, postId);
  return repository.listReplies(app.db, viewerId, post.id, pageRequestOf(query));
}

/**
 * A reply to a post the author sees; in a group, only from its members. The post's author is
 * told (a notification, in the reply's transaction) when both are accounts: notifications name
 * accounts, and `notify` itself says nothing to oneself or across a block. A reply the filter
 * holds tells nobody.
 */
export async function replyToPost(
  app: App,
  authorId: string,
  postId: string,
  content: string,
): Promise<PostReply> {
  const post = await visiblePost(app, authorId, postId);
  if (post.groupId && !(await groupMembership(app.db, post.groupId, authorId)).member) {
    throw new HttpError(403, "NOT_A_MEMBER", GROUP_MESSAGES.notMember);
  }
  const [postAccount, replyAccount] = await Promise.all([
    accountOfMember(app.db, post.userId),
    accountOfMember(app.db, authorId),
  ]);
  const screening = await screenContent(app, authorId, [content]);
  const reply = await withNotifications(app, async (tx, queue) => {
    const created = await repository.insertReply(tx, {
      postId: post.id,
      authorId,
      content,
      visibility: visibilityOf(screening),
    });
    if (created) {
      await flagScreened(app, tx, screening, { type: "reply", _id: created._id }, authorId);
    }
    if (created && !screening?.held && postAccount && replyAccount) {
      await queue.notify({
        userId: postAccount,
        kind: "post_reply",
        actorId: replyAccount,
        subject: { type: "post", id: post.id },
        url: postPagePath(post),
      });
    }
    return created;
  }).catch((error: unknown) => {
    // The post was deleted while the reply went in.
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  });
  if (!reply) throw unknownIdError(POST_NOT_FOUND);
  return reply;
}

/** Deletes the author's own reply. */
export async function deleteReply(app: App, id: string, authorId: string): Promise<void> {
  const deleted = await repository.deleteOwnReply(app.db, id, authorId);
  if (!deleted) throw unknownIdError(OWN_REPLY_NOT_FOUND);
}

// ---------- likes ----------

export async function setLike(
  app: App,
  viewerId: string,
  postId: string,
  like: boolean,
): Promise<PostLikeState> {
  const post = await visiblePost(app, viewerId, postId);
  if (like) await repository.addLike(app.db, post.id, viewerId);
  else await repository.removeLike(app.db, post.id, viewerId);
  const after = await visiblePost(app, viewerId, post.id);
  return { likes: after.likes, liked: after.liked };
}

// ---------- demo data ----------

/** Posts, their replies and likes as given, in three statements (the demo data). */
export function addPosts(
  db: App["db"],
  rows: Parameters<typeof repository.insertPosts>[1],
): Promise<void> {
  return repository.insertPosts(db, rows);
}

// ---------- personal data ----------

/**
 * The person's posts, replies and likes (export sections `posts`, `postReplies`, `postLikes`).
 * Deleting takes their likes, replies and posts (others' replies and likes on those posts go with
 * them), before the members part removes the member.
 */
export const postsPersonalData: PersonalDataPart = {
  module: "posts",
  tables: ["community_posts", "community_post_replies", "community_post_likes"],
  exportFor: (db, { userId }) => repository.findPostExportRows(db, userId),
  deleteFor: (tx, userId) => repository.deletePostsOf(tx, userId),
};

// ---------- moderation ----------

async function seesPost(app: FastifyInstance, viewerId: string, postId: string): Promise<boolean> {
  return (await repository.findPost(app.db, viewerId, postId)) !== undefined;
}

/** Posts as the moderation module handles them (lib/moderated-content.ts). */
export const postModeration: ModeratedContent = {
  find: moderation.findPostForModeration,
  visibleTo: seesPost,
  setVisibility: moderation.setPostVisibility,
  remove: moderation.removePost,
};

/** Replies as the moderation module handles them: one sees a reply when one sees its post. */
export const replyModeration: ModeratedContent = {
  find: moderation.findReplyForModeration,
  visibleTo: async (app, viewerId, id) => {
    const postId = await moderation.findReplyPostId(app.db, id);
    return postId !== undefined && seesPost(app, viewerId, postId);
  },
  setVisibility: moderation.setReplyVisibility,
  remove: moderation.removeReply,
};
