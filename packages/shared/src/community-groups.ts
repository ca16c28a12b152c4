import { z } from "zod";
import {
  communityListQuerySchema,
  groupBodySchema,
  groupSchema,
  postBodySchema,
} from "./community.ts";
import { GROUP_MESSAGES, REPLY_CONTENT_MAX_LENGTH } from "./community-groups-constants.ts";

// Study groups you join, the posts written in them, and replies and likes on any post.

export * from "./community-groups-constants.ts";

// ---------- request shapes ----------

const optionalId = z.string().max(100).optional();

/** `POST /fusionpublish`: a post on the board, or with `groupId` in a group you belong to. */
export const groupPostBodySchema = postBodySchema.extend({ groupId: optionalId });
export type GroupPostBody = z.input<typeof groupPostBodySchema>;

/** `GET /getposts`: without `groupId` the board's posts; with it, that group's. */
export const postsQuerySchema = communityListQuerySchema.extend({ groupId: optionalId });
export type PostsQuery = z.input<typeof postsQuerySchema>;

/** What a group edit can change; a body must change at least one. */
const GROUP_EDIT_FIELDS = ["name", "description", "tag"] as const;

/** `PATCH /group/:id`: any of the creation fields, each under the creation rules. */
export const groupPatchBodySchema = groupBodySchema
  .pick({ u_id: true, name: true, description: true, tag: true })
  .partial()
  .refine((body) => GROUP_EDIT_FIELDS.some((field) => body[field] !== undefined), {
    message: GROUP_MESSAGES.nothingToChange,
  })
  // The rule above, said in the OpenAPI document too, so clients reading it know a body needs one.
  .meta({ anyOf: GROUP_EDIT_FIELDS.map((field) => ({ required: [field] })) });
export type GroupPatchBody = z.input<typeof groupPatchBodySchema>;

export const replyBodySchema = z.object({
  userId: optionalId,
  content: z
    .string({ error: "Reply is required" })
    .trim()
    .min(1, "Reply is required")
    .max(
      REPLY_CONTENT_MAX_LENGTH,
      `Reply must be at most ${REPLY_CONTENT_MAX_LENGTH.toLocaleString("en-US")} characters`,
    ),
});
export type ReplyBody = z.input<typeof replyBodySchema>;

// ---------- response shapes ----------

/** Someone as the community names them: an account's full name or a community username. */
export const communityPersonSchema = z.object({ _id: z.string(), name: z.string() });
export type CommunityPerson = z.infer<typeof communityPersonSchema>;

/**
 * `GET /group/:id`: the group as the list shows it, its creator, and its members as the viewer
 * sees them (people blocked either way are left out of the count and the list).
 */
export const groupDetailSchema = groupSchema.extend({
  members: z.number().int(),
  isMember: z.boolean(),
  creator: communityPersonSchema,
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/** The answer to joining or leaving. */
export const groupMembershipSchema = z.object({
  isMember: z.boolean(),
  members: z.number().int(),
});
export type GroupMembership = z.infer<typeof groupMembershipSchema>;

/** One member of a group (oldest first; the creator is the first). */
export const groupMemberSchema = communityPersonSchema.extend({ joinedAt: z.string() });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const postReplySchema = z.object({
  _id: z.string(),
  postId: z.string(),
  content: z.string(),
  userId: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type PostReply = z.infer<typeof postReplySchema>;

/** The answer to liking or unliking: likes as the viewer counts them, and whether theirs is one. */
export const postLikeStateSchema = z.object({
  likes: z.number().int(),
  liked: z.boolean(),
});
export type PostLikeState = z.infer<typeof postLikeStateSchema>;
