import { z } from "zod";
import {
  COMMUNITY_LIST_DEFAULT_LIMIT,
  COMMUNITY_LIST_MAX_LIMIT,
  COMMUNITY_USERNAME_MAX_LENGTH,
  COMMUNITY_USERNAME_MIN_LENGTH,
  COMMUNITY_USERNAME_PATTERN,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GROUP_TAGS,
  POST_CONTENT_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
} from "./community-constants.ts";
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from "./constants.ts";
import { pathIdSchema } from "./schemas.ts";

export * from "./community-constants.ts";

// ---------- field rules ----------

const USERNAME_RULE = `A username has ${COMMUNITY_USERNAME_MIN_LENGTH} to ${COMMUNITY_USERNAME_MAX_LENGTH} letters, digits, dots, underscores or hyphens`;

const UNAME_RULE = `Enter your account's email or a username of ${COMMUNITY_USERNAME_MIN_LENGTH} to ${COMMUNITY_USERNAME_MAX_LENGTH} letters, digits, dots, underscores or hyphens`;

/** A community username: letters, digits, dots, underscores and hyphens. */
export const communityUsernameSchema = z
  .string()
  .min(COMMUNITY_USERNAME_MIN_LENGTH, USERNAME_RULE)
  .max(COMMUNITY_USERNAME_MAX_LENGTH, USERNAME_RULE)
  .regex(COMMUNITY_USERNAME_PATTERN, USERNAME_RULE);

/** The email of an existing account, or a community username (spaces around are dropped). */
export const communityUnameSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z.union([z.string().trim().max(EMAIL_MAX_LENGTH).pipe(z.email()), communityUsernameSchema], {
    error: UNAME_RULE,
  }),
);

const communityPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(PASSWORD_MAX_LENGTH, "Password is too long");

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);
}

/** A body field naming the author: optional, and when present it must be the token's own id. */
const authorIdSchema = z.string().max(100).optional();

// ---------- request bodies ----------

/** The community login form: both fields. */
export const communityAuthBodySchema = z.object({
  uname: communityUnameSchema,
  password: communityPasswordSchema,
});
export type CommunityAuthBody = z.input<typeof communityAuthBodySchema>;

function hasNoCredentials(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    !("uname" in body) &&
    !("password" in body)
  );
}

/**
 * What `POST /fusionauth` accepts: both fields, or neither (an empty body, or none: the signed-in
 * account's own token, from its session cookie).
 */
export const communityAuthRequestSchema = z
  .preprocess((body) => (hasNoCredentials(body) ? null : body), communityAuthBodySchema.nullish())
  .meta({
    description:
      "uname (an account's email or a community username) and password; or an empty body with the session cookie, for the signed-in account",
  });

export const postBodySchema = z.object({
  userId: authorIdSchema,
  title: requiredText("Title", POST_TITLE_MAX_LENGTH),
  content: requiredText("Content", POST_CONTENT_MAX_LENGTH),
});
export type PostBody = z.input<typeof postBodySchema>;

export const groupTagSchema = z.enum(GROUP_TAGS, {
  error: `Topic must be one of ${GROUP_TAGS.join(", ")}`,
});

export const groupBodySchema = z.object({
  u_id: authorIdSchema,
  name: requiredText("Name", GROUP_NAME_MAX_LENGTH),
  description: requiredText("Description", GROUP_DESCRIPTION_MAX_LENGTH),
  tag: groupTagSchema,
});
export type GroupBody = z.input<typeof groupBodySchema>;

const EVENT_DATE_MESSAGE = "Date must be an ISO 8601 date and time, e.g. 2030-05-17T18:00:00Z";

/** An ISO 8601 date-time with `Z` or an offset, e.g. what `Date.prototype.toISOString` gives. */
export const eventDateSchema = z
  .string({ error: "Date is required" })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: EVENT_DATE_MESSAGE }))
  .refine((value) => Number.isFinite(Date.parse(value)), EVENT_DATE_MESSAGE);

export const eventBodySchema = z.object({
  u_id: authorIdSchema,
  title: requiredText("Title", EVENT_TITLE_MAX_LENGTH),
  description: requiredText("Description", EVENT_DESCRIPTION_MAX_LENGTH),
  date: eventDateSchema,
  location: requiredText("Location", EVENT_LOCATION_MAX_LENGTH),
});
export type EventBody = z.input<typeof eventBodySchema>;

export const communityListQuerySchema = z.object({
  cursor: z.string().max(200, "This cursor is not valid").optional(),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${COMMUNITY_LIST_MAX_LIMIT}` })
    .int(`Limit must be a whole number from 1 to ${COMMUNITY_LIST_MAX_LIMIT}`)
    .min(1, `Limit must be a whole number from 1 to ${COMMUNITY_LIST_MAX_LIMIT}`)
    .max(
      COMMUNITY_LIST_MAX_LIMIT,
      `Limit must be a whole number from 1 to ${COMMUNITY_LIST_MAX_LIMIT}`,
    )
    .default(COMMUNITY_LIST_DEFAULT_LIMIT),
});
export type CommunityListQuery = z.input<typeof communityListQuerySchema>;

/** `/…/:id` of a post, reply, group or event: one that is not a UUID is answered as unknown. */
export const communityIdParamsSchema = z.object({ id: pathIdSchema });

// ---------- response shapes ----------

/** What the community token says about its holder; also the claims the client decodes. */
export const communityMemberSchema = z.object({ id: z.string(), uname: z.string() });
export type CommunityMember = z.infer<typeof communityMemberSchema>;

/**
 * The payload of a community token as the client reads it (the server checks the signature): a
 * non-empty id, the username ("" when absent) and the expiry in seconds since the epoch, if any.
 */
export const communityTokenClaimsSchema = z.object({
  id: z.string().min(1),
  uname: z.string().catch(""),
  exp: z.number().optional().catch(undefined),
});
export type CommunityTokenClaims = z.infer<typeof communityTokenClaimsSchema>;

export const communityAuthResponseSchema = z.object({
  status: z.literal(1),
  message: z.string(),
  token: z.string(),
  data: communityMemberSchema,
});
export type CommunityAuthResponse = z.infer<typeof communityAuthResponseSchema>;

export const postSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  userId: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  /** The study group it was written in; null on the community board. */
  groupId: z.string().nullable(),
  /** Likes and replies as the viewer counts them (people blocked either way left out). */
  likes: z.number().int(),
  liked: z.boolean(),
  replies: z.number().int(),
});
export type Post = z.infer<typeof postSchema>;

export const groupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  tag: groupTagSchema,
  u_id: z.string(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const eventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  location: z.string(),
  u_id: z.string(),
});
export type CommunityEvent = z.infer<typeof eventSchema>;

export const eventsPageSchema = z.object({
  events: z.array(eventSchema),
  nextCursor: z.string().nullable(),
});
export type EventsPage = z.infer<typeof eventsPageSchema>;

export const deletedCommunityItemSchema = z.object({ _id: z.string() });
