import type { ChatReaction, ContentVisibility } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { shownTo } from "../../db/visibility.ts";

// What changes a stored message: edits (the earlier text kept in chat_message_edits for a
// report's snapshot), deletion for both, reactions and photos. Every change moves the message's
// `change_seq` past every seq so far: a reconnecting client gets it with its resume.

/** The next number of the messages' sequence, as SQL: later than every message stored so far. */
const nextChangeSeq: SQL = sql`nextval(pg_get_serial_sequence('chat_messages', 'seq'))`;

export type LockedMessage = {
  id: string;
  conversationId: string;
  fromUserId: string;
  toUserId: string;
  text: string;
  deleted: boolean;
  visibility: ContentVisibility;
  photos: number;
};

/**
 * The message, locked for a change, when the user sent or received it and may see it (a held or
 * hidden message is its author's alone); undefined otherwise.
 */
export async function lockMessageOf(
  tx: Database,
  userId: string,
  messageId: string,
): Promise<LockedMessage | undefined> {
  const [row] = await selectRows<LockedMessage>(
    tx,
    sql`
      select m.id, m.conversation_id as "conversationId", m.from_user_id as "fromUserId",
        m.to_user_id as "toUserId", m.text, m.deleted_at is not null as "deleted",
        m.visibility,
        (select count(*) from chat_photos p where p.message_id = m.id)::int as "photos"
      from chat_messages m
      where m.id = ${messageId} and (m.from_user_id = ${userId} or m.to_user_id = ${userId})
        and ${shownTo(userId, sql`m.visibility`, sql`m.from_user_id`)}
      for update
    `,
  );
  return row ? { ...row, photos: Number(row.photos) } : undefined;
}

/** Replaces the text, keeping the earlier one for moderation; answers when it was edited. */
export async function editMessageText(
  tx: Database,
  messageId: string,
  text: string,
  now: Date,
  visibility?: ContentVisibility,
): Promise<string> {
  await tx.execute(sql`
    insert into chat_message_edits (message_id, text, edited_at)
    select id, text, ${now.toISOString()}::timestamptz from chat_messages where id = ${messageId}
  `);
  const [row] = await selectRows<{ editedAt: string }>(
    tx,
    sql`
      update chat_messages set text = ${text}, edited_at = ${now.toISOString()}::timestamptz,
        change_seq = ${nextChangeSeq}
        ${visibility ? sql`, visibility = ${visibility}` : sql``}
      where id = ${messageId}
      returning ${isoTimestamp(sql`edited_at`)} as "editedAt"
    `,
  );
  if (!row) throw new Error("The message to edit is gone");
  return row.editedAt;
}

/**
 * Deletes the message for both: its text, earlier texts, reactions and photo rows go (the
 * photos' ids are answered, for their files); the row stays, so replies still quote it as
 * deleted and the order holds.
 */
export async function deleteMessageContent(
  tx: Database,
  messageId: string,
  now: Date,
): Promise<{ deletedAt: string; photoIds: string[] }> {
  await tx.execute(sql`delete from chat_message_edits where message_id = ${messageId}`);
  await tx.execute(sql`delete from chat_reactions where message_id = ${messageId}`);
  const photos = await selectRows<{ id: string }>(
    tx,
    sql`delete from chat_photos where message_id = ${messageId} returning id`,
  );
  const [row] = await selectRows<{ deletedAt: string }>(
    tx,
    sql`
      update chat_messages set text = '', deleted_at = ${now.toISOString()}::timestamptz,
        change_seq = ${nextChangeSeq}
      where id = ${messageId}
      returning ${isoTimestamp(sql`deleted_at`)} as "deletedAt"
    `,
  );
  if (!row) throw new Error("The message to delete is gone");
  return { deletedAt: row.deletedAt, photoIds: photos.map((photo) => photo.id) };
}

export type ReactionUsers = { emoji: ChatReaction; userIds: string[] };

/** Adds (`on`) or takes back the user's reaction; answers the message's reactions now. */
export async function setReaction(
  tx: Database,
  messageId: string,
  userId: string,
  emoji: ChatReaction,
  on: boolean,
): Promise<ReactionUsers[]> {
  const changed = on
    ? await selectRows<{ one: number }>(
        tx,
        sql`insert into chat_reactions (message_id, user_id, emoji)
          values (${messageId}, ${userId}, ${emoji})
          on conflict do nothing returning 1 as one`,
      )
    : await selectRows<{ one: number }>(
        tx,
        sql`delete from chat_reactions
          where message_id = ${messageId} and user_id = ${userId} and emoji = ${emoji}
          returning 1 as one`,
      );
  if (changed.length > 0) {
    await tx.execute(
      sql`update chat_messages set change_seq = ${nextChangeSeq} where id = ${messageId}`,
    );
  }
  return reactionsOf(tx, messageId);
}

/** Each emoji on the message with who gave it, in the order they first appeared. */
export function reactionsOf(db: Database, messageId: string): Promise<ReactionUsers[]> {
  return selectRows<ReactionUsers>(
    db,
    sql`
      select emoji, array_agg(user_id::text order by created_at, user_id) as "userIds"
      from chat_reactions where message_id = ${messageId}
      group by emoji
      order by min(created_at), emoji
    `,
  );
}

// ---------- photos ----------

/** A chat photo uploaded and not yet sent: its uploader's only. */
export async function insertChatPhoto(
  db: Database,
  photo: { id: string; ownerId: string; width: number; height: number },
): Promise<void> {
  await db.execute(sql`
    insert into chat_photos (id, owner_id, width, height)
    values (${photo.id}, ${photo.ownerId}, ${photo.width}, ${photo.height})
  `);
}

/**
 * Gives the message the sender's unsent photos, in the order given; false (and nothing changed
 * by the caller's rollback) when one of them is not the sender's or was sent already.
 */
export async function attachPhotos(
  tx: Database,
  ownerId: string,
  messageId: string,
  photoIds: string[],
): Promise<boolean> {
  const ids = [...new Set(photoIds.map((id) => id.toLowerCase()))];
  if (ids.length !== photoIds.length) return false;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`
      update chat_photos set message_id = ${messageId},
        position = array_position(array[${list}], id)
      where id in (${list}) and owner_id = ${ownerId} and message_id is null
      returning id
    `,
  );
  return rows.length === ids.length;
}

/**
 * Whether the viewer may load the chat photo: its uploader before it is sent; once sent, the two
 * people of its message while they see it (live), or the owner of a conversation kept after the
 * other person deleted their account.
 */
export async function canSeeChatPhoto(
  db: Database,
  viewerId: string,
  photoId: string,
): Promise<boolean> {
  const rows = await selectRows<{ one: number }>(
    db,
    sql`
      select 1 as one from chat_photos p
      where p.id = ${photoId} and (
        (p.message_id is null and p.owner_id = ${viewerId})
        or exists (
          select 1 from chat_messages m
          where m.id = p.message_id and m.deleted_at is null
            and (m.from_user_id = ${viewerId} or m.to_user_id = ${viewerId})
            and ${shownTo(viewerId, sql`m.visibility`, sql`m.from_user_id`)}
        )
        or exists (
          select 1 from chat_archive_messages am
          join chat_archives a on a.id = am.archive_id
          where am.id = p.message_id and a.owner_id = ${viewerId} and am.deleted_at is null
        )
      )
    `,
  );
  return rows.length > 0;
}

/**
 * Photo rows nobody can reach any more: unsent after `unsentBefore`, or whose message is gone
 * from every table that holds messages (the account was deleted, the kept conversation purged).
 * Deleted here; their ids are answered, for their files.
 */
export async function deleteUnreachablePhotos(
  db: Database,
  unsentBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
      delete from chat_photos where id in (
        select p.id from chat_photos p
        where (p.message_id is null and p.created_at < ${unsentBefore.toISOString()}::timestamptz)
          or (p.message_id is not null
            and not exists (select 1 from chat_messages m where m.id = p.message_id)
            and not exists (select 1 from chat_archive_messages m where m.id = p.message_id)
            and not exists (select 1 from chat_kept_messages m where m.id = p.message_id))
        limit ${limit}
      )
      returning id
    `,
  );
  return rows.map((row) => row.id);
}
