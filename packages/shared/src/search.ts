import { z } from "zod";
import { eventSchema, groupSchema, postSchema } from "./community.ts";
import { connectionCardSchema } from "./schemas.ts";
import {
  CONTROL_CHARACTERS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_MESSAGES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_VISIBLE,
  SEARCH_TYPES,
  visibleCharacters,
} from "./search-constants.ts";

export * from "./search-constants.ts";

// ---------- the query ----------

const LIMIT_RULE = `Limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: "Type something to search for" })
    .trim()
    .min(1, { error: "Type something to search for", abort: true })
    // Said in the document too (minLength), so a client knows before it asks.
    .min(SEARCH_QUERY_MIN_VISIBLE, {
      error: `Type at least ${SEARCH_QUERY_MIN_VISIBLE} characters to search`,
      abort: true,
    })
    .max(SEARCH_QUERY_MAX_LENGTH, {
      error: `A search has at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
      abort: true,
    })
    .refine((q) => !CONTROL_CHARACTERS.test(q), {
      error: "A search cannot contain control characters (such as NUL)",
      abort: true,
    })
    .refine((q) => visibleCharacters(q) >= SEARCH_QUERY_MIN_VISIBLE, {
      error: `Type at least ${SEARCH_QUERY_MIN_VISIBLE} characters to search`,
    }),
  type: z
    .enum(SEARCH_TYPES, { error: 'Type must be "people", "posts", "groups" or "events"' })
    .optional(),
  cursor: z.string().max(200, SEARCH_MESSAGES.badCursor).optional(),
  limit: z.coerce
    .number({ error: LIMIT_RULE })
    .int(LIMIT_RULE)
    .min(1, LIMIT_RULE)
    .max(SEARCH_MAX_LIMIT, LIMIT_RULE)
    .default(SEARCH_DEFAULT_LIMIT),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

// ---------- the answer ----------

/** A person found: their Card and the public profile id that opens it. Never an email. */
export const searchPersonSchema = connectionCardSchema;
export type SearchPerson = z.infer<typeof searchPersonSchema>;

export const SEARCH_EXCERPT_LENGTH = 300;

/** A post found: the community's post without the viewer's counts, its text cut to an excerpt. */
export const searchPostSchema = postSchema
  .pick({ id: true, title: true, userId: true, authorName: true, createdAt: true, groupId: true })
  .extend({
    /** The first SEARCH_EXCERPT_LENGTH characters of the post. */
    excerpt: z.string(),
  });
export type SearchPost = z.infer<typeof searchPostSchema>;

export const searchGroupSchema = groupSchema;
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** An event found: the community's event, its group and whether its host cancelled it. */
export const searchEventSchema = eventSchema.extend({
  utcOffset: z.string(),
  groupId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type SearchEvent = z.infer<typeof searchEventSchema>;

export const searchResultsSchema = z.object({
  people: z.array(searchPersonSchema),
  posts: z.array(searchPostSchema),
  groups: z.array(searchGroupSchema),
  events: z.array(searchEventSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/**
 * `data` holds each kind (only the asked one when `type` is given, the others empty);
 * `nextCursor` beside it says, per kind, where its next page starts (send it with that `type`),
 * null when there is no more.
 */
export const searchAnswerSchema = z.object({
  status: z.literal(1),
  message: z.string(),
  data: searchResultsSchema,
  nextCursor: z.object({
    people: z.string().nullable(),
    posts: z.string().nullable(),
    groups: z.string().nullable(),
    events: z.string().nullable(),
  }),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
