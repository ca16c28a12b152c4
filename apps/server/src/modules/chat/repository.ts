import type { ChatMessage } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { type CardRow, cardColumns } from "../users/fragments.ts";

// A conversation is the accepted request of a pair: its id is the request's id, so removing the
// connection (or a block, which deletes the pair's request) deletes the messages and read markers
// with it, for both people.

/** The accepted request between the two, if they are connected. */
export async function findConversationId(
  db: Database,
  userId: string,
  otherId: string,
): Promise<string | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`
      select id from connection_requests
      where status = 'accepted'
        and ((from_user_id = ${userId} and to_user_id = ${otherId})
          or (from_user_id = ${otherId} and to_user_id = ${userId}))
      limit 1
    `,
  );
  return row?.id;
}

/** The ids of everyone connected with the user (who hears about the user's presence). */
export async function findConnectionIds(db: Database, userId: string): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
      select to_user_id as id from connection_requests
      where from_user_id = ${userId} and status = 'accepted'
      union all
      select from_user_id from connection_requests
      where to_user_id = ${userId} and status = 'accepted'
    `,
  );
  return rows.map((row) => row.id);
}

function messageColumns(alias: string): SQL {
  const m = sql.raw(`"${alias}"`);
  return sql`${m}.id as "_id", ${m}.from_user_id as "fromUserId", ${m}.to_user_id as "toUserId",
    ${m}.text as "text", ${m}.client_id as "clientId",
    ${isoTimestamp(sql`${m}.created_at`)} as "createdAt"`;
}

type ContactColumns = {
  publicId: string;
  joinedAt: string;
  instagramLink: string | null;
  otherLink: string | null;
};

export type ConversationRow = CardRow &
  ContactColumns & {
    lastMessage: ChatMessage | null;
    unread: number;
    /** What the list is ordered by: the last message's time, else when the two connected. */
    sortAt: string;
  };

/** The user's conversations with their last message and exact unread count, most recent first. */
export async function findConversations(db: Database, userId: string): Promise<ConversationRow[]> {
  const rows = await selectRows<
    CardRow &
      ContactColumns & {
        unread: number;
        lastId: string | null;
        lastFrom: string | null;
        lastTo: string | null;
        lastText: string | null;
        lastClientId: string | null;
        lastAt: string | null;
        sortAt: string;
      }
  >(
    db,
    sql`
      with c as (
        select id, to_user_id as user_id, updated_at from connection_requests
        where from_user_id = ${userId} and status = 'accepted'
        union all
        select id, from_user_id, updated_at from connection_requests
        where to_user_id = ${userId} and status = 'accepted'
      )
      select ${cardColumns("u")}, u.public_id as "publicId",
        ${isoTimestamp(sql`u.created_at`)} as "joinedAt",
        u.instagram_link as "instagramLink", u.other_link as "otherLink",
        lm."_id" as "lastId", lm."fromUserId" as "lastFrom", lm."toUserId" as "lastTo",
        lm."text" as "lastText", lm."clientId" as "lastClientId", lm."createdAt" as "lastAt",
        ${isoTimestamp(sql`coalesce(lm.at, c.updated_at)`)} as "sortAt",
        (
          select count(*) from chat_messages m
          where m.conversation_id = c.id and m.to_user_id = ${userId}
            and m.seq > coalesce(
              (select last_read_seq from chat_reads r
               where r.conversation_id = c.id and r.user_id = ${userId}), 0)
        )::int as "unread"
      from c
      join users u on u.id = c.user_id
      left join lateral (
        select ${messageColumns("m")}, m.created_at as at
        from chat_messages m
        where m.conversation_id = c.id
        order by m.seq desc
        limit 1
      ) lm on true
      order by coalesce(lm.at, c.updated_at) desc, c.id desc
    `,
  );
  return rows.map((row) => ({
    ...row,
    unread: Number(row.unread),
    lastMessage:
      row.lastId && row.lastFrom && row.lastTo && row.lastText !== null && row.lastAt
        ? {
            _id: row.lastId,
            fromUserId: row.lastFrom,
            toUserId: row.lastTo,
            text: row.lastText,
            clientId: row.lastClientId,
            createdAt: row.lastAt,
          }
        : null,
  }));
}

/** One page of history, oldest first, older than `before` (a message id) when given. */
export async function findMessages(
  db: Database,
  conversationId: string,
  before: string | undefined,
  limit: number,
): Promise<{ messages: ChatMessage[]; nextBefore: string | null }> {
  const rows = await selectRows<ChatMessage>(
    db,
    sql`
      select ${messageColumns("m")}
      from chat_messages m
      where m.conversation_id = ${conversationId}
        ${
          before
            ? sql`and m.seq < (select seq from chat_messages
                  where id = ${before} and conversation_id = ${conversationId})`
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

/**
 * Stores a message. A clientId already used by the sender in this conversation returns the
 * message it first stored (the unique index decides, also when two retries race).
 */
export async function insertMessage(
  db: Database,
  input: {
    conversationId: string;
    fromUserId: string;
    toUserId: string;
    text: string;
    clientId: string | undefined;
  },
): Promise<{ message: ChatMessage; created: boolean }> {
  const clientId = input.clientId ?? null;
  const [inserted] = await selectRows<ChatMessage>(
    db,
    sql`
      insert into chat_messages as m (conversation_id, from_user_id, to_user_id, client_id, text)
      values (${input.conversationId}, ${input.fromUserId}, ${input.toUserId}, ${clientId},
        ${input.text})
      on conflict (from_user_id, conversation_id, client_id) do nothing
      returning ${messageColumns("m")}
    `,
  );
  if (inserted) return { message: inserted, created: true };
  const [existing] = await selectRows<ChatMessage>(
    db,
    sql`
      select ${messageColumns("m")} from chat_messages m
      where m.from_user_id = ${input.fromUserId} and m.conversation_id = ${input.conversationId}
        and m.client_id = ${clientId}
    `,
  );
  if (!existing) throw new Error("The message was neither stored nor found");
  return { message: existing, created: false };
}

/**
 * Moves the reader's marker up to the message (never back) and answers the unread count left;
 * undefined when the message is not in the conversation.
 */
export async function markRead(
  db: Database,
  conversationId: string,
  userId: string,
  messageId: string,
): Promise<number | undefined> {
  const [row] = await selectRows<{ unread: number }>(
    db,
    sql`
      with target as (
        select seq from chat_messages where id = ${messageId} and conversation_id = ${conversationId}
      ),
      marker as (
        insert into chat_reads (conversation_id, user_id, last_read_seq)
        select ${conversationId}, ${userId}, seq from target
        on conflict (conversation_id, user_id)
        do update set last_read_seq = greatest(chat_reads.last_read_seq, excluded.last_read_seq)
        returning last_read_seq
      )
      select (
        select count(*) from chat_messages m
        where m.conversation_id = ${conversationId} and m.to_user_id = ${userId}
          and m.seq > (select last_read_seq from marker)
      )::int as unread
      from marker
    `,
  );
  return row ? Number(row.unread) : undefined;
}

/**
 * What a reconnecting user missed: the messages to or from them after the given one, oldest
 * first, at most `limit`.
 */
export async function findMessagesAfter(
  db: Database,
  userId: string,
  afterId: string,
  limit: number,
): Promise<ChatMessage[]> {
  return selectRows<ChatMessage>(
    db,
    sql`
      with after as (
        select seq from chat_messages
        where id = ${afterId} and (from_user_id = ${userId} or to_user_id = ${userId})
      )
      select ${messageColumns("m")} from (
        select * from chat_messages where to_user_id = ${userId} and seq > (select seq from after)
        union all
        select * from chat_messages where from_user_id = ${userId} and seq > (select seq from after)
      ) m
      order by m.seq
      limit ${limit}
    `,
  );
}
