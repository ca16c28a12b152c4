import {
  CHAT_MESSAGES,
  CHAT_SEARCH_LIMIT,
  type ChatContact,
  type ChatHistoryQuery,
  type ChatMessage,
  type ChatPage,
  type Conversation,
  chatPath,
  DELETED_ACCOUNT_NAME,
  DELETED_ACCOUNT_PHOTO,
  FILTER_MESSAGES,
  isUuid,
  MEETUP_MESSAGES,
  type Meetup,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { DEFAULT_NEW_ACCOUNT_LIMITS } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { ModeratedContent } from "../../lib/moderated-content.ts";
import { isNewAccount, refuseOverDailyLimit, utcDayStart } from "../../lib/new-accounts.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError, unknownIdError } from "../../plugins/errors.ts";
import { accountStanding, flagScreened, screenContent, visibilityOf } from "../filters/service.ts";
import { enqueueJob } from "../jobs/service.ts";
import type { JobContext, JobOutcome } from "../jobs/worker.ts";
import { createMeetup, type NewMeetup } from "../meetups/service.ts";
import {
  findConnectionId,
  findConnectionIdInAgeBand,
  lockConnection,
} from "../requests/service.ts";
import { rowToCard } from "../users/card.ts";
import { assertSameAgeBand } from "../users/service.ts";
import { socialLinksOf } from "../users/user-view.ts";
import {
  type ArchiveRow,
  deleteArchive as deleteArchiveRow,
  findArchiveMessages,
  findArchives,
  isArchiveOf,
} from "./archive-repository.ts";
import { queuePhotoSweep } from "./changes.ts";
import { attachPhotos } from "./changes-repository.ts";
import {
  deleteDueKeptConversations,
  deleteKeptConversationsOf,
  type EvidenceMessage,
  findMessagesAround as findEvidenceAround,
  findKeptConversationWith,
  findKeptDeleteAfter,
  findKeptMessageExportRows,
  findLastMessages,
  findLatestKeptConversation,
  findMessageOf,
  insertKeptConversation,
  isMessageIn,
  type MessageSource,
  type ReportedMessage,
} from "./kept-repository.ts";
import * as moderation from "./moderation-repository.ts";
import {
  archiveConversationsOf,
  conversationOfPair,
  countFirstMessagesSince,
  deleteChatRowsOf,
  findConversations,
  findFirstUnread,
  findMessageById,
  findMessageExportRows,
  findMessages,
  findMessagesAround,
  hasWrittenIn,
  insertMessage,
  markRead,
  receiptsOnForBoth,
  searchMessages,
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

type App = Pick<
  FastifyInstance,
  | "db"
  | "chatHub"
  | "log"
  | "notifications"
  | "now"
  | "config"
  | "moderation"
  | "photoStorage"
  | "photoUploads"
>;

type Page = ChatPage;

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

/**
 * One page of history with the other person (or a kept conversation), oldest first: the newest,
 * before or after a message, around one (404 when the viewer sees no such message there), or
 * the messages holding the words of `q`, newest first.
 */
export async function messageHistory(
  db: Database,
  userId: string,
  otherId: string,
  query: ChatHistoryQuery,
): Promise<Page> {
  const other = otherId.toLowerCase();
  const id = (value: string | undefined) => value?.toLowerCase();
  if (await isArchiveOf(db, userId, other)) {
    if (query.q || query.after || query.around) {
      return { messages: [], nextBefore: null, nextAfter: null };
    }
    return findArchiveMessages(db, userId, other, id(query.before), query.limit);
  }
  const conversationId = await conversationWith(db, userId, other);
  if (query.q !== undefined) {
    const messages = await searchMessages(db, userId, conversationId, query.q, CHAT_SEARCH_LIMIT);
    return { messages, nextBefore: null, nextAfter: null };
  }
  if (query.around) {
    const page = await findMessagesAround(
      db,
      userId,
      conversationId,
      query.around.toLowerCase(),
      query.limit,
    );
    if (!page) throw new HttpError(404, "MESSAGE_NOT_FOUND", CHAT_MESSAGES.messageNotFound);
    return page;
  }
  return findMessages(
    db,
    userId,
    conversationId,
    { before: id(query.before), after: id(query.after) },
    query.limit,
  );
}

/** The viewer's first unread message with the other person and how many are unread. */
export async function unreadWith(
  db: Database,
  userId: string,
  otherId: string,
): Promise<{ firstUnreadId: string | null; count: number }> {
  const other = otherId.toLowerCase();
  if (await isArchiveOf(db, userId, other)) return { firstUnreadId: null, count: 0 };
  return findFirstUnread(db, userId, await conversationWith(db, userId, other));
}

/**
 * The common message (visible, without photos): stored, read as its sender sees it and its
 * recipient told (when they are not online) by one statement, without a transaction; then
 * announced, then the badges, in the order `within` keeps. A retry of a stored message is answered
 * with it and announced to nobody again. Undefined when the conversation, given as a subquery,
 * names none.
 */
async function storeCommonMessage(
  app: App,
  input: Parameters<typeof insertMessage>[1],
  recipientOnline: boolean,
): Promise<ChatMessage | undefined> {
  const { fromUserId: userId, toUserId: other } = input;
  const stored = await insertMessage(
    app.db,
    input,
    recipientOnline
      ? undefined
      : (row) =>
          app.notifications.notifyInStatement(
            {
              userId: other,
              kind: "message",
              actorId: userId,
              subject: { type: "message", id: row.id },
              url: chatPath(userId),
            },
            row.from,
          ),
  );
  if (!stored) return undefined;
  const message = stored.message ?? (await findMessageById(app.db, userId, stored.id));
  if (!message) throw new Error("The stored message could not be read back");
  if (stored.created) {
    await app.chatHub
      .publish([other, userId], { type: "message", message })
      .catch((error: unknown) => app.log.warn({ err: error }, "message not announced"));
    if (recipientOnline) await app.notifications.announceUnread([other]);
    else await app.notifications.announce(other, stored.notificationId ?? undefined);
  }
  return message;
}

/**
 * Stores a message, then announces it to both people's tabs. Someone with no socket open
 * anywhere is told by a notification (push, mail) instead, in the message's transaction. A
 * repeated clientId answers the first message and announces nothing.
 *
 * A reply names a message of the same conversation the sender sees; photos are the sender's
 * unsent uploads (POST /chat/photos), given to this message in the same transaction.
 *
 * A new account's first message in a conversation counts against its daily limit (429). A text
 * the automatic filter matches opens a case; from a new account it is held: stored and answered
 * as sent, announced to the sender's own tabs only, and nothing reaches the recipient (no socket
 * event, no badge, no notification, push or mail).
 */
export async function sendMessage(
  app: App,
  userId: string,
  otherId: string,
  body: {
    text?: string | undefined;
    clientId?: string | undefined;
    replyTo?: string | undefined;
    photos?: string[] | undefined;
    /** The meet-up the message proposes (the meetups module sends it; never from the route). */
    meetupId?: string | undefined;
  },
  /** The sender's account when the caller has read it already (the route's guards have). */
  sender?: Promise<{ createdAt: Date } | undefined>,
): Promise<ChatMessage> {
  const other = otherId.toLowerCase();
  const text = body.text ?? "";
  if (!text.trim() && !body.photos?.length) {
    throw new HttpError(400, "EMPTY_MESSAGE", CHAT_MESSAGES.emptyMessage, [
      { path: "text", message: CHAT_MESSAGES.emptyMessage },
    ]);
  }
  const account = await sender;
  const replyTo = body.replyTo?.toLowerCase();
  const recipientOnline = app.chatHub.online([other]).then(
    (online) => online.has(other),
    () => false,
  );
  // The common message from an established account (text the filter lets through, no photos, no
  // reply): stored only if the two are connected and in one age band, all in one statement.
  if (
    account &&
    !isNewAccount(account.createdAt, app.now()) &&
    !replyTo &&
    !body.photos?.length &&
    !(await screenContent(app, userId, [text], { newAccount: false, connected: true }))
  ) {
    const input = {
      conversationId: conversationOfPair(userId, other),
      fromUserId: userId,
      toUserId: other,
      text,
      clientId: body.clientId,
      meetupId: body.meetupId,
    };
    const sent = await storeCommonMessage(app, input, await recipientOnline);
    if (sent) return sent;
    // Nothing stored: the reads below say why (or store it, had they just connected).
  }
  // The connection and the age rule in one read; a refusal then asks which answer it is, the age
  // rule's first (403 AGE_REQUIRED or AGE_BAND).
  const conversationId = await findConnectionIdInAgeBand(app.db, userId, other);
  if (!conversationId) {
    await assertSameAgeBand(app.db, userId, other);
    // Not a connection: the conversation kept from a deleted account, or nobody to write to.
    if (await isArchiveOf(app.db, userId, other)) {
      throw new HttpError(403, "ACCOUNT_DELETED", CHAT_MESSAGES.accountDeleted);
    }
    throw unknownIdError(NOT_CONNECTED);
  }
  // The sender has a connection (this one), so their standing only needs their account's age.
  const standing = account
    ? { newAccount: isNewAccount(account.createdAt, app.now()), connected: true }
    : await accountStanding(app, userId);
  if (standing.newAccount) await checkFirstMessageLimit(app, userId, conversationId);
  const screening = text.trim() ? await screenContent(app, userId, [text], standing) : null;
  const held = screening?.held ?? false;
  if (replyTo && !(await isMessageIn(app.db, conversationId, replyTo))) {
    throw new HttpError(400, "REPLY_NOT_FOUND", CHAT_MESSAGES.replyNotFound, [
      { path: "replyTo", message: CHAT_MESSAGES.replyNotFound },
    ]);
  }
  const input = {
    conversationId,
    fromUserId: userId,
    toUserId: other,
    text,
    clientId: body.clientId,
    replyToId: replyTo,
    meetupId: body.meetupId,
    visibility: visibilityOf(screening),
  };
  if (!body.photos?.length && !screening) {
    const sent = await storeCommonMessage(app, input, await recipientOnline);
    if (!sent) throw new Error("The message was neither stored nor found");
    return sent;
  }
  const announce = (message: ChatMessage) =>
    app.chatHub
      .publish(held ? [userId] : [other, userId], { type: "message", message })
      .catch((error: unknown) => app.log.warn({ err: error }, "message not announced"));
  // With photos, or text the filter matched: the message, its photos and the filter's case in
  // one transaction.
  let announced: ChatMessage | undefined;
  const stored = await app.notifications.within(async (tx, queue) => {
    const stored = await insertMessage(tx, input);
    if (!stored.created) return stored;
    if (body.photos?.length && !(await attachPhotos(tx, userId, stored.id, body.photos))) {
      throw new HttpError(400, "PHOTO_NOT_YOURS", CHAT_MESSAGES.photoNotYours, [
        { path: "photos", message: CHAT_MESSAGES.photoNotYours },
      ]);
    }
    await flagScreened(app, tx, screening, { type: "message", _id: stored.id }, userId);
    // Stored first, then announced (before the badges): a lost announcement is recovered by the
    // resume. Read once, after the commit, with its photos; the answer is the same message.
    queue.afterCommit(async () => {
      announced = await findMessageById(app.db, userId, stored.id).catch(() => undefined);
      if (announced) await announce(announced);
    });
    if (held) return stored;
    if (await recipientOnline) {
      queue.badgesChanged(other);
    } else {
      await queue.notify({
        userId: other,
        kind: "message",
        actorId: userId,
        subject: { type: "message", id: stored.id },
        url: chatPath(userId),
      });
    }
    return stored;
  });
  const message = announced ?? (await findMessageById(app.db, userId, stored.id));
  if (!message) throw new Error("The stored message could not be read back");
  return message;
}

/**
 * A new account may start NEW_ACCOUNT_DAILY_FIRST_MESSAGES conversations a UTC day: a message in
 * a conversation it has not written in before is refused past that (429 RATE_LIMITED).
 */
async function checkFirstMessageLimit(
  app: App,
  userId: string,
  conversationId: string,
): Promise<void> {
  if (await hasWrittenIn(app.db, conversationId, userId)) return;
  const limit = (app.config.newAccountLimits ?? DEFAULT_NEW_ACCOUNT_LIMITS).firstMessagesPerDay;
  const now = app.now();
  const used = await countFirstMessagesSince(app.db, userId, utcDayStart(now));
  refuseOverDailyLimit(now, used, limit, FILTER_MESSAGES.firstMessageLimit(limit));
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
  // The reader's own tabs clear their badge; the other person sees "Seen" only when both
  // have read receipts on.
  await app.chatHub
    .publish([userId], { type: "read", byUserId: userId, withUserId: other, messageId: message })
    .catch((error: unknown) => app.log.warn({ err: error }, "read not announced"));
  if (await receiptsOnForBoth(app.db, userId, other)) {
    await app.chatHub
      .publish([other], { type: "seen", userId, messageId: message })
      .catch((error: unknown) => app.log.warn({ err: error }, "seen not announced"));
  }
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

// ---------- conversations closed by a removal or a block ----------

/** How long a conversation closed by a removal or a block is kept, out of reach of both. */
export const KEPT_CONVERSATION_MS = 30 * 24 * 60 * 60_000;

/** The purge job's key for one kept conversation (one job waits per conversation). */
const purgeKey = (keptId: string) => `chat_kept_purge:${keptId}`;

/**
 * Call inside the transaction that deletes the pair's connection (a removal or a block), before
 * it: locks the connection (a message sent meanwhile waits, then finds no conversation), keeps
 * their conversation, if it has messages, out of reach of both for KEPT_CONVERSATION_MS from
 * `now`, for a report's evidence, and queues its purge. Nothing when the two are not connected.
 */
export async function keepConversationBetween(
  tx: Database,
  userId: string,
  otherId: string,
  now: Date,
): Promise<void> {
  const conversationId = await lockConnection(tx, userId, otherId);
  if (!conversationId) return;
  const deleteAfter = new Date(now.getTime() + KEPT_CONVERSATION_MS);
  const kept = await insertKeptConversation(tx, {
    conversationId,
    userId,
    otherId,
    closedAt: now,
    deleteAfter,
  });
  if (!kept) return;
  await enqueueJob(tx, {
    kind: "chat_kept_purge",
    key: purgeKey(conversationId),
    runAt: deleteAfter,
    payload: { keptId: conversationId },
  });
}

/**
 * `chat_kept_purge` (key chat_kept_purge:<id>): deletes every kept conversation whose time is up
 * by the app's clock (its own and any other), messages and all. Early by the app's clock (jobs
 * are due by the database's): back at its time.
 */
export function keptPurgeHandler(app: Pick<FastifyInstance, "db" | "now">) {
  return async ({ job, log }: JobContext): Promise<JobOutcome> => {
    const purged = await deleteDueKeptConversations(app.db, app.now());
    if (purged.length > 0) log.info({ purged: purged.length }, "kept conversations deleted");
    const keptId = job.payload.keptId;
    if (typeof keptId !== "string" || !isUuid(keptId)) return undefined;
    const waiting = await findKeptDeleteAfter(app.db, keptId);
    return waiting ? { runAgainAt: waiting } : undefined;
  };
}

export type { EvidenceMessage, ReportedMessage };

/** The most messages a report's evidence carries, and how many on each side of the reported one. */
export const EVIDENCE_MESSAGES = 21;
const EVIDENCE_AROUND = 10;

/**
 * A report's evidence from the conversation of the two, messages of any visibility, oldest first:
 * with `messageId`, that message with up to 10 before and 10 after it (from the conversation that
 * holds it, live or kept; [] when none of the pair's does); without, the last 21 messages of the
 * live conversation when the two are connected, else of their most recently kept one; [] when
 * there is none. A kept conversation counts until it is purged, or, with `now`, until its time is
 * up.
 */
export async function conversationEvidence(
  db: Database,
  input: { reporterId: string; otherId: string; messageId?: string | undefined; now?: Date },
): Promise<EvidenceMessage[]> {
  const reporterId = input.reporterId.toLowerCase();
  const otherId = input.otherId.toLowerCase();
  if (!isUuid(reporterId) || !isUuid(otherId) || reporterId === otherId) return [];
  const liveId = await findConnectionId(db, reporterId, otherId);
  if (input.messageId === undefined) {
    const keptId = liveId
      ? undefined
      : await findLatestKeptConversation(db, reporterId, otherId, input.now);
    const source: MessageSource | undefined = liveId
      ? { kind: "live", id: liveId }
      : keptId
        ? { kind: "kept", id: keptId }
        : undefined;
    return source ? findLastMessages(db, source, EVIDENCE_MESSAGES) : [];
  }
  const messageId = input.messageId.toLowerCase();
  if (!isUuid(messageId)) return [];
  let source: MessageSource | undefined;
  if (liveId && (await isMessageIn(db, liveId, messageId))) source = { kind: "live", id: liveId };
  else {
    const keptId = await findKeptConversationWith(db, reporterId, otherId, messageId, input.now);
    if (keptId) source = { kind: "kept", id: keptId };
  }
  return source ? findEvidenceAround(db, source, messageId, EVIDENCE_AROUND, EVIDENCE_AROUND) : [];
}

/**
 * The message a report names, when the reporter sent or received it, live or kept (with `now`,
 * a kept one only until its time is up); undefined otherwise (also for an id that is not a UUID).
 */
export function findMessageForReport(
  db: Database,
  reporterId: string,
  messageId: string,
  now?: Date,
): Promise<ReportedMessage | undefined> {
  const message = messageId.toLowerCase();
  if (!isUuid(message) || !isUuid(reporterId)) return Promise.resolve(undefined);
  return findMessageOf(db, reporterId.toLowerCase(), message, now);
}

/**
 * The person's messages, those of their archives (kept after the other person deleted their
 * account) included, and what they wrote in conversations kept after a removal or a block
 * (`keptMessages`: out of reach in the app, but stored about them until deleted). Deletion first
 * keeps each live conversation with messages for the other person (an archive without the
 * person's id), then deletes the person's chat rows and kept conversations: it runs first, before
 * requestsPersonalData.deleteFor, whose requests the messages cascade from.
 */
export const chatPersonalData: PersonalDataPart = {
  module: "chat",
  tables: [
    "chat_messages",
    "chat_message_edits",
    "chat_reactions",
    "chat_photos",
    "chat_reads",
    "chat_archives",
    "chat_archive_messages",
    "chat_kept_conversations",
    "chat_kept_messages",
  ],
  exportFor: async (db, { userId }) => ({
    messages: await findMessageExportRows(db, userId),
    keptMessages: await findKeptMessageExportRows(db, userId),
  }),
  deleteFor: async (tx, userId) => {
    await archiveConversationsOf(tx, userId);
    await deleteChatRowsOf(tx, userId);
    await deleteKeptConversationsOf(tx, userId);
    // The person's photos that no archive keeps are the sweep's, files and all, at once.
    await queuePhotoSweep(tx, new Date(0));
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
    learning: [],
    campus: null,
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

// ---------- moderation ----------

/** Chat messages as the moderation module handles them: only their two people see them. */
export const messageModeration: ModeratedContent = {
  find: moderation.findMessageForModeration,
  visibleTo: (app, viewerId, id) => moderation.isMessageParticipant(app.db, viewerId, id),
  setVisibility: moderation.setMessageVisibility,
  remove: moderation.removeMessage,
};

/**
 * A meet-up suggested to a connection: stored by the meetups module, then sent in the chat as
 * a message that carries it (its Accept and Decline answer through the meetups module).
 */
export async function proposeMeetup(app: App, userId: string, body: NewMeetup): Promise<Meetup> {
  const meetup = await createMeetup(app as FastifyInstance, userId, body);
  await sendMessage(app, userId, meetup.proposedTo, {
    text: MEETUP_MESSAGES.proposed,
    meetupId: meetup._id,
  });
  return meetup;
}
