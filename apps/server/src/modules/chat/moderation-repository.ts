import type { ContentVisibility } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import type { ContentForModeration } from "../../lib/moderated-content.ts";

// What the moderation module reads and changes of chat messages (through service.ts's messagesModeration).

/** The message whoever asks (moderation reads it); undefined when it is gone. */
export async function findMessageForModeration(
  db: Database,
  id: string,
): Promise<ContentForModeration | undefined> {
  const [row] = await selectRows<ContentForModeration>(
    db,
    sql`select from_user_id::text as "authorId", null as "title", text as "text", visibility
      from chat_messages where id = ${id}`,
  );
  return row;
}

export async function setMessageVisibility(
  db: Database,
  id: string,
  visibility: ContentVisibility,
): Promise<void> {
  await db.execute(sql`update chat_messages set visibility = ${visibility} where id = ${id}`);
}

/** Deletes the message (a moderator removed it); false when it was already gone. */
export async function removeMessage(db: Database, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from chat_messages where id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** Whether the person wrote or received the message. */
export async function isMessageParticipant(
  db: Database,
  userId: string,
  messageId: string,
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from chat_messages
      where id = ${messageId} and (from_user_id = ${userId} or to_user_id = ${userId})`,
  );
  return rows.length > 0;
}
