import type { ReportReason } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { type CardRow, cardColumns } from "../users/fragments.ts";

export async function userExists(db: Database, userId: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(db, sql`select id from users where id = ${userId}`);
  return rows.length > 0;
}

/**
 * Deletes the accepted request of the pair, whoever sent it; its messages and read markers go
 * with it (foreign keys cascade). Undefined when the two are not connected.
 */
export async function removeConnection(
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

/** Deletes the owner's kept conversation with a deleted account, messages and all. */
export async function deleteArchive(
  db: Database,
  ownerId: string,
  archiveId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`delete from chat_archives where id = ${archiveId} and owner_id = ${ownerId} returning id`,
  );
  return row;
}

/**
 * Blocks the other person and, in the same statement, deletes any request between the two (a
 * pending one, a connection with its conversation): nothing of theirs is left to see. Answers
 * false for an unknown user. Blocking twice is one block.
 */
export async function blockUser(db: Database, userId: string, otherId: string): Promise<boolean> {
  const [row] = await selectRows<{ blocked: boolean }>(
    db,
    sql`
      with target as (select id from users where id = ${otherId}),
      block as (
        insert into user_blocks (blocker_id, blocked_id)
        select ${userId}, id from target
        on conflict do nothing
      ),
      cleared as (
        delete from connection_requests
        where exists (select 1 from target)
          and ((from_user_id = ${userId} and to_user_id = ${otherId})
            or (from_user_id = ${otherId} and to_user_id = ${userId}))
      )
      select exists (select 1 from target) as blocked
    `,
  );
  return Boolean(row?.blocked);
}

export async function unblockUser(db: Database, userId: string, otherId: string): Promise<boolean> {
  const rows = await selectRows<{ blocked_id: string }>(
    db,
    sql`
      delete from user_blocks where blocker_id = ${userId} and blocked_id = ${otherId}
      returning blocked_id
    `,
  );
  return rows.length > 0;
}

/** The people the user blocked, most recent first. */
export function findBlocked(db: Database, userId: string): Promise<CardRow[]> {
  return selectRows<CardRow>(
    db,
    sql`
      select ${cardColumns("u")}
      from user_blocks b
      join users u on u.id = b.blocked_id
      where b.blocker_id = ${userId}
      order by b.created_at desc, b.blocked_id desc
    `,
  );
}

export type StoredReport = {
  id: string;
  reporterEmail: string;
  reporterName: string;
  reportedName: string;
  reportedPublicId: string;
};

/** Stores the report; undefined for an unknown user. */
export async function insertReport(
  db: Database,
  input: { reporterId: string; reportedId: string; reason: ReportReason; details: string | null },
): Promise<StoredReport | undefined> {
  const [row] = await selectRows<StoredReport>(
    db,
    sql`
      with report as (
        insert into user_reports (reporter_id, reported_id, reason, details)
        select ${input.reporterId}, id, ${input.reason}, ${input.details}
        from users where id = ${input.reportedId}
        returning id, reporter_id, reported_id
      )
      select r.id, me.email as "reporterEmail",
        trim(me.first_name || ' ' || me.last_name) as "reporterName",
        trim(them.first_name || ' ' || them.last_name) as "reportedName",
        them.public_id as "reportedPublicId"
      from report r
      join users me on me.id = r.reporter_id
      join users them on them.id = r.reported_id
    `,
  );
  return row;
}
