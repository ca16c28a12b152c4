// The constants and texts of community-groups.ts, without zod: a screen that needs only these does
// not load it.
import { POST_CONTENT_MAX_LENGTH } from "./community-constants.ts";

// Study groups you join, the posts written in them, and replies and likes on any post.

// ---------- constants ----------

export const REPLY_CONTENT_MAX_LENGTH = POST_CONTENT_MAX_LENGTH;
export const GROUP_MEMBERS_PAGE_SIZE = 50;
export const POST_REPLIES_PAGE_SIZE = 50;

/** The web app's page of one study group (apps/web `paths.groups` + the id). */
export function groupPagePath(groupId: string): string {
  return `/services/groups/${encodeURIComponent(groupId)}`;
}

/** Where a post opens: its group's page, or the community board, at the post. */
export function postPagePath(post: { id: string; groupId: string | null }): string {
  const anchor = `#post-${encodeURIComponent(post.id)}`;
  return post.groupId ? `${groupPagePath(post.groupId)}${anchor}` : `/community${anchor}`;
}

/** Texts users and tests read. */
export const GROUP_MESSAGES = {
  groupNotFound: "There is no study group with this id.",
  postNotFound: "There is no post with this id.",
  replyNotFound: "There is no reply of yours with this id.",
  notCreator: "Only the group's creator can change it.",
  notMember: "Join the group to post or reply in it.",
  creatorCannotLeave:
    "You created this group, so you stay its member. Delete the group if it should end.",
  nothingToChange: "Change at least one of the name, the description or the topic.",
  joined: "You joined the group.",
  left: "You left the group.",
  updated: "Group updated.",
  replied: "Reply posted.",
  replyDeleted: "Deleted the reply.",
  liked: "You like this post.",
  unliked: "You no longer like this post.",
} as const;
