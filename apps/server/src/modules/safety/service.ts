import { type Card, CHAT_MESSAGES } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { HttpError } from "../../plugins/errors.ts";
import { deleteArchive, keepConversationBetween } from "../chat/service.ts";
import { deleteRequestsBetween, removeConnection } from "../requests/service.ts";
import { blockUser, listBlocked, unblockUser } from "../users/blocks-service.ts";

// A person's controls over who reaches them: removing a connection, blocking, reporting. The
// connection is the requests module's, the block the users module's, the conversations (kept
// after the other person's account deletion, or after a removal or block) the chat's; what each
// step takes with it is decided here.

/** A path's user id that is not a UUID cannot name anyone. */
export const USER_NOT_FOUND = { code: "USER_NOT_FOUND", message: CHAT_MESSAGES.userNotFound };

type App = Pick<FastifyInstance, "db" | "chatHub" | "log" | "notifications" | "now">;

/** Tells both people's open chats that their conversation is gone. */
function announceClosed(app: App, userId: string, otherId: string): Promise<unknown> {
  return Promise.all([
    app.chatHub.publish([userId], { type: "closed", userId: otherId }),
    app.chatHub.publish([otherId], { type: "closed", userId }),
  ]).catch((error: unknown) => app.log.warn({ err: error }, "chat close not announced"));
}

/**
 * Removes the connection for both people, and its conversation with it: gone for both at once,
 * but kept out of their reach for 30 days for a report's evidence (chat's
 * keepConversationBetween, in the same transaction). Or, for a conversation kept after the other
 * person deleted their account, deletes that. 404 when there is neither.
 */
export async function removeConnectionWith(
  app: App,
  userId: string,
  otherId: string,
): Promise<{ removed: "connection" | "archive"; id: string }> {
  const other = otherId.toLowerCase();
  const removed = await app.db.transaction(async (tx) => {
    await keepConversationBetween(tx, userId, other, app.now());
    return removeConnection(tx, userId, other);
  });
  if (!removed) {
    const archive = await deleteArchive(app.db, userId, other);
    if (archive) return { removed: "archive", id: archive.id };
    throw new HttpError(404, "CONNECTION_NOT_FOUND", CHAT_MESSAGES.connectionNotFound);
  }
  await announceClosed(app, userId, other);
  // The conversation's unread messages went with it.
  await app.notifications.announceUnread([userId, other]);
  return { removed: "connection", id: removed.id };
}

/**
 * Blocks the other person and, in the same transaction, deletes any request between the two (a
 * pending one, a connection with its conversation, which is kept out of both people's reach for
 * 30 days for a report's evidence) and what they caused each other in notifications: nothing of
 * theirs is left to see. Blocking twice is one block.
 */
export async function block(app: App, userId: string, otherId: string): Promise<void> {
  const other = otherId.toLowerCase();
  if (other === userId) throw new HttpError(400, "SELF_BLOCK", CHAT_MESSAGES.blockSelf);
  const blocked = await app.db.transaction(async (tx) => {
    if (!(await blockUser(tx, userId, other))) return false;
    await keepConversationBetween(tx, userId, other, app.now());
    await deleteRequestsBetween(tx, userId, other);
    await app.notifications.forgetBetween(tx, userId, other);
    return true;
  });
  if (!blocked) throw new HttpError(404, "USER_NOT_FOUND", CHAT_MESSAGES.userNotFound);
  await announceClosed(app, userId, other);
  await app.notifications.announceUnread([userId, other]);
}

/** Lifts the user's block of the other; the two meet again as strangers. */
export async function unblock(db: Database, userId: string, otherId: string): Promise<void> {
  if (!(await unblockUser(db, userId, otherId.toLowerCase()))) {
    throw new HttpError(404, "BLOCK_NOT_FOUND", CHAT_MESSAGES.blockNotFound);
  }
}

/** The people the user blocked, most recent first. */
export function blockedBy(db: Database, userId: string): Promise<Card[]> {
  return listBlocked(db, userId);
}
