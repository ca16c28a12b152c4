import { z } from "zod";
import {
  CHAT_CLIENT_ID_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  CHAT_PAGE_DEFAULT_LIMIT,
  CHAT_PAGE_MAX_LIMIT,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
} from "./chat-constants.ts";
import { notificationSchema, unreadCountsSchema } from "./notifications.ts";
import { cardSchema } from "./schemas.ts";

export * from "./chat-constants.ts";

// ---------- shapes ----------

export const chatMessageSchema = z.object({
  _id: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  text: z.string(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
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
});
export type ChatPage = z.infer<typeof chatPageSchema>;

export const chatHistoryQuerySchema = z.object({
  // A guid (not free text), so the OpenAPI document says what the server takes.
  before: z.guid({ error: "before must be a message id." }).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX_LIMIT).default(CHAT_PAGE_DEFAULT_LIMIT),
});

export const sendMessageBodySchema = z.object({
  text: z
    .string()
    .min(1, CHAT_MESSAGES.emptyMessage)
    .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.messageTooLong)
    .refine((value) => value.trim().length > 0, CHAT_MESSAGES.emptyMessage),
  clientId: z.string().min(1).max(CHAT_CLIENT_ID_MAX_LENGTH).optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

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
    messages: z.array(chatMessageSchema),
    more: z.boolean(),
  }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string() }),
  /** A notification was created or grew (a grouped one has a new actor). */
  z.object({ type: z.literal("notification"), notification: notificationSchema }),
  /** The three badges changed (sent on connect too, so every tab starts right). */
  z.object({ type: z.literal("unread"), data: unreadCountsSchema }),
]);
export type ChatServerEvent = z.infer<typeof chatServerEventSchema>;
