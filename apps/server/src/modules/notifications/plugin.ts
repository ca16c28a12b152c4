import type { UnreadCounts } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import type { SqlFragment } from "./repository.ts";
import {
  announceNotification,
  announceUnread,
  forgetBetween,
  type ModerationNoticeInput,
  type NotificationQueue,
  type NotifyInStatementInput,
  notifyInStatement,
  readConversation,
  tellModeration,
  unreadCounts,
  withdrawRequest,
  withNotifications,
} from "./service.ts";

/**
 * The notification centre as the modules it reads reach it. Its badges and sentences count
 * requests and chat messages (requests/fragments.ts, chat/fragments.ts), so those two modules
 * cannot import it without a cycle; they tell it through `app.notifications` instead, like
 * everyone reaches the chat hub through `app.chatHub`. Any other module may use either.
 */
export type NotificationCentre = {
  /** `withNotifications`: the work's transaction, then the announcements. */
  within<T>(work: (tx: Database, queue: NotificationQueue) => Promise<T>): Promise<T>;
  /**
   * For a write that is one statement (no transaction): the CTEs, to follow the statement's own,
   * that make or grow the notification for each row of `from`; the statement reads its id from
   * `notified`, and the caller tells the person with `announce` after it (see notifyInStatement).
   */
  notifyInStatement(input: NotifyInStatementInput, from: SqlFragment): SqlFragment;
  /** Tells the people whose badges changed, on every tab they have open. */
  announceUnread(userIds: string[]): Promise<void>;
  /** The three badges. */
  unreadCounts(userId: string): Promise<UnreadCounts>;
  /** Reading a conversation up to a message reads the sender's message notification it covers. */
  readConversation(userId: string, otherId: string, messageId: string): Promise<number>;
  /** An undone request (in its transaction): its sender leaves the recipient's notification. */
  withdrawRequest(tx: Database, toUserId: string, fromUserId: string): Promise<void>;
  /** A block (in its transaction): what the two caused each other goes. */
  forgetBetween(tx: Database, a: string, b: string): Promise<void>;
  /**
   * A moderator's decision, or an appeal's outcome, told to its person in the decision's
   * transaction: a notification with the given sentence and no actor, its push queued, never in a
   * digest (moderation mails it itself). In a transaction from `within`, the person hears of it
   * once that commits:
   *
   *     await app.notifications.within(async (tx) => {
   *       const action = await insertAction(tx, ...);
   *       await app.notifications.tellModeration(tx, { userId, actionId: action.id, text, url: "/" });
   *     });
   *
   * In a transaction of the caller's own, announce the answered id after the commit with
   * `announce(userId, id)`. Undefined when the person's account is gone.
   */
  tellModeration(tx: Database, input: ModerationNoticeInput): Promise<string | undefined>;
  /**
   * After a commit: the notification made (by `tellModeration` outside `within`) and the
   * person's badges, to their open tabs; only the badges without an id. Never throws.
   */
  announce(userId: string, notificationId: string | undefined): Promise<void>;
};

declare module "fastify" {
  interface FastifyInstance {
    notifications: NotificationCentre;
  }
}

export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("notifications", {
      within: (work) => withNotifications(app, work),
      notifyInStatement,
      announceUnread: (userIds) => announceUnread(app, userIds),
      unreadCounts: (userId) => unreadCounts(app.db, userId),
      readConversation: (userId, otherId, messageId) =>
        readConversation(app.db, userId, otherId, messageId),
      withdrawRequest: (tx, toUserId, fromUserId) => withdrawRequest(tx, toUserId, fromUserId),
      forgetBetween: (tx, a, b) => forgetBetween(tx, a, b),
      tellModeration: (tx, input) => tellModeration(tx, input),
      announce: (userId, notificationId) => announceNotification(app, userId, notificationId),
    } satisfies NotificationCentre);
  },
  { name: "notifications", dependencies: ["chat-hub"] },
);
