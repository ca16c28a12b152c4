import { z } from "zod";
import { cardSchema } from "./schemas.ts";

// ---------- constants (issue 12) ----------

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_PAGE_DEFAULT_LIMIT = 50;
export const CHAT_PAGE_MAX_LIMIT = 100;
export const CHAT_CLIENT_ID_MAX_LENGTH = 64;
/** Messages one person may send per minute, over every conversation. */
export const CHAT_MESSAGES_PER_MINUTE = 30;
export const CHAT_SOCKET_PATH = "/api/chat/socket";
/** Close codes of the chat socket: no valid session, or a page from another site. */
export const CHAT_CLOSE_UNAUTHENTICATED = 4401;
export const CHAT_CLOSE_FORBIDDEN_ORIGIN = 4403;

export const REPORT_REASONS = ["spam", "harassment", "fake", "inappropriate", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX_LENGTH = 1000;

/** Texts users and tests read. */
export const CHAT_MESSAGES = {
  notConnected: "You can only chat with your connections.",
  emptyMessage: "Write a message first.",
  messageTooLong: `A message has at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  tooManyMessages: "You are sending messages too fast. Wait a moment and try again.",
  messageNotFound: "This message is not in the conversation.",
  connectionNotFound: "You are not connected with this person.",
  blockSelf: "You cannot block yourself.",
  blockNotFound: "You have not blocked this person.",
  reportSelf: "You cannot report yourself.",
  userNotFound: "This user does not exist.",
  invalidReason: "Choose a reason.",
  detailsTooLong: `Details have at most ${REPORT_DETAILS_MAX_LENGTH} characters.`,
  notShared: "Not shared",
  activeNow: "Active Now",
  inactiveNow: "Inactive Now",
  noConversations: "No conversations yet. Connect with people to chat with them.",
  pickConversation: "Choose a conversation to start chatting.",
  sendFailed: "Not sent. Retry",
  blocked: "Blocked. You will not see each other again.",
  removed: "Connection removed.",
  reported: "Thank you. Our team will look at your report.",
} as const;

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

/** What the server pushes over the chat socket. */
export type ChatServerEvent =
  | { type: "message"; message: ChatMessage }
  | { type: "read"; byUserId: string; withUserId: string; messageId: string }
  | { type: "presence"; userId: string; online: boolean }
  | { type: "closed"; userId: string }
  | { type: "error"; code: string; message: string };

/** What a client sends over the chat socket. */
export type ChatClientEvent = { type: "resume"; after: string | null };
