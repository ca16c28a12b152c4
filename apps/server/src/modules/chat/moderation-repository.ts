import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { moderatedRows } from "../../db/moderated-rows.ts";
import { selectRows } from "../../db/rows.ts";

// What the moderation module reads and changes of chat messages (through service.ts's messagesModeration).

const messages = moderatedRows({
  table: "chat_messages",
  author: "from_user_id",
  title: null,
  text: "text",
});

export const findMessageForModeration = messages.find;
export const setMessageVisibility = messages.setVisibility;
export const removeMessage = messages.remove;

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
