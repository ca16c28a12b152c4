import { type ChatMessage, type ContentVisibility, DELETED_ACCOUNT_NAME } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { shownTo } from "../../db/visibility.ts";
import { connectionsOf } from "../requests/fragments.ts";
import { type CardRow, cardColumns, joinUser, personRef } from "../users/fragments.ts";

// A conversation is the accepted request of a pair: its id is the request's id, so removing the
// connection (or a block, which deletes the pair's request) deletes the messages and read markers
// with it, for both people; a copy is kept out of their reach first (kept-repository.ts).
//
// A message that is not `visible` (held by the automatic filter, or hidden pending a moderator)
// is its sender's alone: every read below shows it to the sender only (`shownTo`), and the
// recipient's unread counts, last message, resume and export leave it out.

/** SQL true when the viewer may see the message `alias`. */
function messageShownTo(viewerId: unknown, alias: string): SQL {
  const m = sql.raw(`"${alias}"`);
  return shownTo(viewerId, sql`${m}.visibility`, sql`${m}.from_user_id`);
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
      with c as ${connectionsOf(userId)}
      select ${cardColumns("u")}, u.public_id as "publicId",
        ${isoTimestamp(sql`u.created_at`)} as "joinedAt",
        u.instagram_link as "instagramLink", u.other_link as "otherLink",
        lm."_id" as "lastId", lm."fromUserId" as "lastFrom", lm."toUserId" as "lastTo",
        lm."text" as "lastText", lm."clientId" as "lastClientId", lm."createdAt" as "lastAt",
        ${isoTimestamp(sql`coalesce(lm.at, c.updated_at)`)} as "sortAt",
        (
          select count(*) from chat_messages m
          where m.conversation_id = c.id and m.to_user_id = ${userId} and m.visibility = 'visible'
            and m.seq > coalesce(
              (select last_read_seq from chat_reads r
               where r.conversation_id = c.id and r.user_id = ${userId}), 0)
        )::int as "unread"
      from c
      ${joinUser("u", sql`c.user_id`)}
      left join lateral (
        select ${messageColumns("m")}, m.created_at as at
        from chat_messages m
        where m.conversation_id = c.id and ${messageShownTo(userId, "m")}
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

/** One page of history as the viewer sees it, oldest first, older than `before` (a message id). */
export async function findMessages(
  db: Database,
  viewerId: string,
  conversationId: string,
  before: string | undefined,
  limit: number,
): Promise<{ messages: ChatMessage[]; nextBefore: string | null }> {
  const rows = await selectRows<ChatMessage>(
    db,
    sql`
      select ${messageColumns("m")}
      from chat_messages m
      where m.conversation_id = ${conversationId} and ${messageShownTo(viewerId, "m")}
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
    /** `held` when the automatic filter holds it; visible by default. */
    visibility?: ContentVisibility;
  },
): Promise<{ message: ChatMessage; created: boolean; visibility: ContentVisibility }> {
  const clientId = input.clientId ?? null;
  const [inserted] = await selectRows<ChatMessage & { visibility: ContentVisibility }>(
    db,
    sql`
      insert into chat_messages as m
        (conversation_id, from_user_id, to_user_id, client_id, text, visibility)
      values (${input.conversationId}, ${input.fromUserId}, ${input.toUserId}, ${clientId},
        ${input.text}, ${input.visibility ?? "visible"})
      on conflict (from_user_id, conversation_id, client_id) do nothing
      returning ${messageColumns("m")}, m.visibility
    `,
  );
  if (inserted) {
    const { visibility, ...message } = inserted;
    return { message, created: true, visibility };
  }
  const [existing] = await selectRows<ChatMessage & { visibility: ContentVisibility }>(
    db,
    sql`
      select ${messageColumns("m")}, m.visibility from chat_messages m
      where m.from_user_id = ${input.fromUserId} and m.conversation_id = ${input.conversationId}
        and m.client_id = ${clientId}
    `,
  );
  if (!existing) throw new Error("The message was neither stored nor found");
  const { visibility, ...message } = existing;
  return { message, created: false, visibility };
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
        select seq from chat_messages m
        where m.id = ${messageId} and m.conversation_id = ${conversationId}
          and ${messageShownTo(userId, "m")}
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
          and m.visibility = 'visible' and m.seq > (select last_read_seq from marker)
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
        select seq from chat_messages a
        where a.id = ${afterId} and (a.from_user_id = ${userId} or a.to_user_id = ${userId})
          and ${messageShownTo(userId, "a")}
      )
      select ${messageColumns("m")} from (
        select * from chat_messages where to_user_id = ${userId} and visibility = 'visible'
          and seq > (select seq from after)
        union all
        select * from chat_messages where from_user_id = ${userId} and seq > (select seq from after)
      ) m
      order by m.seq
      limit ${limit}
    `,
  );
}

// ---------- new accounts' first messages ----------

/** Whether the user has written in the conversation before. */
export async function hasWrittenIn(
  db: Database,
  conversationId: string,
  userId: string,
): Promise<boolean> {
  const rows = await selectRows<{ one: number }>(
    db,
    sql`select 1 as one from chat_messages
      where from_user_id = ${userId} and conversation_id = ${conversationId} limit 1`,
  );
  return rows.length > 0;
}

/** The conversations whose first message by the user was sent at or after `since`. */
export async function countFirstMessagesSince(
  db: Database,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
        select min(created_at) as first_at from chat_messages
        where from_user_id = ${userId}
        group by conversation_id
      ) firsts
      where first_at >= ${since.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

// ---------- the person's data ----------

export type MessageExportRow = {
  _id: string;
  direction: "sent" | "received";
  with: { _id: string; firstName: string; lastName: string };
  text: string;
  createdAt: string;
};

/**
 * The export's `messages`: every message the user sent or received, and those of the
 * conversations kept after the other person deleted their account, oldest first.
 */
export function findMessageExportRows(db: Database, userId: string): Promise<MessageExportRow[]> {
  const t = (column: string) => isoTimestamp(sql.raw(column));
  return selectRows<MessageExportRow>(
    db,
    sql`select m.id as "_id",
        case when m.from_user_id = ${userId} then 'sent' else 'received' end as "direction",
        ${personRef("u")} as "with", m.text, ${t("m.created_at")} as "createdAt"
      from chat_messages m
      ${joinUser("u", sql`case when m.from_user_id = ${userId} then m.to_user_id else m.from_user_id end`)}
      where (m.from_user_id = ${userId} or m.to_user_id = ${userId})
        and ${messageShownTo(userId, "m")}
      union all
      select m.id, case when m.from_owner then 'sent' else 'received' end,
        json_build_object('_id', a.id, 'firstName', ${DELETED_ACCOUNT_NAME}::text, 'lastName', ''),
        m.text, ${t("m.created_at")}
      from chat_archive_messages m join chat_archives a on a.id = m.archive_id
      where a.owner_id = ${userId}
      order by "createdAt", "_id"`,
  );
}

/**
 * Keeps every conversation of the user that has messages for the other person, read-only: the
 * messages both sent that the other person sees (never the user's held or hidden ones), without
 * the user's id (the other person sees them from "Deleted account"). Runs before the user's
 * requests go (the messages cascade from them), in the same transaction.
 */
export async function archiveConversationsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into chat_archives (id, owner_id)
    select c.id, c.user_id
    from ${connectionsOf(userId)} c
    where exists (
      select 1 from chat_messages m
      where m.conversation_id = c.id and ${messageShownTo(sql`c.user_id`, "m")}
    )
  `);
  await tx.execute(sql`
    insert into chat_archive_messages (id, archive_id, seq, from_owner, text, created_at)
    select m.id, m.conversation_id, m.seq, m.from_user_id <> ${userId}, m.text, m.created_at
    from chat_messages m
    join chat_archives a on a.id = m.conversation_id
    where (m.from_user_id = ${userId} or m.to_user_id = ${userId})
      and ${messageShownTo(sql`a.owner_id`, "m")}
  `);
}

/** The user's messages (both ways), read markers and own archives (their messages go with them). */
export async function deleteChatRowsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(
    sql`delete from chat_messages where from_user_id = ${userId} or to_user_id = ${userId}`,
  );
  await tx.execute(sql`delete from chat_reads where user_id = ${userId}`);
  await tx.execute(sql`delete from chat_archives where owner_id = ${userId}`);
}
