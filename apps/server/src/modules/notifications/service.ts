import {
  type Locale,
  NOTIFICATION_SETTING_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationSettingKind,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type NotificationSubjectType,
  type UnreadCounts,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { decodeCursor, encodeCursor, pageOf } from "../../lib/paging.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { enqueueJob } from "../jobs/service.ts";
import { rowToCard } from "../users/card.ts";
import { findUserLanguage } from "../users/service.ts";
import {
  countUnread,
  type DigestItem,
  deleteNotificationsBetween,
  deleteNotificationsOf,
  findActors,
  findDueDigestItems,
  findNextDigestDueAt,
  findNotificationExportRows,
  findNotificationForDelivery,
  findNotifications,
  findPeopleToldAbout,
  findSettings,
  insertModerationNotice,
  markConversationNotificationRead,
  markEmailed,
  markNotificationsRead,
  type NotificationForDelivery,
  type NotificationRow,
  notificationCtes,
  type SqlFragment,
  saveSettings,
  upsertNotification,
  withdrawActor,
} from "./repository.ts";
import { notificationText } from "./text.ts";

export type { DigestItem, NotificationForDelivery } from "./repository.ts";

export type NotifyInput = {
  /** Who is told. */
  userId: string;
  /** A kind told from its actors: not `moderation` (the database refuses it without its text). */
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

/**
 * Creates or grows a notification and queues its delivery (push, mail) for the job worker, inside
 * the transaction of its cause, so both exist or neither. Undefined when there is nothing to say:
 * one's own action, or a block between the two either way. Modules notify through
 * `withNotifications`, which also announces it once the transaction commits.
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
  // Its delivery (push, mail) is queued by the same statement (a "notify" job).
  return row?.id;
}

/**
 * A notification made by a statement of the caller's own, for a row the statement makes: kinds
 * whose group does not depend on their subject (a request, an acceptance, a sender's messages).
 */
export type NotifyInStatementInput = Omit<NotifyInput, "kind" | "subject"> & {
  kind: "message" | "request_received" | "request_accepted";
  /** The subject's id, as SQL over the statement's row (`from`). */
  subject: { type: NotificationSubjectType; id: SqlFragment };
};

/**
 * The CTEs that make or grow the notification for each row of `from` in the caller's one
 * statement, as `notify` would in a transaction; the statement reads the id from the CTE
 * `notified`, and the caller announces it after the statement (`announceNotification`). One
 * statement needs no transaction: a write and its notification cost one round trip.
 */
export function notifyInStatement(input: NotifyInStatementInput, from: SqlFragment): SqlFragment {
  return notificationCtes(
    {
      userId: input.userId,
      kind: input.kind,
      groupKey: groupKeyOf(input.kind, input.actorId),
      actorId: input.actorId,
      subjectType: input.subject.type,
      subjectId: input.subject.id,
      url: input.url,
    },
    from,
  );
}

/** A moderator's decision about a person, or the outcome of their appeal, as they are told it. */
export type ModerationNoticeInput = {
  /** Who is told: the person the decision is about. */
  userId: string;
  /** The moderation action (a uuid) it tells of: the notification's subject. */
  actionId: string;
  /**
   * The whole sentence the centre, the push and the badge's notification show, e.g. "A moderator
   * suspended your account for 7 days: Repeated insults. You can appeal within 14 days." It
   * never names the moderator.
   */
  text: string;
  /** The app path where the person reads the notice, e.g. "/". */
  url: string;
};

/**
 * Makes a moderation notice in the transaction of the decision, and queues its push (the
 * `notify` job) beside it. It has no actor and is never grouped: each call is one notification,
 * counted in the badge. It is never in a digest: the moderation module mails the person itself.
 * Undefined when the person's account is gone. Like `notify`, it does not announce: inside
 * `withNotifications` use `queue.notifyModeration`, or `app.notifications.tellModeration(tx, …)`.
 */
export async function notifyModeration(
  db: Database,
  input: ModerationNoticeInput,
): Promise<string | undefined> {
  const row = await insertModerationNotice(db, input);
  if (!row) return undefined;
  await enqueueJob(db, {
    kind: "notify",
    payload: { notificationId: row.id, userId: input.userId, kind: "moderation" },
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
  const { locale } =
    rows.length > 0 ? await findUserLanguage(db, userId) : { locale: "en" as const };
  return rows.map((row) => {
    const cards = actors.filter((a) => a.notificationId === row.id).map(rowToCard);
    return {
      _id: row.id,
      kind: row.kind,
      actors: cards,
      actorCount: row.actorCount,
      subject: { type: row.subjectType, _id: row.subjectId },
      text: notificationText(row, locale),
      url: row.url,
      // The time it last grew: a grouped notification is as recent as its newest actor.
      createdAt: row.updatedAt,
      readAt: row.readAt,
    };
  });
}

export type NotificationPage = { items: Notification[]; nextCursor: string | null };

/** One page, newest first; null when the cursor is not one this server made. */
export async function listNotifications(
  db: Database,
  userId: string,
  cursor: string | undefined,
  limit: number,
): Promise<NotificationPage | null> {
  const before = cursor ? decodeCursor(cursor) : null;
  if (cursor && !before) return null;
  const rows = await findNotifications(db, userId, { before, limit: limit + 1 });
  const page = pageOf(rows, limit, (row) => ({ at: new Date(row.updatedAt), id: row.id }));
  return {
    items: await toNotifications(db, userId, page.items),
    nextCursor: page.next ? encodeCursor(page.next) : null,
  };
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
    NOTIFICATION_SETTING_KINDS.map((kind) => [kind, { push: true, email: true }]),
  ) as NotificationSettings;
  for (const row of rows) {
    if (row.kind in settings) {
      settings[row.kind as NotificationSettingKind] = { push: row.push, email: row.email };
    }
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

/**
 * After the commit: the new or grown notification, then the badges, to the person's tabs (only
 * the badges without one). Never throws. `withNotifications` calls it for what its work made.
 */
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

/** What `withNotifications` hands its work: notify inside the transaction, announce after it. */
export type NotificationQueue = {
  /**
   * Makes or grows a notification in the work's transaction (see `notify`); its person hears of
   * it, and of their badges, once the transaction commits. Nothing for one's own action.
   */
  notify(input: NotifyInput): Promise<string | undefined>;
  /**
   * Makes a moderation notice in the work's transaction (see `notifyModeration`); its person
   * hears of it, and of their badge, once the transaction commits.
   */
  notifyModeration(input: ModerationNoticeInput): Promise<string | undefined>;
  /** Someone whose badges the work changes without a notification (an answer, an undo). */
  badgesChanged(userId: string): void;
  /**
   * Runs once the transaction commits, before the announcements: a live event the new badges
   * should follow (a chat message). It must not throw.
   */
  afterCommit(action: () => Promise<unknown>): void;
};

/** The queue of each transaction `withNotifications` runs, while it runs (see `tellModeration`). */
const queues = new WeakMap<Database, NotificationQueue>();

/**
 * Runs `work` in one transaction with a queue that notifies inside it, then, once it committed,
 * tells each person named: the notification made or grown for them, and their badges. Nothing
 * is announced when the work throws (its transaction rolled back).
 *
 *     await withNotifications(app, async (tx, queue) => {
 *       const reply = await insertReply(tx, ...);
 *       await queue.notify({ userId, kind: "post_reply", actorId, subject, url });
 *       return reply;
 *     });
 */
export async function withNotifications<T>(
  app: Live,
  work: (tx: Database, queue: NotificationQueue) => Promise<T>,
): Promise<T> {
  /** Each person told, with the notifications made for them (none: only their badges moved). */
  const told = new Map<string, Set<string>>();
  const after: (() => Promise<unknown>)[] = [];
  const tell = (userId: string) => {
    const ids = told.get(userId) ?? new Set<string>();
    told.set(userId, ids);
    return ids;
  };
  const result = await app.db.transaction(async (tx) => {
    const queue: NotificationQueue = {
      async notify(input) {
        const id = await notify(tx, input);
        if (input.userId !== input.actorId) {
          const ids = tell(input.userId);
          if (id) ids.add(id);
        }
        return id;
      },
      async notifyModeration(input) {
        const id = await notifyModeration(tx, input);
        if (id) tell(input.userId).add(id);
        return id;
      },
      badgesChanged: (userId) => void tell(userId),
      afterCommit: (action) => void after.push(action),
    };
    queues.set(tx, queue);
    try {
      return await work(tx, queue);
    } finally {
      queues.delete(tx);
    }
  });
  for (const action of after) await action();
  const badgesOnly = [...told].filter(([, ids]) => ids.size === 0).map(([userId]) => userId);
  await Promise.all([
    badgesOnly.length > 0 ? announceUnread(app, badgesOnly) : undefined,
    ...[...told].flatMap(([userId, ids]) =>
      [...ids].map((id) => announceNotification(app, userId, id)),
    ),
  ]);
  return result;
}

/**
 * The queue of the `withNotifications` that runs `tx`, for work handed only its transaction (a
 * part of an account's deletion). Outside one, a queue that notifies in `tx` and announces
 * nothing: nothing can know when that transaction commits.
 */
export function notificationQueueOf(tx: Database): NotificationQueue {
  return (
    queues.get(tx) ?? {
      notify: (input) => notify(tx, input),
      notifyModeration: (input) => notifyModeration(tx, input),
      badgesChanged: () => undefined,
      afterCommit: () => undefined,
    }
  );
}

/**
 * A moderation notice made in the caller's own transaction `tx`. When `tx` is the one
 * `withNotifications` (`app.notifications.within`) runs, this is its `queue.notifyModeration`:
 * the person hears of it once that transaction commits. In a transaction of the caller's own
 * (`app.db.transaction`, or a nested one), nothing can know when it commits: announce the answered
 * id after the commit with `announceNotification` (`app.notifications.announce`).
 */
export function tellModeration(
  tx: Database,
  input: ModerationNoticeInput,
): Promise<string | undefined> {
  const queue = queues.get(tx);
  return queue ? queue.notifyModeration(input) : notifyModeration(tx, input);
}

// ---------- delivery: what push and the digest read ----------

/** A notification as a push or a mail tells it, with its sentence; undefined when gone. */
export async function notificationForDelivery(
  db: Database,
  id: string,
): Promise<(NotificationForDelivery & { text: string }) | undefined> {
  const row = await findNotificationForDelivery(db, id);
  if (!row) return undefined;
  const { locale } = await findUserLanguage(db, row.userId);
  return { ...row, text: notificationText(row, locale) };
}

/**
 * What a digest names now: the person's notifications still unread, never emailed, of a kind
 * whose email is on, last touched at least `delayMs` ago; newest first, at most `limit`.
 */
export async function dueDigestItems(
  db: Database,
  userId: string,
  delayMs: number,
  limit: number,
  locale: Locale = "en",
): Promise<(DigestItem & { text: string })[]> {
  const rows = await findDueDigestItems(db, userId, delayMs, limit);
  return rows.map((row) => ({ ...row, text: notificationText(row, locale) }));
}

/** When the next waiting notification not yet due for a digest falls due; null when none. */
export function nextDigestDueAt(db: Database, userId: string, delayMs: number) {
  return findNextDigestDueAt(db, userId, delayMs);
}

/** The digest named them. */
export function markNotificationsEmailed(db: Database, ids: string[]): Promise<void> {
  return markEmailed(db, ids);
}

/** The people whose notifications name the user (their badges change when the user goes). */
export function peopleToldAbout(db: Database, userId: string): Promise<string[]> {
  return findPeopleToldAbout(db, userId);
}

/**
 * The person's notifications (with every actor by name) and settings per kind; deletion takes
 * those and the person's place among the actors of anyone else's.
 */
export const notificationsPersonalData: PersonalDataPart = {
  module: "notifications",
  tables: ["notifications", "notification_actors", "notification_settings"],
  exportFor: async (db, { userId }) => {
    const [notifications, notificationSettings] = await Promise.all([
      findNotificationExportRows(db, userId),
      getSettings(db, userId),
    ]);
    return { notifications, notificationSettings };
  },
  deleteFor: (tx, userId) => deleteNotificationsOf(tx, userId),
};
