import {
  CHAT_MESSAGES,
  type ChatContact,
  type ChatMessage,
  type Conversation,
  chatPath,
  DELETED_ACCOUNT_NAME,
  DELETED_ACCOUNT_PHOTO,
  isUuid,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError, unknownIdError } from "../../plugins/errors.ts";
import { findConnectionId } from "../requests/service.ts";
import { rowToCard } from "../users/card.ts";
import { socialLinksOf } from "../users/user-view.ts";
import {
  type ArchiveRow,
  deleteArchive as deleteArchiveRow,
  findArchiveMessages,
  findArchives,
  isArchiveOf,
} from "./archive-repository.ts";
import {
  archiveConversationsOf,
  deleteChatRowsOf,
  findConversations,
  findMessageExportRows,
  findMessages,
  insertMessage,
  markRead,
} from "./repository.ts";

// Chat between connections (chat_*, owned here). Notifications are reached through
// `app.notifications`: the centre counts unread messages (chat/fragments.ts), so this module
// does not import it.

/** Anyone who is not a connection, and a path id that is not a UUID: 403, not 404. */
export const NOT_CONNECTED = {
  status: 403,
  code: "NOT_CONNECTED",
  message: CHAT_MESSAGES.notConnected,
} as const;

type App = Pick<FastifyInstance, "db" | "chatHub" | "log" | "notifications">;

type Page = { messages: ChatMessage[]; nextBefore: string | null };

/** The conversation with the other person; 403 for anyone who is not a connection. */
async function conversationWith(db: Database, userId: string, otherId: string): Promise<string> {
  const conversationId = await findConnectionId(db, userId, otherId);
  if (!conversationId) throw unknownIdError(NOT_CONNECTED);
  return conversationId;
}

/** The user's conversations, live and kept, the most recent first, with who is online. */
export async function listConversations(app: App, userId: string): Promise<Conversation[]> {
  const [rows, archives] = await Promise.all([
    findConversations(app.db, userId),
    findArchives(app.db, userId),
  ]);
  const online = await app.chatHub.online(rows.map((row) => row.id));
  const live: Sorted[] = rows.map((row) => ({
    sortAt: row.sortAt,
    user: {
      ...rowToCard(row),
      publicId: row.publicId,
      joinedAt: row.joinedAt,
      socialLinks: socialLinksOf(row),
    },
    lastMessage: row.lastMessage,
    unread: row.unread,
    online: online.has(row.id),
  }));
  return mergeByRecency(live, archives.map(archivedConversation));
}

/** One page of history with the other person (or a kept conversation), oldest first. */
export async function messageHistory(
  db: Database,
  userId: string,
  otherId: string,
  page: { before?: string | undefined; limit: number },
): Promise<Page> {
  const other = otherId.toLowerCase();
  const before = page.before?.toLowerCase();
  if (await isArchiveOf(db, userId, other)) {
    return findArchiveMessages(db, userId, other, before, page.limit);
  }
  const conversationId = await conversationWith(db, userId, other);
  return findMessages(db, conversationId, before, page.limit);
}

/**
 * Stores a message, then announces it to both people's tabs. Someone with no socket open
 * anywhere is told by a notification (push, mail) instead, in the message's transaction. A
 * repeated clientId answers the first message and announces nothing.
 */
export async function sendMessage(
  app: App,
  userId: string,
  otherId: string,
  body: { text: string; clientId?: string | undefined },
): Promise<ChatMessage> {
  const other = otherId.toLowerCase();
  if (await isArchiveOf(app.db, userId, other)) {
    throw new HttpError(403, "ACCOUNT_DELETED", CHAT_MESSAGES.accountDeleted);
  }
  const conversationId = await conversationWith(app.db, userId, other);
  const recipientOnline = await app.chatHub.online([other]).then(
    (online) => online.has(other),
    () => false,
  );
  const { message } = await app.notifications.within(async (tx, queue) => {
    const stored = await insertMessage(tx, {
      conversationId,
      fromUserId: userId,
      toUserId: other,
      text: body.text,
      clientId: body.clientId,
    });
    if (!stored.created) return stored;
    // Stored first, then announced: a lost announcement is recovered by the resume.
    queue.afterCommit(() =>
      app.chatHub
        .publish([other, userId], { type: "message", message: stored.message })
        .catch((error: unknown) => app.log.warn({ err: error }, "message not announced")),
    );
    if (recipientOnline) {
      queue.badgesChanged(other);
    } else {
      await queue.notify({
        userId: other,
        kind: "message",
        actorId: userId,
        subject: { type: "message", id: stored.message._id },
        url: chatPath(userId),
      });
    }
    return stored;
  });
  return message;
}

/**
 * Moves the user's read marker up to the message and answers what is left unread; the other
 * person's tabs see the marker, and the sender's message notification it covers is read. A kept
 * conversation has nothing unread; a message not in the conversation is a 404.
 */
export async function markConversationRead(
  app: App,
  userId: string,
  otherId: string,
  messageId: string,
): Promise<number> {
  const other = otherId.toLowerCase();
  if (await isArchiveOf(app.db, userId, other)) return 0;
  const conversationId = await conversationWith(app.db, userId, other);
  // A body id that is not a UUID names no message (and would upset SQL).
  const message = messageId.toLowerCase();
  const unread = isUuid(message)
    ? await markRead(app.db, conversationId, userId, message)
    : undefined;
  if (unread === undefined) {
    throw new HttpError(404, "MESSAGE_NOT_FOUND", CHAT_MESSAGES.messageNotFound);
  }
  await app.chatHub
    .publish([other, userId], {
      type: "read",
      byUserId: userId,
      withUserId: other,
      messageId: message,
    })
    .catch((error: unknown) => app.log.warn({ err: error }, "read not announced"));
  await app.notifications.readConversation(userId, other, message);
  await app.notifications.announceUnread([userId]);
  return unread;
}

/** Deletes the owner's kept conversation with a deleted account; undefined when there is none. */
export function deleteArchive(
  db: Database,
  ownerId: string,
  archiveId: string,
): Promise<{ id: string } | undefined> {
  return deleteArchiveRow(db, ownerId, archiveId);
}

/**
 * The person's messages, those of their kept conversations included. Deletion first keeps each
 * conversation with messages for the other person (an archive without the person's id), then
 * deletes the person's chat rows: it runs first, before requestsPersonalData.deleteFor, whose
 * requests the messages cascade from.
 */
export const chatPersonalData: PersonalDataPart = {
  module: "chat",
  tables: ["chat_messages", "chat_reads", "chat_archives", "chat_archive_messages"],
  exportFor: async (db, { userId }) => ({ messages: await findMessageExportRows(db, userId) }),
  deleteFor: async (tx, userId) => {
    await archiveConversationsOf(tx, userId);
    await deleteChatRowsOf(tx, userId);
  },
  deletionPhase: "first",
};

/** A conversation kept after the other person deleted their account, as the list shows it. */
function archivedConversation(archive: ArchiveRow): Sorted {
  const user: ChatContact = {
    _id: archive.id,
    firstName: DELETED_ACCOUNT_NAME,
    lastName: "",
    photoUrl: DELETED_ACCOUNT_PHOTO,
    photo: null,
    age: null,
    gender: null,
    about: "",
    skills: [],
    publicId: "",
    joinedAt: archive.createdAt,
    socialLinks: { instagramLink: null, otherLink: null },
    accountDeleted: true,
  };
  return {
    sortAt: archive.lastMessage?.createdAt ?? archive.createdAt,
    user,
    lastMessage: archive.lastMessage,
    unread: 0,
    online: false,
  };
}

type Sorted = Conversation & { sortAt: string };

/** Both lists in one, most recent last message first (a conversation without one by its start). */
function mergeByRecency(live: Sorted[], archived: Sorted[]): Conversation[] {
  // Stable: the live list keeps its own order among equal times.
  const all = archived.length === 0 ? live : [...live, ...archived];
  if (archived.length > 0)
    all.sort((a, b) => (a.sortAt < b.sortAt ? 1 : a.sortAt > b.sortAt ? -1 : 0));
  return all.map(({ sortAt: _, ...conversation }) => conversation);
}
