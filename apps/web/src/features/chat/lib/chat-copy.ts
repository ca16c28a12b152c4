import { msg } from "@lingui/core/macro";

/**
 * The chat's texts shared with config/copy.ts and the server (CHAT_MESSAGES) as messages: the same
 * English, word for word, which the tests read.
 */
export const CHAT_COPY = {
  activeNow: msg`Active Now`,
  inactiveNow: msg`Inactive Now`,
  noConversations: msg`No conversations yet. Connect with people to chat with them.`,
  pickConversation: msg`Choose a conversation to start chatting.`,
  sendFailed: msg`Not sent. Retry`,
  accountDeleted: msg`This account has been deleted. You can read the conversation but not reply.`,
  blocked: msg`Blocked. You will not see each other again.`,
  removed: msg`Connection removed.`,
  conversationDeleted: msg`Conversation deleted.`,
  messageDeleted: msg`Message deleted`,
} as const;
