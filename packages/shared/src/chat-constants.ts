// The constants and texts of chat.ts, without zod: a screen that needs only these does
// not load it.

// ---------- constants ----------

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_PAGE_DEFAULT_LIMIT = 50;
export const CHAT_PAGE_MAX_LIMIT = 100;
export const CHAT_CLIENT_ID_MAX_LENGTH = 64;
/** Messages one person may send per minute, over every conversation. */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** The chat socket's path under the API base (the web app puts its configured base in front). */
export const CHAT_SOCKET_ROUTE = "/chat/socket";
/** Close codes of the chat socket: no valid session (or it ended), or a page from another site. */
export const CHAT_CLOSE_UNAUTHENTICATED = 4401;
export const CHAT_CLOSE_FORBIDDEN_ORIGIN = 4403;
/** The client sent frames faster than its budget allows. */
export const CHAT_CLOSE_TOO_MANY_FRAMES = 4408;
/** The account already has CHAT_SOCKETS_PER_ACCOUNT sockets open. */
export const CHAT_CLOSE_TOO_MANY_SOCKETS = 4409;
/**
 * Each socket's frame budget, a token bucket: this many frames at once, refilled at the rate.
 * A real client sends one resume per reconnect and a few more while catching up.
 */
export const CHAT_SOCKET_FRAME_BURST = 20;
export const CHAT_SOCKET_FRAMES_PER_SECOND = 5;
/** Sockets one account may hold open (on one server process). */
export const CHAT_SOCKETS_PER_ACCOUNT = 10;
/** Messages a resume answers at most; `more` says whether later ones remain. */
export const CHAT_RESUME_PAGE_SIZE = 100;

/** The reactions a message can get, one of each per person. */
export const CHAT_REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;
export type ChatReaction = (typeof CHAT_REACTIONS)[number];
/** Photos one message holds at most. */
export const CHAT_PHOTOS_PER_MESSAGE = 4;
/** Chat photo uploads per account and hour. */
export const CHAT_PHOTO_UPLOADS_PER_HOUR = 60;
/** A typing frame counts at most this often per socket; the indicator fades after the other. */
export const CHAT_TYPING_INTERVAL_MS = 3_000;
export const CHAT_TYPING_EXPIRES_MS = 6_000;
/** Matches a search in a conversation answers at most (newest first). */
export const CHAT_SEARCH_LIMIT = 30;
/** A reply's quote: the first line of the original, cut to this many characters. */
export const CHAT_EXCERPT_LENGTH = 120;

/**
 * The IANA time zones the runtime knows (and UTC), for the settings' `timeZone`: the server
 * checks a choice against its own list, the web app offers its own (and the browser's zone).
 */
export const TIME_ZONES: [string, ...string[]] = [
  "UTC",
  ...(typeof Intl.supportedValuesOf === "function"
    ? Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")
    : []),
];

/** Who a conversation shows as once the other person deleted their account. */
export const DELETED_ACCOUNT_NAME = "Deleted account";
/** The picture of a deleted account: a neutral silhouette the web app serves. */
export const DELETED_ACCOUNT_PHOTO = "/deleted-account.svg";

/** Why someone reports; child safety and harassment come first in the moderation queue. */
export const REPORT_REASONS = [
  "spam",
  "harassment",
  "child_safety",
  "fake",
  "inappropriate",
  "other",
] as const;
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
  blocked: "Blocked. You will not see each other again.",
  removed: "Connection removed.",
  reported: "Thank you. Our team will look at your report.",
  accountDeleted: "This account has been deleted. You can read the conversation but not reply.",
  conversationDeleted: "Conversation deleted.",
  messageDeleted: "Message deleted",
  notYourMessage: "You can only change your own messages.",
  alreadyDeleted: "This message was deleted.",
  emptyEdit: "Write a message first. To take it back, delete it.",
  badReaction: `React with one of ${CHAT_REACTIONS.join(" ")}.`,
  tooManyPhotos: `A message holds at most ${CHAT_PHOTOS_PER_MESSAGE} photos.`,
  photoNotYours: "This photo was sent already or is not yours. Add it again.",
  replyNotFound: "The message you reply to is not in this conversation.",
  searchEmpty: "Type a word to search for.",
} as const;
