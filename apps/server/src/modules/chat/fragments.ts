import { type SQL, sql } from "drizzle-orm";
import { connectionsOf } from "../requests/fragments.ts";

// The SQL the chat module lends to other modules' repositories: the notification centre counts
// unread messages in its badges and in a message notification's sentence, in its own statements.

/**
 * A person's messages after their read marker in a conversation (`conversation` is SQL); a
 * message that is not `visible` (held, hidden) is its sender's alone and never unread.
 */
function unreadIn(conversation: SQL, userId: unknown, alias: string): SQL {
  const m = sql.raw(`"${alias}"`);
  return sql`${m}.conversation_id = ${conversation} and ${m}.to_user_id = ${userId}
    and ${m}.visibility = 'visible'
    and ${m}.seq > coalesce((
      select last_read_seq from chat_reads r
      where r.conversation_id = ${conversation} and r.user_id = ${userId}
    ), 0)`;
}

/** The unread messages to the user across their conversations, as the chat list counts them. */
export function unreadMessageCount(userId: unknown): SQL {
  return sql`(
    select coalesce(sum((
      select count(*) from chat_messages m
      where ${unreadIn(sql`c.id`, userId, "m")}
    )), 0)
    from ${connectionsOf(userId)} c
  )`;
}

/**
 * The messages to the user in `messageId`'s conversation, up to that one, sent at or after
 * `since` and still unread: what a message notification stands for.
 */
export function unreadMessagesUpTo(messageId: unknown, userId: unknown, since: unknown): SQL {
  return sql`(
    select count(*) from chat_messages s
    join chat_messages m on m.conversation_id = s.conversation_id and m.seq <= s.seq
    where s.id = ${messageId} and m.created_at >= ${since}
      and ${unreadIn(sql`s.conversation_id`, userId, "m")}
  )`;
}

/** True when `messageId` comes no later than `readUpToId` (a read marker there covers it). */
export function messageCoveredBy(messageId: unknown, readUpToId: unknown): SQL {
  return sql`(select seq from chat_messages where id = ${messageId})
    <= (select seq from chat_messages where id = ${readUpToId})`;
}
