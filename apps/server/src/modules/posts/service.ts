import {
  GROUP_MESSAGES,
  type GroupDetail,
  type GroupMembership,
  type GroupTag,
  isUuid,
  type Post,
  type PostLikeState,
  type PostReply,
  postPagePath,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { sqlState } from "../../db/errors.ts";
import { HttpError } from "../../plugins/errors.ts";
import { announceNotification, notify } from "../notifications/service.ts";
import {
  addGroupMember,
  findGroupDetail,
  isGroupMember,
  removeGroupMember,
  updateOwnGroup,
} from "./groups-repository.ts";
import { accountOfMember, addLike, insertReply, removeLike } from "./replies-repository.ts";
import { createPost, FOREIGN_KEY_VIOLATION, findPost } from "./repository.ts";

type App = Pick<FastifyInstance, "db" | "chatHub" | "log">;

/** The id as stored (lowercase), or null for anything that cannot be one. */
function idOf(text: string | undefined): string | null {
  return text !== undefined && isUuid(text) ? text.toLowerCase() : null;
}

/** The group as the viewer sees it; 404 when there is none or it is hidden from the viewer. */
export async function visibleGroup(
  app: App,
  viewerId: string,
  groupId: string,
): Promise<GroupDetail> {
  const id = idOf(groupId);
  const group = id ? await findGroupDetail(app.db, viewerId, id) : undefined;
  if (!group) throw new HttpError(404, "NOT_FOUND", GROUP_MESSAGES.groupNotFound);
  return group;
}

/** The post as the viewer sees it; 404 when there is none or it is hidden from the viewer. */
export async function visiblePost(app: App, viewerId: string, postId: string): Promise<Post> {
  const id = idOf(postId);
  const post = id ? await findPost(app.db, viewerId, id) : undefined;
  if (!post) throw new HttpError(404, "NOT_FOUND", GROUP_MESSAGES.postNotFound);
  return post;
}

function membershipOf(group: GroupDetail): GroupMembership {
  return { isMember: group.isMember, members: group.members };
}

export async function joinGroup(
  app: App,
  viewerId: string,
  groupId: string,
): Promise<GroupMembership> {
  const group = await visibleGroup(app, viewerId, groupId);
  await addGroupMember(app.db, group._id, viewerId);
  return membershipOf(await visibleGroup(app, viewerId, group._id));
}

/** Leaving twice is fine; the creator cannot leave (409): they delete the group instead. */
export async function leaveGroup(
  app: App,
  viewerId: string,
  groupId: string,
): Promise<GroupMembership> {
  const group = await visibleGroup(app, viewerId, groupId);
  if (group.u_id === viewerId) {
    throw new HttpError(409, "CREATOR_CANNOT_LEAVE", GROUP_MESSAGES.creatorCannotLeave);
  }
  await removeGroupMember(app.db, group._id, viewerId);
  return membershipOf(await visibleGroup(app, viewerId, group._id));
}

export async function editGroup(
  app: App,
  viewerId: string,
  groupId: string,
  patch: { name?: string; description?: string; tag?: GroupTag },
): Promise<GroupDetail> {
  const group = await visibleGroup(app, viewerId, groupId);
  if (group.u_id !== viewerId) throw new HttpError(403, "FORBIDDEN", GROUP_MESSAGES.notCreator);
  const { name, description, tag } = patch;
  const changed = await updateOwnGroup(app.db, group._id, viewerId, { name, description, tag });
  if (!changed) throw new HttpError(404, "NOT_FOUND", GROUP_MESSAGES.groupNotFound);
  return visibleGroup(app, viewerId, group._id);
}

/** The group whose posts to list (null: the board's); 404 when it is not one the viewer sees. */
export async function postsGroupId(
  app: App,
  viewerId: string,
  groupId: string | undefined,
): Promise<string | null> {
  if (groupId === undefined || groupId === "") return null;
  return (await visibleGroup(app, viewerId, groupId))._id;
}

/** A post on the board, or in a group the author belongs to (403 otherwise, 404 no such group). */
export async function publishPost(
  app: App,
  authorId: string,
  body: { title: string; content: string; groupId?: string },
): Promise<Post> {
  const groupId = await postsGroupId(app, authorId, body.groupId);
  const post = await createPost(app.db, authorId, { ...body, groupId });
  if (post) return post;
  // Not a member, or the group went meanwhile (404).
  if (groupId) await visibleGroup(app, authorId, groupId);
  throw new HttpError(403, "NOT_A_MEMBER", GROUP_MESSAGES.notMember);
}

/**
 * A reply to a post the author sees; in a group, only from its members. The post's author is
 * told (a notification, in the reply's transaction) when both are accounts: notifications name
 * accounts, and `notify` itself says nothing to oneself or across a block.
 */
export async function replyToPost(
  app: App,
  authorId: string,
  postId: string,
  content: string,
): Promise<PostReply> {
  const post = await visiblePost(app, authorId, postId);
  if (post.groupId && !(await isGroupMember(app.db, post.groupId, authorId))) {
    throw new HttpError(403, "NOT_A_MEMBER", GROUP_MESSAGES.notMember);
  }
  const [postAccount, replyAccount] = await Promise.all([
    accountOfMember(app.db, post.userId),
    accountOfMember(app.db, authorId),
  ]);
  let notificationId: string | undefined;
  const reply = await app.db
    .transaction(async (tx) => {
      const created = await insertReply(tx, { postId: post.id, authorId, content });
      if (created && postAccount && replyAccount) {
        notificationId = await notify(tx, {
          userId: postAccount,
          kind: "post_reply",
          actorId: replyAccount,
          subject: { type: "post", id: post.id },
          url: postPagePath(post),
        });
      }
      return created;
    })
    .catch((error: unknown) => {
      // The post was deleted while the reply went in.
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) return undefined;
      throw error;
    });
  if (!reply) throw new HttpError(404, "NOT_FOUND", GROUP_MESSAGES.postNotFound);
  if (postAccount && replyAccount && postAccount !== replyAccount) {
    await announceNotification(app, postAccount, notificationId);
  }
  return reply;
}

export async function setLike(
  app: App,
  viewerId: string,
  postId: string,
  like: boolean,
): Promise<PostLikeState> {
  const post = await visiblePost(app, viewerId, postId);
  if (like) await addLike(app.db, post.id, viewerId);
  else await removeLike(app.db, post.id, viewerId);
  const after = await visiblePost(app, viewerId, post.id);
  return { likes: after.likes, liked: after.liked };
}
