import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type NotificationSubjectType,
  type UnreadCounts,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { decodeCursor, encodeCursor } from "../../lib/paging.ts";
import { enqueueJob } from "../jobs/service.ts";
import { rowToCard } from "../users/card.ts";
import {
  countUnread,
  deleteNotificationsBetween,
  findActors,
  findNotifications,
  findSettings,
  markConversationNotificationRead,
  markNotificationsRead,
  type NotificationRow,
  saveSettings,
  upsertNotification,
  withdrawActor,
} from "./repository.ts";
import { notificationText } from "./text.ts";

export type NotifyInput = {
  /** Who is told. */
  userId: string;
  kind: NotificationKind;
  /** Who caused it. */
  actorId: string;
  subject: { type: NotificationSubjectType; id: string };
  /** The app path it opens. */
  url: string;
};

/**
 * What unread notifications are grouped by: all requests to a person are one, all acceptances
 * one, each sender's messages one, and the replies to one post (or the news of one event) one.
 */
export function groupKeyOf(kind: NotificationKind, actorId: string, subjectId?: string): string {
  if (kind === "message") return `message:${actorId}`;
  if (kind === "request_received" || kind === "request_accepted") return kind;
  return `${kind}:${subjectId ?? ""}`;
}

/** The web app's path of a conversation (apps/web/src/config/paths.ts `chatWith`). */
export function chatUrl(userId: string): string {
  return `/chat/${encodeURIComponent(userId)}`;
}

export const REQUESTS_URL = "/requests";

/**
 * Creates or grows a notification and queues its delivery (push, mail) for the job worker. Call
 * it inside the transaction of its cause, so both exist or neither. Undefined when there is
 * nothing to say: one's own action, or a block between the two either way.
 */
export async function notify(db: Database, input: NotifyInput): Promise<string | undefined> {
  if (input.userId === input.actorId) return undefined;
  const row = await upsertNotification(db, {
    userId: input.userId,
    kind: input.kind,
    groupKey: groupKeyOf(input.kind, input.actorId, input.subject.id),
    actorId: input.actorId,
    subjectType: input.subject.type,
    subjectId: input.subject.id,
    url: input.url,
  });
  if (!row) return undefined;
  await enqueueJob(db, {
    kind: "notify",
    payload: { notificationId: row.id, userId: input.userId, kind: input.kind },
  });
  return row.id;
}

/** Rows to the contract's shape, with their actors and sentence. */
async function toNotifications(
  db: Database,
  userId: string,
  rows: NotificationRow[],
): Promise<Notification[]> {
  const actors = await findActors(
    db,
    userId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const cards = actors.filter((a) => a.notificationId === row.id).map(rowToCard);
    return {
      _id: row.id,
      kind: row.kind,
      actors: cards,
      actorCount: row.actorCount,
      subject: { type: row.subjectType, _id: row.subjectId },
      text: notificationText({
        kind: row.kind,
        actorNames: cards.map((card) => card.firstName),
        actorCount: row.actorCount,
        messageCount: Math.max(1, row.messageCount),
      }),
      url: row.url,
      // The time it last grew: a grouped notification is as recent as its newest actor.
      createdAt: row.updatedAt,
      readAt: row.readAt,
    };
  });
}

export type NotificationPageResult = { notifications: Notification[]; nextCursor: string | null };

/** One page, newest first; null when the cursor is not one this server made. */
export async function listNotifications(
  db: Database,
  userId: string,
  cursor: string | undefined,
  limit: number,
): Promise<NotificationPageResult | null> {
  const before = cursor ? decodeCursor(cursor) : null;
  if (cursor && !before) return null;
  const rows = await findNotifications(db, userId, { before, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ at: new Date(last.updatedAt), id: last.id })
      : null;
  return { notifications: await toNotifications(db, userId, page), nextCursor };
}

/** One notification of the user's as the client sees it (undefined when gone). */
export async function findNotification(
  db: Database,
  userId: string,
  id: string,
): Promise<Notification | undefined> {
  const rows = await findNotifications(db, userId, { ids: [id] });
  const [notification] = await toNotifications(db, userId, rows);
  return notification;
}

export function unreadCounts(db: Database, userId: string): Promise<UnreadCounts> {
  return countUnread(db, userId);
}

/** Marks the named (own) notifications or all of them read; answers how many stay unread. */
export async function markRead(
  db: Database,
  userId: string,
  target: { ids: string[] } | { all: true },
): Promise<{ changed: number; counts: UnreadCounts }> {
  const ids = "ids" in target ? { ids: target.ids.map((id) => id.toLowerCase()) } : target;
  const changed = await markNotificationsRead(db, userId, ids);
  return { changed, counts: await countUnread(db, userId) };
}

/** Reading a conversation reads the sender's message notification it covers. */
export function readConversation(
  db: Database,
  userId: string,
  otherId: string,
  messageId: string,
): Promise<number> {
  return markConversationNotificationRead(db, userId, groupKeyOf("message", otherId), messageId);
}

/** A block: what the two caused each other goes. */
export function forgetBetween(db: Database, a: string, b: string): Promise<void> {
  return deleteNotificationsBetween(db, a, b);
}

/** An undone request: its sender is no longer among those who want to connect. */
export function withdrawRequest(db: Database, toUserId: string, fromUserId: string) {
  return withdrawActor(db, toUserId, groupKeyOf("request_received", fromUserId), fromUserId);
}

export async function getSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const rows = await findSettings(db, userId);
  const settings = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { push: true, email: true }]),
  ) as NotificationSettings;
  for (const row of rows) {
    if (row.kind in settings) settings[row.kind] = { push: row.push, email: row.email };
  }
  return settings;
}

export async function updateSettings(
  db: Database,
  userId: string,
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
  await db.transaction((tx) => saveSettings(tx, userId, patch));
  return getSettings(db, userId);
}

type Live = Pick<FastifyInstance, "db" | "chatHub" | "log">;

/**
 * Tells the people whose badges changed, on every tab they have open. Only those with a socket
 * somewhere are counted (a socket that opens meanwhile counts for itself on connect). Never
 * throws: the change is stored; a lost announcement is corrected by the next one or a reload.
 */
export async function announceUnread(app: Live, userIds: string[]): Promise<void> {
  try {
    const online = await app.chatHub.online([...new Set(userIds)]);
    await Promise.all(
      [...online].map(async (userId) => {
        const data = await countUnread(app.db, userId);
        await app.chatHub.publish([userId], { type: "unread", data });
      }),
    );
  } catch (error) {
    app.log.warn({ err: error }, "unread counts not announced");
  }
}

/** After the commit: the new or grown notification, then the badges, to the person's tabs. */
export async function announceNotification(
  app: Live,
  userId: string,
  notificationId: string | undefined,
): Promise<void> {
  if (!notificationId) {
    await announceUnread(app, [userId]);
    return;
  }
  try {
    const online = await app.chatHub.online([userId]);
    if (!online.has(userId)) return;
    const notification = await findNotification(app.db, userId, notificationId);
    if (notification) {
      await app.chatHub.publish([userId], { type: "notification", notification });
    }
    const data = await countUnread(app.db, userId);
    await app.chatHub.publish([userId], { type: "unread", data });
  } catch (error) {
    app.log.warn({ err: error }, "notification not announced");
  }
}
