import { CHAT_EXCERPT_LENGTH, type ChatMessage } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { chatPhotoUrlSql } from "./repository.ts";

// Conversations kept after the other person deleted their account (see chatArchives in the
// schema). In the contract the archive's id stands where the other person's id stood: the
// messages the owner did not send are "from" it.

export type ArchiveRow = { id: string; createdAt: string; lastMessage: ChatMessage | null };

function archiveMessageColumns(ownerId: string): ReturnType<typeof sql> {
  const from = sql`case when m.from_owner then ${ownerId}::uuid else m.archive_id end`;
  return sql`m.id as "_id",
    ${from} as "fromUserId",
    case when m.from_owner then m.archive_id else ${ownerId}::uuid end as "toUserId",
    m.text as "text", null as "clientId", ${isoTimestamp(sql`m.created_at`)} as "createdAt",
    ${isoTimestamp(sql`m.edited_at`)} as "editedAt",
    ${isoTimestamp(sql`m.deleted_at`)} as "deletedAt",
    (select json_build_object('_id', r.id,
        'fromUserId', case when r.from_owner then ${ownerId}::uuid else r.archive_id end,
        'excerpt', case when r.deleted_at is null
          then left(split_part(r.text, E'\n', 1), ${CHAT_EXCERPT_LENGTH}) else '' end,
        'deleted', r.deleted_at is not null,
        'photos', (select count(*) from chat_photos rp where rp.message_id = r.id)::int)
      from chat_archive_messages r where r.id = m.reply_to_id and r.archive_id = m.archive_id)
      as "replyTo",
    coalesce((select json_agg(json_build_object('emoji', x.emoji, 'count', x.n, 'mine', x.mine)
        order by x.emoji)
      from (select e->>'emoji' as emoji, count(*)::int as n, bool_or((e->>'fromOwner')::boolean) as mine
        from jsonb_array_elements(m.reactions) e group by e->>'emoji') x), '[]'::json) as "reactions",
    coalesce((select json_agg(json_build_object('_id', p.id,
          'thumb', ${chatPhotoUrlSql(sql`p.id`, "card")}, 'large', ${chatPhotoUrlSql(sql`p.id`, "large")},
          'width', p.width, 'height', p.height) order by p.position)
      from chat_photos p where p.message_id = m.id), '[]'::json) as "photos",
    false as "readByOther", null::json as "meetup"`;
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
): Promise<{ messages: ChatMessage[]; nextBefore: string | null; nextAfter: null }> {
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
  return { messages: page, nextBefore, nextAfter: null };
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
