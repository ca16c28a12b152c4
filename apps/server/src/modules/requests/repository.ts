import type { RequestStatus, ReviewStatus, SendStatus } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sqlState } from "../../db/errors.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { blockedEitherWay, type CardRow, cardColumns } from "../users/fragments.ts";

const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

export type SentRequestRow = {
  id: string;
  fromUserId: string;
  toUserId: string;
  status: RequestStatus;
};

export type SendOutcome =
  | { kind: "sent"; request: SentRequestRow }
  | { kind: "exists" }
  | { kind: "unknown-user" };

/**
 * Inserts the request and lets the database decide: the pair index (least, greatest) makes a
 * second request between the same two people fail whoever sends it, even when two sends race,
 * and the foreign key rejects an unknown recipient without a separate lookup.
 */
export async function sendRequest(
  db: Database,
  fromUserId: string,
  toUserId: string,
  status: SendStatus,
): Promise<SendOutcome> {
  try {
    // A block either way makes the other person unknown to the sender.
    const [row] = await selectRows<SentRequestRow>(
      db,
      sql`
        insert into connection_requests (from_user_id, to_user_id, status)
        select ${fromUserId}, ${toUserId}, ${status}
        where not ${blockedEitherWay(fromUserId, toUserId)}
        returning id, from_user_id as "fromUserId", to_user_id as "toUserId", status
      `,
    );
    if (!row) return { kind: "unknown-user" };
    return { kind: "sent", request: row };
  } catch (error) {
    const state = sqlState(error);
    if (state === UNIQUE_VIOLATION) return { kind: "exists" };
    if (state === FOREIGN_KEY_VIOLATION) return { kind: "unknown-user" };
    throw error;
  }
}

export type ReceivedRequestRow = CardRow & { requestId: string; requestedAt: string };

/** Pending requests sent to the user, newest first (connection_requests_to_idx). */
export function findReceivedRequests(db: Database, userId: string): Promise<ReceivedRequestRow[]> {
  return selectRows<ReceivedRequestRow>(
    db,
    sql`
      select r.id as "requestId", ${isoTimestamp(sql`r.created_at`)} as "requestedAt",
        ${cardColumns("u")}
      from connection_requests r
      join users u on u.id = r.from_user_id
      where r.to_user_id = ${userId} and r.status = 'interested'
      order by r.created_at desc, r.id desc
    `,
  );
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
      from (
        select to_user_id as user_id, updated_at as connected_at, id
        from connection_requests
        where from_user_id = ${userId} and status = 'accepted'
        union all
        select from_user_id, updated_at, id
        from connection_requests
        where to_user_id = ${userId} and status = 'accepted'
      ) c
      join users u on u.id = c.user_id
      order by c.connected_at desc, c.id desc
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
