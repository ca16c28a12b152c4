import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { type CardRow, cardColumns, joinUser, personRef } from "./fragments.ts";

// Blocks (user_blocks): who hides whom. The rule every list applies is blockedEitherWay in
// fragments.ts; here are the block itself, its lifting, the list and the export.

/** Blocks the other person; false when there is no such person. Blocking twice is one block. */
export async function insertBlock(db: Database, userId: string, otherId: string): Promise<boolean> {
  const [row] = await selectRows<{ blocked: boolean }>(
    db,
    sql`
      with target as (select id from users where id = ${otherId}),
      block as (
        insert into user_blocks (blocker_id, blocked_id)
        select ${userId}, id from target
        on conflict do nothing
      )
      select exists (select 1 from target) as blocked
    `,
  );
  return Boolean(row?.blocked);
}

export async function deleteBlock(db: Database, userId: string, otherId: string): Promise<boolean> {
  const rows = await selectRows<{ blocked_id: string }>(
    db,
    sql`
      delete from user_blocks where blocker_id = ${userId} and blocked_id = ${otherId}
      returning blocked_id
    `,
  );
  return rows.length > 0;
}

/** Whether either of the two blocked the other. */
export async function isBlockedEitherWay(db: Database, a: string, b: string): Promise<boolean> {
  const [row] = await selectRows<{ blocked: boolean }>(
    db,
    sql`
      select exists (
        select 1 from user_blocks
        where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})
      ) as blocked
    `,
  );
  return Boolean(row?.blocked);
}

/** The people the user blocked, most recent first. */
export function findBlocked(db: Database, userId: string): Promise<CardRow[]> {
  return selectRows<CardRow>(
    db,
    sql`
      select ${cardColumns("u")}
      from user_blocks b
      ${joinUser("u", sql`b.blocked_id`)}
      where b.blocker_id = ${userId}
      order by b.created_at desc, b.blocked_id desc
    `,
  );
}

export type BlockExportRow = {
  user: { _id: string; firstName: string; lastName: string };
  createdAt: string;
};

/** The export's `blocks`: the people the user blocked, oldest first. */
export function findBlocksForExport(db: Database, userId: string): Promise<BlockExportRow[]> {
  return selectRows<BlockExportRow>(
    db,
    sql`select ${personRef("u")} as "user", ${isoTimestamp(sql`b.created_at`)} as "createdAt"
      from user_blocks b ${joinUser("u", sql`b.blocked_id`)}
      where b.blocker_id = ${userId} order by b.created_at`,
  );
}

/** Every block the user made or was the object of. */
export async function deleteBlocksOf(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`delete from user_blocks where blocker_id = ${userId} or blocked_id = ${userId}`,
  );
}
