import { randomUUID } from "node:crypto";
import {
  CHAT_MESSAGES,
  CHAT_REACTIONS,
  type ChatMessage,
  type ChatReaction,
  type ChatServerEvent,
  isUuid,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../../plugins/errors.ts";
import { accountStanding, flagScreened, screenContent } from "../filters/service.ts";
import { enqueueJob } from "../jobs/service.ts";
import type { JobContext, JobOutcome } from "../jobs/worker.ts";
import {
  canSeeChatPhoto,
  deleteMessageContent,
  deleteUnreachablePhotos,
  editMessageText,
  insertChatPhoto,
  type LockedMessage,
  lockMessageOf,
  type ReactionUsers,
  reactionsOf,
  setReaction,
} from "./changes-repository.ts";
import { findMessageById } from "./repository.ts";

// Edits, deletion for both, reactions and photos of chat messages. Each reaches the other
// person's tabs live (never as a notification) and, after a reconnect, through the resume.

type App = Pick<
  FastifyInstance,
  "db" | "chatHub" | "log" | "now" | "config" | "moderation" | "photoStorage" | "photoUploads"
>;

/** Chat photos are stored as WebP, as every photo is. */
export const CHAT_PHOTO_TYPE = "image/webp";

const MESSAGE_NOT_FOUND = () =>
  new HttpError(404, "MESSAGE_NOT_FOUND", CHAT_MESSAGES.messageNotFound);

/** The message's id from a path, or a 404 (an id that is not a UUID names no message). */
function messageIdOf(raw: string): string {
  const id = raw.toLowerCase();
  if (!isUuid(id)) throw MESSAGE_NOT_FOUND();
  return id;
}

/** Who hears of a change to the message: both, or its author alone while it is not visible. */
function audienceOf(message: LockedMessage): string[] {
  return message.visibility === "visible"
    ? [message.fromUserId, message.toUserId]
    : [message.fromUserId];
}

function announce(app: App, userIds: string[], event: ChatServerEvent): void {
  app.chatHub
    .publish(userIds, event)
    .catch((error: unknown) => app.log.warn({ err: error }, "chat change not announced"));
}

/** The user's own message, locked, not deleted; 404 when there is none, 403 when it is theirs. */
async function lockOwn(tx: App["db"], userId: string, messageId: string): Promise<LockedMessage> {
  const message = await lockMessageOf(tx, userId, messageId);
  if (!message) throw MESSAGE_NOT_FOUND();
  if (message.fromUserId !== userId) {
    throw new HttpError(403, "NOT_YOUR_MESSAGE", CHAT_MESSAGES.notYourMessage);
  }
  if (message.deleted) throw new HttpError(404, "MESSAGE_DELETED", CHAT_MESSAGES.alreadyDeleted);
  return message;
}

/**
 * Changes the text of the user's own message (the earlier text is kept for a report's snapshot).
 * The filter reads the new text like a new message's: a match opens a case, and from a new
 * account holds the message (the other person no longer hears of it).
 */
export async function editMessage(
  app: App,
  userId: string,
  rawId: string,
  text: string,
): Promise<ChatMessage> {
  const messageId = messageIdOf(rawId);
  const standing = await accountStanding(app, userId);
  const screening = text.trim() ? await screenContent(app, userId, [text], standing) : null;
  const { message, editedAt } = await app.db.transaction(async (tx) => {
    const locked = await lockOwn(tx, userId, messageId);
    if (!text.trim() && locked.photos === 0) {
      throw new HttpError(400, "EMPTY_MESSAGE", CHAT_MESSAGES.emptyEdit, [
        { path: "text", message: CHAT_MESSAGES.emptyEdit },
      ]);
    }
    const held = screening?.held === true;
    const at = await editMessageText(tx, messageId, text, app.now(), held ? "held" : undefined);
    await flagScreened(app, tx, screening, { type: "message", _id: messageId }, userId);
    return { message: held ? { ...locked, visibility: "held" as const } : locked, editedAt: at };
  });
  announce(app, audienceOf(message), {
    type: "edited",
    messageId,
    fromUserId: message.fromUserId,
    toUserId: message.toUserId,
    text,
    editedAt,
  });
  const view = await findMessageById(app.db, userId, messageId);
  if (!view) throw MESSAGE_NOT_FOUND();
  return view;
}

/** The file names of a chat photo's two sizes. */
export function chatPhotoFiles(photoId: string): string[] {
  return [`chat-${photoId}-card.webp`, `chat-${photoId}-large.webp`];
}

/** Deletes photo files; a store that fails leaves orphans behind, which is only space. */
async function deletePhotoFiles(app: App, photoIds: string[]): Promise<void> {
  await Promise.all(
    photoIds.flatMap(chatPhotoFiles).map((name) =>
      app.photoStorage.delete(name).catch((error: unknown) => {
        app.log.warn({ err: error, file: name }, "a chat photo file could not be deleted");
      }),
    ),
  );
}

/** Deletes the user's own message for both: text, earlier texts, reactions and photo files. */
export async function deleteMessage(app: App, userId: string, rawId: string): Promise<void> {
  const messageId = messageIdOf(rawId);
  const { message, deletedAt, photoIds } = await app.db.transaction(async (tx) => {
    const locked = await lockOwn(tx, userId, messageId);
    return { message: locked, ...(await deleteMessageContent(tx, messageId, app.now())) };
  });
  await deletePhotoFiles(app, photoIds);
  announce(app, audienceOf(message), {
    type: "deleted",
    messageId,
    fromUserId: message.fromUserId,
    toUserId: message.toUserId,
    deletedAt,
  });
}

/** The six reactions only: anything else is a 400 that lists them. */
export function reactionOf(raw: string): ChatReaction {
  // A heart without its emoji selector (U+2764 alone, as some keyboards send it) is the heart.
  const value = raw.normalize("NFC") === "\u2764" ? "❤️" : raw.normalize("NFC");
  const emoji = CHAT_REACTIONS.find((candidate) => candidate === value);
  if (!emoji) throw new HttpError(400, "BAD_REACTION", CHAT_MESSAGES.badReaction);
  return emoji;
}

/**
 * Adds or takes back the user's reaction to a message of their conversation (theirs or the
 * other's, not deleted); answers the reactions as the user sees them.
 */
export async function react(
  app: App,
  userId: string,
  rawId: string,
  rawEmoji: string,
  on: boolean,
): Promise<{ emoji: ChatReaction; count: number; mine: boolean }[]> {
  const emoji = reactionOf(rawEmoji);
  const messageId = messageIdOf(rawId);
  const { message, reactions } = await app.db.transaction(async (tx) => {
    const locked = await lockMessageOf(tx, userId, messageId);
    if (!locked) throw MESSAGE_NOT_FOUND();
    if (locked.deleted) throw new HttpError(404, "MESSAGE_DELETED", CHAT_MESSAGES.alreadyDeleted);
    return { message: locked, reactions: await setReaction(tx, messageId, userId, emoji, on) };
  });
  announce(app, audienceOf(message), {
    type: "reactions",
    messageId,
    fromUserId: message.fromUserId,
    toUserId: message.toUserId,
    reactions,
  });
  return countsFor(userId, reactions);
}

function countsFor(userId: string, reactions: ReactionUsers[]) {
  return reactions.map(({ emoji, userIds }) => ({
    emoji,
    count: userIds.length,
    mine: userIds.includes(userId),
  }));
}

export { reactionsOf };

// ---------- photos ----------

/** Unsent photos are deleted after this long (with their files). */
const UNSENT_PHOTO_MS = 24 * 60 * 60_000;
/** The sweep comes back this often while chat photos exist. */
const SWEEP_EVERY_MS = 6 * 60 * 60_000;
const SWEEP_KEY = "chat_photo_sweep";
const SWEEP_BATCH = 500;

/** Queues the sweep of unreachable chat photos (one waits at a time). */
export function queuePhotoSweep(db: App["db"], runAt: Date): Promise<void> {
  return enqueueJob(db, { kind: "chat_photo_sweep", key: SWEEP_KEY, runAt, payload: {} });
}

/**
 * Stores an uploaded chat photo (upright, without metadata, two sizes) as the uploader's unsent
 * photo; answers its id, which the uploader's next message names.
 */
export async function uploadChatPhoto(app: App, userId: string, bytes: Buffer): Promise<string> {
  const processed = await app.photoUploads.process(userId, bytes);
  const id = randomUUID();
  const card = processed.files.find((file) => file.size === "card");
  const large = processed.files.find((file) => file.size === "large");
  if (!card || !large) throw new Error("The photo pipeline made no card or large size");
  const [cardName, largeName] = chatPhotoFiles(id) as [string, string];
  await Promise.all([
    app.photoStorage.put(cardName, card.bytes, CHAT_PHOTO_TYPE),
    app.photoStorage.put(largeName, large.bytes, CHAT_PHOTO_TYPE),
  ]);
  await app.db.transaction(async (tx) => {
    await insertChatPhoto(tx, { id, ownerId: userId, width: large.width, height: large.height });
    await queuePhotoSweep(tx, new Date(app.now().getTime() + UNSENT_PHOTO_MS + 60_000));
  });
  return id;
}

const CHAT_PHOTO_FILE = /^chat-([0-9a-f-]{36})-(card|large)\.webp$/;

/**
 * The stored file of a chat photo when the viewer may see it; undefined otherwise (no viewer,
 * another person, a deleted message, a name that is not a chat photo's).
 */
export async function chatPhotoFile(app: App, viewerId: string | undefined, file: string) {
  const photoId = CHAT_PHOTO_FILE.exec(file)?.[1];
  if (!viewerId || !photoId || !isUuid(photoId)) return undefined;
  if (!(await canSeeChatPhoto(app.db, viewerId, photoId))) return undefined;
  return (await app.photoStorage.get(file)) ?? undefined;
}

/** A chat photo's large file by its id (a moderator reading a case); undefined when it is gone. */
export async function chatPhotoFileById(app: Pick<App, "photoStorage">, photoId: string) {
  const id = photoId.toLowerCase();
  if (!isUuid(id)) return undefined;
  return (await app.photoStorage.get(`chat-${id}-large.webp`)) ?? undefined;
}

/**
 * `chat_photo_sweep`: deletes chat photos nobody can reach (unsent for a day, or whose message
 * is gone: deleted accounts, purged kept conversations) with their files, then comes back.
 */
export function photoSweepHandler(app: App) {
  return async ({ log }: JobContext): Promise<JobOutcome> => {
    const before = new Date(app.now().getTime() - UNSENT_PHOTO_MS);
    for (;;) {
      const ids = await deleteUnreachablePhotos(app.db, before, SWEEP_BATCH);
      await deletePhotoFiles(app, ids);
      if (ids.length > 0) log.info({ deleted: ids.length }, "chat photos swept");
      if (ids.length < SWEEP_BATCH) break;
    }
    return { runAgainAt: new Date(app.now().getTime() + SWEEP_EVERY_MS) };
  };
}
