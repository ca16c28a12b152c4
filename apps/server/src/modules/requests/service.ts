import {
  type ConnectionCard,
  chatPath,
  FILTER_MESSAGES,
  type PendingSentRequest,
  type ReceivedRequest,
  type RequestStatus,
  type ReviewStatus,
  SEND_STATUSES,
  type SendStatus,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { DEFAULT_NEW_ACCOUNT_LIMITS } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { isNewAccount, refuseOverDailyLimit, utcDayStart } from "../../lib/new-accounts.ts";
import { type Page, type PageQuery, pageRequestOf } from "../../lib/paging.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError, unknownIdError } from "../../plugins/errors.ts";
import { rowToCard } from "../users/card.ts";
import { assertSameAgeBand, findUserById } from "../users/service.ts";
import * as repository from "./repository.ts";

// Connection requests (connection_requests, owned here): sending, answering, undoing, and what
// other modules ask of them. Notifications are reached through `app.notifications` (the centre
// reads these tables for its badges, so this module does not import it).

export const REQUEST_MESSAGES = {
  selfRequest: "You cannot send a request to yourself.",
  userNotFound: "This user does not exist.",
  requestExists: "You already have a request with this person.",
  requestNotFound: "This request is not waiting for your answer.",
  undoNotFound: "There is no unanswered request of yours to undo.",
} as const;

/** The answers to an id that names nothing (also given for a malformed one: see the routes). */
export const USER_NOT_FOUND = { code: "USER_NOT_FOUND", message: REQUEST_MESSAGES.userNotFound };
export const REQUEST_NOT_FOUND = {
  code: "REQUEST_NOT_FOUND",
  message: REQUEST_MESSAGES.requestNotFound,
};
export const UNDO_NOT_FOUND = { code: "REQUEST_NOT_FOUND", message: REQUEST_MESSAGES.undoNotFound };

/** The web app's page of received requests, which a request_received notification opens. */
const REQUESTS_PATH = "/requests";

type App = Pick<FastifyInstance, "db" | "notifications" | "now">;
type SendingApp = App & Pick<FastifyInstance, "now" | "config">;

/**
 * A swipe: interested or ignored. The recipient of an interested one is told, in the request's
 * transaction. Throws for oneself, an unknown (or blocking, or blocked) person, a pair that
 * already has a request either way, and a new account's interested swipe past its daily limit.
 */
export async function sendRequest(
  app: SendingApp,
  fromUserId: string,
  toUserId: string,
  status: SendStatus,
  /** The sender's account when the caller has read it already (the route's guards have). */
  sender?: Promise<{ createdAt: Date } | undefined>,
): Promise<repository.SentRequestRow> {
  const to = toUserId.toLowerCase();
  if (to === fromUserId) throw new HttpError(400, "SELF_REQUEST", REQUEST_MESSAGES.selfRequest);
  if (status === "interested") {
    await checkInterestedLimit(app, fromUserId, to, sender ?? findUserById(app.db, fromUserId));
  }
  // One statement: the request and, for an interested one, the recipient's notification.
  const outcome = await repository.sendRequest(
    app.db,
    fromUserId,
    to,
    status,
    app.now(),
    status === "interested"
      ? (sent) =>
          app.notifications.notifyInStatement(
            {
              userId: to,
              kind: "request_received",
              actorId: fromUserId,
              subject: { type: "request", id: sent.id },
              url: REQUESTS_PATH,
            },
            sent.from,
          )
      : undefined,
  );
  if (outcome.kind === "sent" && status === "interested") {
    await app.notifications.announce(to, outcome.notificationId ?? undefined);
  }
  if (outcome.kind === "sent") return outcome.request;
  // The insert applies the age rule itself (meetable); only a refusal asks which answer it is,
  // the age rule's coming first as it always has.
  await assertSameAgeBand(app.db, fromUserId, to);
  if (outcome.kind === "exists") {
    throw new HttpError(409, "REQUEST_EXISTS", REQUEST_MESSAGES.requestExists);
  }
  throw unknownIdError(USER_NOT_FOUND);
}

/**
 * A new account may send NEW_ACCOUNT_DAILY_INTERESTED interested requests a UTC day (those since
 * answered count too; an undone one does not): past that, 429 RATE_LIMITED.
 */
async function checkInterestedLimit(
  app: SendingApp,
  userId: string,
  toUserId: string,
  account: Promise<{ createdAt: Date } | undefined>,
): Promise<void> {
  const now = app.now();
  const user = await account;
  if (!user || !isNewAccount(user.createdAt, now)) return;
  // The age rule answers before the limit does.
  await assertSameAgeBand(app.db, userId, toUserId);
  const limit = (app.config.newAccountLimits ?? DEFAULT_NEW_ACCOUNT_LIMITS).interestedPerDay;
  const used = await repository.countInterestedSince(app.db, userId, utcDayStart(now));
  refuseOverDailyLimit(now, used, limit, FILTER_MESSAGES.interestedLimit(limit));
}

/**
 * Accepts or rejects a pending request sent to the user; an acceptance tells its sender. Accepting
 * someone of the other age band (or with no age on either side) answers 403 (assertSameAgeBand).
 */
export async function reviewRequest(
  app: App,
  userId: string,
  requestId: string,
  status: ReviewStatus,
): Promise<{ id: string; status: ReviewStatus }> {
  const reviewed = await app.notifications.within(async (tx, queue) => {
    const row = await repository.reviewRequest(tx, userId, requestId, status);
    if (!row) return undefined;
    // 13-17 and 18+ never connect (a request from before an age changed): 403, nothing changes.
    if (status === "accepted") await assertSameAgeBand(tx, userId, row.fromUserId);
    // The reviewer's Requests badge goes down.
    queue.badgesChanged(userId);
    if (status === "accepted") {
      await queue.notify({
        userId: row.fromUserId,
        kind: "request_accepted",
        actorId: userId,
        subject: { type: "connection", id: row.id },
        url: chatPath(userId),
      });
    }
    return row;
  });
  if (!reviewed) throw unknownIdError(REQUEST_NOT_FOUND);
  return { id: reviewed.id, status: reviewed.status };
}

/**
 * Undo: deletes the user's request while nobody has answered it; an interested one leaves its
 * recipient's notification and badge.
 */
export async function undoRequest(app: App, userId: string, requestId: string): Promise<string> {
  const deleted = await app.notifications.within(async (tx, queue) => {
    const row = await repository.deleteUnansweredRequest(tx, userId, requestId.toLowerCase());
    if (row?.status === "interested") {
      await app.notifications.withdrawRequest(tx, row.toUserId, userId);
      queue.badgesChanged(row.toUserId);
    }
    return row;
  });
  if (!deleted) throw unknownIdError(UNDO_NOT_FOUND);
  return deleted.id;
}

/** Pending (interested) requests sent to the user, newest first, with their senders' cards. */
export async function listReceivedRequests(
  db: Database,
  userId: string,
  now: Date,
): Promise<ReceivedRequest[]> {
  const rows = await repository.findReceivedRequests(db, userId, now);
  return rows.map((row) => ({
    _id: row.requestId,
    fromUserId: rowToCard(row),
    createdAt: row.requestedAt,
  }));
}

/**
 * The user's requests nobody has answered yet, newest first, a page at a time: the people they
 * passed (`ignored`), those still to answer them (`interested`), or both. A 400 for a cursor this
 * server did not make.
 */
export async function listPendingSentRequests(
  db: Database,
  userId: string,
  query: PageQuery & { status?: SendStatus | undefined },
  now: Date,
): Promise<Page<PendingSentRequest>> {
  const statuses = query.status ? [query.status] : SEND_STATUSES;
  const page = await repository.findPendingSentRequests(
    db,
    userId,
    statuses,
    pageRequestOf(query),
    now,
  );
  return {
    items: page.items.map((row) => ({
      _id: row.requestId,
      toUserId: rowToCard(row),
      status: row.status,
      createdAt: row.requestedAt,
    })),
    next: page.next,
  };
}

/** The user's connections, the most recently accepted first. */
export async function listConnections(db: Database, userId: string): Promise<ConnectionCard[]> {
  const rows = await repository.findConnections(db, userId);
  return rows.map((row) => ({ ...rowToCard(row), publicId: row.publicId }));
}

// ---------- what other modules ask ----------

/** The accepted request between the two (their conversation), if they are connected. */
export function findConnectionId(
  db: Database,
  userId: string,
  otherId: string,
): Promise<string | undefined> {
  return repository.findConnectionId(db, userId, otherId);
}

/**
 * Their conversation when they are connected and in the same age band, in one statement; when
 * not, the caller asks `assertSameAgeBand` whether the age rule is why.
 */
export function findConnectionIdInAgeBand(
  db: Database,
  userId: string,
  otherId: string,
): Promise<string | undefined> {
  return repository.findConnectionIdInAgeBand(db, userId, otherId);
}

/** The ids of everyone connected with the user. */
/** Connections made, between people who are not banned (the landing and about statistics). */
export function countConnections(db: Database): Promise<number> {
  return repository.countConnections(db);
}

export function connectionIdsOf(db: Database, userId: string): Promise<string[]> {
  return repository.findConnectionIds(db, userId);
}

/** The one request the pair may have, whoever sent it. */
export function findRequestBetween(
  db: Database,
  userId: string,
  otherId: string,
): Promise<{ fromUserId: string; status: RequestStatus } | undefined> {
  return repository.findRequestBetween(db, userId, otherId);
}

/**
 * Inside a transaction that is about to delete the pair's connection: its id, the request locked
 * until the transaction ends, so no message joins the conversation meanwhile (a message's insert
 * waits for the lock, then finds no conversation). Undefined when they are not connected.
 */
export function lockConnection(
  tx: Database,
  userId: string,
  otherId: string,
): Promise<string | undefined> {
  return repository.findConnectionId(tx, userId, otherId, true);
}

/** Removes the pair's connection (and its conversation); undefined when they are not connected. */
export function removeConnection(
  db: Database,
  userId: string,
  otherId: string,
): Promise<{ id: string } | undefined> {
  return repository.deleteConnection(db, userId, otherId);
}

/** A block: whatever request the two have goes (a connection with its conversation). */
export function deleteRequestsBetween(db: Database, userId: string, otherId: string) {
  return repository.deleteRequestsBetween(db, userId, otherId);
}

/** Everyone with a request either way with the user (`all`), and those connected with them. */
export async function requestCounterpartsOf(
  db: Database,
  userId: string,
): Promise<{ connected: string[]; all: string[] }> {
  const rows = await repository.findCounterparts(db, userId);
  return {
    connected: rows.filter((row) => row.connected).map((row) => row.id),
    all: rows.map((row) => row.id),
  };
}

/**
 * The person's requests both ways and their connections. Deleting them deletes their
 * conversations (chat_messages cascade): chatPersonalData.deleteFor runs first (its
 * `deletionPhase`), to keep the other person's copy.
 */
/** Adds requests as they are, in the caller's transaction (the demo data's requests to the demo account). */
export function addRequests(tx: Database, rows: repository.NewRequest[]): Promise<void> {
  return repository.insertRequests(tx, rows);
}

export const requestsPersonalData: PersonalDataPart = {
  module: "requests",
  tables: ["connection_requests"],
  exportFor: (db, { userId }) => repository.findRequestExportRows(db, userId),
  deleteFor: (tx, userId) => repository.deleteRequestsOf(tx, userId),
};
