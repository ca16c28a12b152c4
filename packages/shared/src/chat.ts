import { z } from "zod";
import {
  CHAT_CLIENT_ID_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  CHAT_PAGE_DEFAULT_LIMIT,
  CHAT_PAGE_MAX_LIMIT,
  CHAT_PHOTOS_PER_MESSAGE,
  CHAT_REACTIONS,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  TIME_ZONES,
} from "./chat-constants.ts";
import { LOCALES } from "./i18n/locale.ts";
import { meetupSchema } from "./meetups.ts";
import { notificationSchema, unreadCountsSchema } from "./notifications.ts";
import { cardSchema } from "./schemas.ts";

export * from "./chat-constants.ts";

// ---------- shapes ----------

/** The message a reply answers, as the reply quotes it; `deleted`: shown as "Message deleted". */
export const chatReplyToSchema = z.object({
  _id: z.string(),
  fromUserId: z.string(),
  /** The first line of its text (empty when deleted, or a photo alone). */
  excerpt: z.string(),
  deleted: z.boolean(),
  /** How many photos it holds (a quote of a photo says so). */
  photos: z.number().int().min(0),
});
export type ChatReplyTo = z.infer<typeof chatReplyToSchema>;

export const chatReactionSchema = z.object({
  emoji: z.enum(CHAT_REACTIONS),
  count: z.number().int().min(1),
  /** Whether the viewer is one of those who reacted. */
  mine: z.boolean(),
});
export type ChatReactionCount = z.infer<typeof chatReactionSchema>;

/** A chat photo's two sizes: readable only by the two people of the conversation. */
export const chatPhotoSchema = z.object({
  _id: z.string(),
  thumb: z.string(),
  large: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ChatPhoto = z.infer<typeof chatPhotoSchema>;

export const chatMessageSchema = z.object({
  _id: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  /** Empty when deleted, or when the message is photos alone. */
  text: z.string(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  replyTo: chatReplyToSchema.nullable(),
  reactions: z.array(chatReactionSchema),
  photos: z.array(chatPhotoSchema),
  /** The viewer's own message and the other person has read it (both have receipts on). */
  readByOther: z.boolean(),
  /** A proposal to meet (POST /api/meetups): its meet-up as it is now; null for other messages. */
  meetup: meetupSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The person at the other end: their card plus what the contact panel shows. */
export const chatContactSchema = cardSchema.extend({
  publicId: z.string(),
  joinedAt: z.string(),
  socialLinks: z.object({
    instagramLink: z.string().nullable(),
    otherLink: z.string().nullable(),
  }),
  /** True for a conversation kept after the other person deleted their account: read-only. */
  accountDeleted: z.boolean().optional(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

export const conversationSchema = z.object({
  user: chatContactSchema,
  lastMessage: chatMessageSchema.nullable(),
  unread: z.number().int().min(0),
  online: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const chatPageSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** Pass as `before` for the older page; null when there is none. */
  nextBefore: z.string().nullable(),
  /** Pass as `after` for the newer page; null when the page reaches the newest message. */
  nextAfter: z.string().nullable(),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

const messageId = (name: string) => z.guid({ error: `${name} must be a message id.` }).optional();

/** One page at a time: `q` wins over `around`, which wins over `after`, then `before`. */
export const chatHistoryQuerySchema = z.object({
  // A guid (not free text), so the OpenAPI document says what the server takes.
  before: messageId("before"),
  /** The page after this message (newer ones), oldest first. */
  after: messageId("after"),
  /** A page with this message in its middle. */
  around: messageId("around"),
  /** Messages holding these words, newest first (no paging). */
  q: z.string().trim().min(1, CHAT_MESSAGES.searchEmpty).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX_LIMIT).default(CHAT_PAGE_DEFAULT_LIMIT),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

export const chatUnreadSchema = z.object({
  firstUnreadId: z.string().nullable(),
  count: z.number().int().min(0),
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/**
 * A message: text, photos, or both. A text that is empty or blank without photos is refused by
 * the server (400 EMPTY_MESSAGE, "Write a message first.").
 */
export const sendMessageBodySchema = z.object({
  text: z.string().max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.messageTooLong).default(""),
  clientId: z.string().min(1).max(CHAT_CLIENT_ID_MAX_LENGTH).optional(),
  replyTo: z.guid({ error: CHAT_MESSAGES.replyNotFound }).optional(),
  photos: z
    .array(z.guid({ error: CHAT_MESSAGES.photoNotYours }))
    .max(CHAT_PHOTOS_PER_MESSAGE, CHAT_MESSAGES.tooManyPhotos)
    .optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const editMessageBodySchema = z.object({
  text: z.string().max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.messageTooLong),
});

export const messageParamsSchema = z.object({
  id: z.string().max(100),
});
export const reactionParamsSchema = z.object({
  id: z.string().max(100),
  emoji: z.string().max(32),
});

/** The person's settings: read receipts ("Seen"), time zone and language (null: not chosen). */
export const accountSettingsSchema = z.object({
  readReceipts: z.boolean(),
  timeZone: z.string().nullable(),
  locale: z.enum(LOCALES).nullable(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const accountSettingsBodySchema = z
  .strictObject({
    readReceipts: z.boolean({ error: "readReceipts is true or false." }).optional(),
    timeZone: z.enum(TIME_ZONES, { error: "Choose a time zone such as Europe/Madrid." }).optional(),
    locale: z.enum(LOCALES, { error: "Choose a language: en, es or ar." }).optional(),
  })
  .refine(
    (body) =>
      body.readReceipts !== undefined || body.timeZone !== undefined || body.locale !== undefined,
    "Send readReceipts, timeZone or locale.",
  )
  .meta({
    anyOf: [{ required: ["readReceipts"] }, { required: ["timeZone"] }, { required: ["locale"] }],
  });

export const readMarkerBodySchema = z.object({ messageId: z.string().max(100) });
export const readMarkerSchema = z.object({ unread: z.number().int().min(0) });

export const reportBodySchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: CHAT_MESSAGES.invalidReason }),
  details: z.string().max(REPORT_DETAILS_MAX_LENGTH, CHAT_MESSAGES.detailsTooLong).optional(),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

// ---------- socket events ----------

/** What a client sends over the chat socket; anything else is answered with an `error` event. */
export const chatClientEventSchema = z.discriminatedUnion("type", [
  /** After a (re)connect: the messages after the newest one the client knows. */
  z.strictObject({ type: z.literal("resume"), after: z.guid() }),
  /** The person is writing to `to` (counted at most every CHAT_TYPING_INTERVAL_MS). */
  z.strictObject({ type: z.literal("typing"), to: z.guid() }),
]);
export type ChatClientEvent = z.infer<typeof chatClientEventSchema>;

/** What the server pushes over the chat socket. */
export const chatServerEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), message: chatMessageSchema }),
  z.object({
    type: z.literal("read"),
    byUserId: z.string(),
    withUserId: z.string(),
    messageId: z.string(),
  }),
  z.object({ type: z.literal("presence"), userId: z.string(), online: z.boolean() }),
  z.object({ type: z.literal("closed"), userId: z.string() }),
  /**
   * The answer to a resume: at most CHAT_RESUME_PAGE_SIZE messages, oldest first; with `more`,
   * later ones remain (resume again after the last one, or reload over HTTP).
   */
  z.object({
    type: z.literal("resumed"),
    /** New messages and messages changed since (edited, deleted, reacted to), as they are now. */
    messages: z.array(chatMessageSchema),
    more: z.boolean(),
    /** Where each other person has read up to, where that moved since (receipts on for both). */
    seen: z.array(z.object({ userId: z.string(), messageId: z.string() })).default([]),
  }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string() }),
  /** A message's text changed (its author edited it). */
  z.object({
    type: z.literal("edited"),
    messageId: z.string(),
    fromUserId: z.string(),
    toUserId: z.string(),
    text: z.string(),
    editedAt: z.string(),
  }),
  /** A message was deleted for both. */
  z.object({
    type: z.literal("deleted"),
    messageId: z.string(),
    fromUserId: z.string(),
    toUserId: z.string(),
    deletedAt: z.string(),
  }),
  /** A message's reactions now: each emoji with who reacted. */
  z.object({
    type: z.literal("reactions"),
    messageId: z.string(),
    fromUserId: z.string(),
    toUserId: z.string(),
    reactions: z.array(z.object({ emoji: z.enum(CHAT_REACTIONS), userIds: z.array(z.string()) })),
  }),
  /** A meet-up proposed in the chat was accepted, declined or cancelled: as it is now. */
  z.object({ type: z.literal("meetup"), messageId: z.string().nullable(), meetup: meetupSchema }),
  /** The person is typing to the receiver (fades after CHAT_TYPING_EXPIRES_MS). */
  z.object({ type: z.literal("typing"), userId: z.string() }),
  /** The person read the receiver's messages up to this one (both have receipts on). */
  z.object({ type: z.literal("seen"), userId: z.string(), messageId: z.string() }),
  /** A notification was created or grew (a grouped one has a new actor). */
  z.object({ type: z.literal("notification"), notification: notificationSchema }),
  /** The three badges changed (sent on connect too, so every tab starts right). */
  z.object({ type: z.literal("unread"), data: unreadCountsSchema }),
]);
export type ChatServerEvent = z.infer<typeof chatServerEventSchema>;
