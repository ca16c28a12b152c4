import type { ChatMessage } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";

// Conversations kept after the other person deleted their account (see chatArchives in the
// schema). In the contract the archive's id stands where the other person's id stood: the
// messages the owner did not send are "from" it.

export type ArchiveRow = { id: string; createdAt: string; lastMessage: ChatMessage | null };

function archiveMessageColumns(ownerId: string): ReturnType<typeof sql> {
  return sql`m.id as "_id",
    case when m.from_owner then ${ownerId}::uuid else m.archive_id end as "fromUserId",
    case when m.from_owner then m.archive_id else ${ownerId}::uuid end as "toUserId",
    m.text as "text", null as "clientId", ${isoTimestamp(sql`m.created_at`)} as "createdAt"`;
}

/** The owner's archived conversations, each with its last message. */
export async function findArchives(db: Database, ownerId: string): Promise<ArchiveRow[]> {
  const rows = await selectRows<{ id: string; createdAt: string; last: ChatMessage | null }>(
    db,
    sql`
      select a.id, ${isoTimestamp(sql`a.created_at`)} as "createdAt",
        (select row_to_json(x) from (
          select ${archiveMessageColumns(ownerId)} from chat_archive_messages m
          where m.archive_id = a.id order by m.seq desc limit 1) x) as "last"
      from chat_archives a
      where a.owner_id = ${ownerId}
    `,
  );
  return rows.map((row) => ({ id: row.id, createdAt: row.createdAt, lastMessage: row.last }));
}

/** Whether the archive is the owner's. */
export async function isArchiveOf(
  db: Database,
  ownerId: string,
  archiveId: string,
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from chat_archives where id = ${archiveId} and owner_id = ${ownerId}`,
  );
  return rows.length > 0;
}

/** One page of an archive's history, oldest first, like findMessages. */
export async function findArchiveMessages(
  db: Database,
  ownerId: string,
  archiveId: string,
  before: string | undefined,
  limit: number,
): Promise<{ messages: ChatMessage[]; nextBefore: string | null }> {
  const rows = await selectRows<ChatMessage>(
    db,
    sql`
      select ${archiveMessageColumns(ownerId)}
      from chat_archive_messages m
      where m.archive_id = ${archiveId}
        ${
          before
            ? sql`and m.seq < (select seq from chat_archive_messages
                  where id = ${before} and archive_id = ${archiveId})`
            : sql``
        }
      order by m.seq desc
      limit ${limit + 1}
    `,
  );
  const page = rows.slice(0, limit).reverse();
  const nextBefore = rows.length > limit ? (page[0]?._id ?? null) : null;
  return { messages: page, nextBefore };
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
