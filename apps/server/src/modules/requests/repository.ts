import type { RequestStatus, ReviewStatus, SendStatus } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sqlState } from "../../db/errors.ts";
import { pastCursor } from "../../db/keyset.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { connectionRequests } from "../../db/schema.ts";
import { type Page, type PageRequest, pageOf } from "../../lib/paging.ts";
import {
  bannedAccountIds,
  type CardRow,
  cardColumns,
  joinUser,
  meetable,
  personRef,
} from "../users/fragments.ts";
import { connectionInAgeBand, connectionsOf } from "./fragments.ts";

const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

export type SentRequestRow = {
  id: string;
  fromUserId: string;
  toUserId: string;
  status: RequestStatus;
};

export type SendOutcome =
  | {
      kind: "sent";
      request: SentRequestRow;
      /** The notification the statement made for the recipient (see `notify`), if any. */
      notificationId?: string | null;
    }
  | { kind: "exists" }
  | { kind: "unknown-user" };

/**
 * Inserts the request and lets the database decide: the pair index (least, greatest) makes a
 * second request between the same two people fail whoever sends it, even when two sends race,
 * and the foreign key rejects an unknown recipient without a separate lookup. `notify` gives the
 * CTEs (defining `notified`) that tell the recipient, over the new request's row, in the same
 * statement: the request and its notification need no transaction.
 */
export async function sendRequest(
  db: Database,
  fromUserId: string,
  toUserId: string,
  status: SendStatus,
  now: Date,
  notify?: (sent: { id: SQL; from: SQL }) => SQL,
): Promise<SendOutcome> {
  try {
    // Someone the sender may not meet (a block either way, under moderation, another age band)
    // is unknown to the sender.
    const [row] = await selectRows<SentRequestRow & { notificationId: string | null }>(
      db,
      sql`
        with sent as (
          insert into connection_requests (from_user_id, to_user_id, status)
          select ${fromUserId}, ${toUserId}, ${status}
          where ${meetable(fromUserId, toUserId, now)}
          returning id, from_user_id, to_user_id, status
        )${notify ? sql`, ${notify({ id: sql`sent.id`, from: sql`sent` })}` : sql``}
        select id, from_user_id as "fromUserId", to_user_id as "toUserId", status,
          ${notify ? sql`(select id from notified)` : sql`null::uuid`} as "notificationId"
        from sent
      `,
    );
    if (!row) return { kind: "unknown-user" };
    const { notificationId, ...request } = row;
    return { kind: "sent", request, notificationId };
  } catch (error) {
    const state = sqlState(error);
    if (state === UNIQUE_VIOLATION) return { kind: "exists" };
    if (state === FOREIGN_KEY_VIOLATION) return { kind: "unknown-user" };
    throw error;
  }
}

/** The interested requests the user sent since `since`, answered or not (not the ignored ones). */
export async function countInterestedSince(
  db: Database,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from connection_requests
      where from_user_id = ${userId} and status <> 'ignored'
        and created_at >= ${since.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

export type ReceivedRequestRow = CardRow & { requestId: string; requestedAt: string };

/**
 * Pending requests sent to the user, newest first (connection_requests_to_idx), from people the
 * user may meet at `now` (not under moderation, the same age band).
 */
export function findReceivedRequests(
  db: Database,
  userId: string,
  now: Date,
): Promise<ReceivedRequestRow[]> {
  return selectRows<ReceivedRequestRow>(
    db,
    sql`
      select r.id as "requestId", ${isoTimestamp(sql`r.created_at`)} as "requestedAt",
        ${cardColumns("u")}
      from connection_requests r
      ${joinUser("u", sql`r.from_user_id`)}
      where r.to_user_id = ${userId} and r.status = 'interested'
        and ${meetable(userId, sql`r.from_user_id`, now)}
      order by r.created_at desc, r.id desc
    `,
  );
}

export type PendingSentRow = CardRow & {
  requestId: string;
  requestedAt: string;
  status: SendStatus;
};

/**
 * The user's requests nobody has answered yet (`statuses`: ignored, interested or both), newest
 * first by (created_at, id), a page at a time, to people the user may meet at `now`.
 */
export async function findPendingSentRequests(
  db: Database,
  userId: string,
  statuses: readonly SendStatus[],
  page: PageRequest,
  now: Date,
): Promise<Page<PendingSentRow>> {
  // created_at keeps microseconds and a cursor milliseconds: the list orders and continues by the
  // millisecond, so rows within one millisecond are neither skipped nor repeated.
  const at = sql`date_trunc('milliseconds', r.created_at)`;
  const after = pastCursor(at, sql`r.id`, page.after, "desc");
  const rows = await selectRows<PendingSentRow>(
    db,
    sql`
      select r.id as "requestId", ${isoTimestamp(sql`r.created_at`)} as "requestedAt",
        r.status as "status", ${cardColumns("u")}
      from connection_requests r
      ${joinUser("u", sql`r.to_user_id`)}
      where r.from_user_id = ${userId}
        and r.status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
        ${after ? sql`and ${after}` : sql``}
        and ${meetable(userId, sql`r.to_user_id`, now)}
      order by ${at} desc, r.id desc
      limit ${page.limit + 1}
    `,
  );
  return pageOf(rows, page.limit, (row) => ({ at: new Date(row.requestedAt), id: row.requestId }));
}

/**
 * One conditional update: only the recipient, only a pending request. Two reviews of the same
 * request race on the row lock; the second finds it no longer pending and updates nothing.
 */
export async function reviewRequest(
  db: Database,
  userId: string,
  requestId: string,
  status: ReviewStatus,
): Promise<{ id: string; status: ReviewStatus; fromUserId: string } | undefined> {
  const [row] = await selectRows<{ id: string; status: ReviewStatus; fromUserId: string }>(
    db,
    sql`
      update connection_requests
      set status = ${status}, updated_at = now()
      where id = ${requestId} and to_user_id = ${userId} and status = 'interested'
      returning id, status, from_user_id as "fromUserId"
    `,
  );
  return row;
}

/** People with an accepted request either way, the most recently accepted first. */
export function findConnections(
  db: Database,
  userId: string,
): Promise<(CardRow & { publicId: string })[]> {
  return selectRows<CardRow & { publicId: string }>(
    db,
    sql`
      select ${cardColumns("u")}, u.public_id as "publicId"
      from ${connectionsOf(userId)} c
      ${joinUser("u", sql`c.user_id`)}
      order by c.updated_at desc, c.id desc
    `,
  );
}

/**
 * Undo: deletes a request the user sent that nobody has answered yet (interested or ignored).
 * One conditional delete, so an answer that lands first wins and the undo finds nothing.
 */
export async function deleteUnansweredRequest(
  db: Database,
  userId: string,
  requestId: string,
): Promise<{ id: string; toUserId: string; status: RequestStatus } | undefined> {
  const [row] = await selectRows<{ id: string; toUserId: string; status: RequestStatus }>(
    db,
    sql`
      delete from connection_requests
      where id = ${requestId} and from_user_id = ${userId}
        and status in ('interested', 'ignored')
      returning id, to_user_id as "toUserId", status
    `,
  );
  return row;
}

/** The accepted request between the two (their conversation's id), if they are connected. */
export async function findConnectionId(
  db: Database,
  userId: string,
  otherId: string,
  lock = false,
): Promise<string | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`
      select id from connection_requests
      where status = 'accepted'
        and ((from_user_id = ${userId} and to_user_id = ${otherId})
          or (from_user_id = ${otherId} and to_user_id = ${userId}))
      limit 1
      ${lock ? sql`for update` : sql``}
    `,
  );
  return row?.id;
}

/** Their conversation when they are connected and in one age band (connectionInAgeBand). */
export async function findConnectionIdInAgeBand(
  db: Database,
  userId: string,
  otherId: string,
): Promise<string | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from ${connectionInAgeBand(userId, otherId)} conversation`,
  );
  return row?.id;
}

/** Accepted requests between two people neither of whom is banned (the public statistics). */
export async function countConnections(db: Database): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`
      select count(*)::int as count from connection_requests
      where status = 'accepted'
        and from_user_id not in (${bannedAccountIds()})
        and to_user_id not in (${bannedAccountIds()})
    `,
  );
  return row?.count ?? 0;
}

/** The ids of everyone connected with the user. */
export async function findConnectionIds(db: Database, userId: string): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select user_id as id from ${connectionsOf(userId)} c`,
  );
  return rows.map((row) => row.id);
}

/** The one request the pair may have, whoever sent it. */
export async function findRequestBetween(
  db: Database,
  userId: string,
  otherId: string,
): Promise<{ fromUserId: string; status: RequestStatus } | undefined> {
  const [row] = await selectRows<{ fromUserId: string; status: RequestStatus }>(
    db,
    sql`
      select from_user_id as "fromUserId", status
      from connection_requests
      where (from_user_id = ${userId} and to_user_id = ${otherId})
        or (from_user_id = ${otherId} and to_user_id = ${userId})
      limit 1
    `,
  );
  return row;
}

/**
 * Deletes the accepted request of the pair, whoever sent it; its messages and read markers go
 * with it (foreign keys cascade). Undefined when the two are not connected.
 */
export async function deleteConnection(
  db: Database,
  userId: string,
  otherId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`
      delete from connection_requests
      where status = 'accepted'
        and ((from_user_id = ${userId} and to_user_id = ${otherId})
          or (from_user_id = ${otherId} and to_user_id = ${userId}))
      returning id
    `,
  );
  return row;
}

/** Deletes any request between the two, whatever its status (a connection with its conversation). */
export async function deleteRequestsBetween(
  db: Database,
  userId: string,
  otherId: string,
): Promise<void> {
  await db.execute(sql`
    delete from connection_requests
    where (from_user_id = ${userId} and to_user_id = ${otherId})
      or (from_user_id = ${otherId} and to_user_id = ${userId})
  `);
}

/** Everyone the user has a request with, either way, and whether it is a connection. */
export function findCounterparts(
  db: Database,
  userId: string,
): Promise<{ id: string; connected: boolean }[]> {
  return selectRows<{ id: string; connected: boolean }>(
    db,
    sql`
      select case when r.from_user_id = ${userId} then r.to_user_id else r.from_user_id end as id,
        bool_or(r.status = 'accepted') as connected
      from connection_requests r
      where r.from_user_id = ${userId} or r.to_user_id = ${userId}
      group by 1
    `,
  );
}

// ---------- the person's data ----------

type PersonRef = { _id: string; firstName: string; lastName: string };

export type RequestExportRows = {
  requestsSent: {
    _id: string;
    status: string;
    to: PersonRef;
    createdAt: string;
    updatedAt: string;
  }[];
  requestsReceived: {
    _id: string;
    status: string;
    from: PersonRef;
    createdAt: string;
    updatedAt: string;
  }[];
  connections: { _id: string; user: PersonRef; since: string }[];
};

/** The export's requests both ways and connections, each oldest first. */
export async function findRequestExportRows(
  db: Database,
  userId: string,
): Promise<RequestExportRows> {
  const t = (column: string) => isoTimestamp(sql.raw(column));
  const [requestsSent, requestsReceived, connections] = await Promise.all([
    selectRows<RequestExportRows["requestsSent"][number]>(
      db,
      sql`select r.id as "_id", r.status, ${personRef("u")} as "to",
        ${t("r.created_at")} as "createdAt", ${t("r.updated_at")} as "updatedAt"
      from connection_requests r ${joinUser("u", sql`r.to_user_id`)}
      where r.from_user_id = ${userId} order by r.created_at`,
    ),
    selectRows<RequestExportRows["requestsReceived"][number]>(
      db,
      sql`select r.id as "_id", r.status, ${personRef("u")} as "from",
        ${t("r.created_at")} as "createdAt", ${t("r.updated_at")} as "updatedAt"
      from connection_requests r ${joinUser("u", sql`r.from_user_id`)}
      where r.to_user_id = ${userId} order by r.created_at`,
    ),
    selectRows<RequestExportRows["connections"][number]>(
      db,
      sql`select r.id as "_id", ${personRef("u")} as "user", ${t("r.updated_at")} as "since"
      from connection_requests r
      ${joinUser("u", sql`case when r.from_user_id = ${userId} then r.to_user_id else r.from_user_id end`)}
      where r.status = 'accepted' and (r.from_user_id = ${userId} or r.to_user_id = ${userId})
      order by r.updated_at`,
    ),
  ]);
  return { requestsSent, requestsReceived, connections };
}

/** Every request the user sent or received (their conversations go with them: cascade). */
export async function deleteRequestsOf(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`delete from connection_requests where from_user_id = ${userId} or to_user_id = ${userId}`,
  );
}

export type NewRequest = typeof connectionRequests.$inferInsert;

/** Inserts requests as they are (the demo data), in the caller's transaction. */
export async function insertRequests(tx: Database, rows: NewRequest[]): Promise<void> {
  if (rows.length > 0) await tx.insert(connectionRequests).values(rows);
}
