import {
  CHAT_EXCERPT_LENGTH,
  type ChatMessage,
  type ContentVisibility,
  DELETED_ACCOUNT_NAME,
} from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { shownTo } from "../../db/visibility.ts";
import { meetupJson } from "../meetups/fragments.ts";
import { connectionInAgeBand, connectionsOf } from "../requests/fragments.ts";
import {
  type CardRow,
  cardColumns,
  joinUser,
  personRef,
  readReceiptsOnForBoth,
} from "../users/fragments.ts";

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

/** A chat photo's address for one size (served by GET /api/chat/photos/:file to the two only). */
export function chatPhotoUrlSql(id: SQL, size: "card" | "large"): SQL {
  return sql`'/api/chat/photos/chat-' || ${id} || '-${sql.raw(size)}.webp'`;
}

/**
 * A message's columns as `viewerId` reads it (ChatMessage): the reply's quote (a deleted
 * original, or one the viewer may not see, is quoted as deleted), the reactions with whether the
 * viewer is among them, the photos, and whether the other person has read it (the viewer's own
 * message, both with receipts on).
 */
export function messageColumns(alias: string, viewerId: unknown): SQL {
  const m = sql.raw(`"${alias}"`);
  return sql`${m}.id as "_id", ${m}.from_user_id as "fromUserId", ${m}.to_user_id as "toUserId",
    ${m}.text as "text", ${m}.client_id as "clientId",
    ${isoTimestamp(sql`${m}.created_at`)} as "createdAt",
    ${isoTimestamp(sql`${m}.edited_at`)} as "editedAt",
    ${isoTimestamp(sql`${m}.deleted_at`)} as "deletedAt",
    (select json_build_object('_id', r.id, 'fromUserId', r.from_user_id,
        'excerpt', case when r.deleted_at is null and ${messageShownTo(viewerId, "r")}
          then left(split_part(r.text, E'\n', 1), ${CHAT_EXCERPT_LENGTH}) else '' end,
        'deleted', not (r.deleted_at is null and ${messageShownTo(viewerId, "r")}),
        'photos', (select count(*) from chat_photos rp where rp.message_id = r.id)::int)
      from chat_messages r where r.id = ${m}.reply_to_id) as "replyTo",
    coalesce((select json_agg(json_build_object('emoji', x.emoji, 'count', x.n, 'mine', x.mine)
        order by x.first_at, x.emoji)
      from (select emoji, count(*)::int as n, bool_or(user_id = ${viewerId}::uuid) as mine,
          min(created_at) as first_at
        from chat_reactions where message_id = ${m}.id group by emoji) x), '[]'::json)
      as "reactions",
    coalesce((select json_agg(json_build_object('_id', p.id,
          'thumb', ${chatPhotoUrlSql(sql`p.id`, "card")}, 'large', ${chatPhotoUrlSql(sql`p.id`, "large")},
          'width', p.width, 'height', p.height) order by p.position)
      from chat_photos p where p.message_id = ${m}.id), '[]'::json) as "photos",
    (${m}.from_user_id = ${viewerId}::uuid and ${m}.deleted_at is null
      and exists (select 1 from chat_reads rr
        where rr.conversation_id = ${m}.conversation_id and rr.user_id = ${m}.to_user_id
          and rr.last_read_seq >= ${m}.seq)
      and ${readReceiptsOnForBoth(sql`${m}.from_user_id`, sql`${m}.to_user_id`)}) as "readByOther",
    ${meetupJson(sql`${m}.meetup_id`)} as "meetup"`;
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
        lastMessage: (ChatMessage & { at?: unknown }) | null;
        sortAt: string;
      }
  >(
    db,
    sql`
      with c as ${connectionsOf(userId)}
      select ${cardColumns("u")}, u.public_id as "publicId",
        ${isoTimestamp(sql`u.created_at`)} as "joinedAt",
        u.instagram_link as "instagramLink", u.other_link as "otherLink",
        lm.message as "lastMessage",
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
        select to_json(x) as message, x.at from (
          select ${messageColumns("m", userId)}, m.created_at as at
          from chat_messages m
          where m.conversation_id = c.id and ${messageShownTo(userId, "m")}
          order by m.seq desc
          limit 1
        ) x
      ) lm on true
      order by coalesce(lm.at, c.updated_at) desc, c.id desc
    `,
  );
  return rows.map((row) => {
    const last = row.lastMessage;
    let lastMessage: ChatMessage | null = null;
    if (last) {
      const { at: _, ...message } = last;
      lastMessage = message;
    }
    return { ...row, unread: Number(row.unread), lastMessage };
  });
}

type PageRows = { messages: ChatMessage[]; nextBefore: string | null; nextAfter: string | null };

/** The seq of a message of the conversation, as SQL (null when it is not there). */
function seqOf(conversationId: string, messageId: string): SQL {
  return sql`(select seq from chat_messages
    where id = ${messageId} and conversation_id = ${conversationId})`;
}

/** Up to `limit` messages of the conversation the viewer sees, from a side of `seq`. */
function sideOf(
  viewerId: string,
  conversationId: string,
  where: SQL,
  order: "asc" | "desc",
  limit: number,
): SQL {
  return sql`
    select ${messageColumns("m", viewerId)}, m.seq
    from chat_messages m
    where m.conversation_id = ${conversationId} and ${messageShownTo(viewerId, "m")} and ${where}
    order by m.seq ${sql.raw(order)}
    limit ${limit}`;
}

type SeqRow = ChatMessage & { seq: unknown };
const withoutSeq = (rows: SeqRow[]): ChatMessage[] => rows.map(({ seq: _, ...message }) => message);

/**
 * One page of history as the viewer sees it, oldest first: the newest `limit`, those older than
 * `before`, or those newer than `after` (message ids). `nextBefore` and `nextAfter` name the
 * pages on either side (null: none).
 */
export async function findMessages(
  db: Database,
  viewerId: string,
  conversationId: string,
  from: { before?: string | undefined; after?: string | undefined },
  limit: number,
): Promise<PageRows> {
  if (from.after) {
    const rows = await selectRows<SeqRow>(
      db,
      sideOf(
        viewerId,
        conversationId,
        sql`m.seq > ${seqOf(conversationId, from.after)}`,
        "asc",
        limit + 1,
      ),
    );
    const page = withoutSeq(rows.slice(0, limit));
    return {
      messages: page,
      nextBefore: page[0]?._id ?? null,
      nextAfter: rows.length > limit ? (page.at(-1)?._id ?? null) : null,
    };
  }
  const where = from.before ? sql`m.seq < ${seqOf(conversationId, from.before)}` : sql`true`;
  const rows = await selectRows<SeqRow>(
    db,
    sideOf(viewerId, conversationId, where, "desc", limit + 1),
  );
  const page = withoutSeq(rows.slice(0, limit).reverse());
  const nextBefore = rows.length > limit ? (page[0]?._id ?? null) : null;
  return { messages: page, nextBefore, nextAfter: from.before ? (page.at(-1)?._id ?? null) : null };
}

/**
 * A page with the message in it: up to a quarter of `limit` before it, the rest from it on,
 * oldest first (so a conversation opened at its first unread shows a little of what came before).
 * Undefined when the viewer sees no such message in the conversation.
 */
export async function findMessagesAround(
  db: Database,
  viewerId: string,
  conversationId: string,
  messageId: string,
  limit: number,
): Promise<PageRows | undefined> {
  const seq = seqOf(conversationId, messageId);
  const beforeCount = Math.floor(limit / 4);
  const afterCount = limit - beforeCount;
  const [older, newer] = await Promise.all([
    selectRows<SeqRow>(
      db,
      sideOf(viewerId, conversationId, sql`m.seq < ${seq}`, "desc", beforeCount + 1),
    ),
    selectRows<SeqRow>(
      db,
      sideOf(viewerId, conversationId, sql`m.seq >= ${seq}`, "asc", afterCount + 1),
    ),
  ]);
  if (newer[0]?._id !== messageId) return undefined;
  const before = withoutSeq(older.slice(0, beforeCount).reverse());
  const after = withoutSeq(newer.slice(0, afterCount));
  const messages = [...before, ...after];
  return {
    messages,
    nextBefore: older.length > beforeCount ? (messages[0]?._id ?? null) : null,
    nextAfter: newer.length > afterCount ? (messages.at(-1)?._id ?? null) : null,
  };
}

/**
 * The messages of the conversation the viewer sees that hold every word of `q` (the beginning of
 * a word counts), newest first, at most `limit`; deleted ones never.
 */
export async function searchMessages(
  db: Database,
  viewerId: string,
  conversationId: string,
  q: string,
  limit: number,
): Promise<ChatMessage[]> {
  return selectRows<ChatMessage>(
    db,
    sql`
      with query as (
        select to_tsquery('simple'::regconfig, string_agg(quote_literal(lexeme) || ':*', ' & ')) as q
        from unnest(to_tsvector('simple'::regconfig, ${q}))
      )
      select ${messageColumns("m", viewerId)}
      from chat_messages m, query
      where query.q is not null and m.search_vector @@ query.q
        and m.conversation_id = ${conversationId} and m.deleted_at is null
        and ${messageShownTo(viewerId, "m")}
      order by m.seq desc
      limit ${limit}
    `,
  );
}

/** The viewer's first unread message in the conversation and how many are unread. */
export async function findFirstUnread(
  db: Database,
  viewerId: string,
  conversationId: string,
): Promise<{ firstUnreadId: string | null; count: number }> {
  const [row] = await selectRows<{ firstUnreadId: string | null; count: number }>(
    db,
    sql`
      with unread as (
        select m.id, m.seq from chat_messages m
        where m.conversation_id = ${conversationId} and m.to_user_id = ${viewerId}
          and m.visibility = 'visible'
          and m.seq > coalesce((select last_read_seq from chat_reads r
            where r.conversation_id = ${conversationId} and r.user_id = ${viewerId}), 0)
      )
      select (select id from unread order by seq limit 1) as "firstUnreadId",
        (select count(*) from unread)::int as "count"
    `,
  );
  return { firstUnreadId: row?.firstUnreadId ?? null, count: Number(row?.count ?? 0) };
}

/** One message as the viewer sees it; undefined when there is none the viewer may see. */
export async function findMessageById(
  db: Database,
  viewerId: string,
  messageId: string,
): Promise<ChatMessage | undefined> {
  const [row] = await selectRows<ChatMessage>(
    db,
    sql`select ${messageColumns("m", viewerId)} from chat_messages m
      where m.id = ${messageId} and ${messageShownTo(viewerId, "m")}`,
  );
  return row;
}

/**
 * The two people's conversation as a subquery for insertMessage, naming none unless they are
 * connected and in one age band: the message then checks both in its own statement.
 */
export function conversationOfPair(userId: string, otherId: string): SQL {
  return connectionInAgeBand(userId, otherId);
}

/** A message to store; `conversationId` is an id or a subquery of at most one id. */
type NewMessage = {
  conversationId: string | SQL;
  fromUserId: string;
  toUserId: string;
  text: string;
  clientId: string | undefined;
  replyToId?: string | undefined;
  /** The meet-up the message proposes (meetups module). */
  meetupId?: string | undefined;
  /** `held` when the automatic filter holds it; visible by default. */
  visibility?: ContentVisibility;
};

export type StoredMessage = {
  id: string;
  created: boolean;
  visibility: ContentVisibility;
  /** A new message as its sender reads it (before any photo is attached). */
  message?: ChatMessage;
  /** The notification `notify` made or grew, if any. */
  notificationId?: string | null;
};

/**
 * CTEs (defining `notified`) that tell the recipient of a new message in the same statement, over
 * its row: then the message and its notification need no transaction.
 */
type NotifyInStatement = (inserted: { id: SQL; from: SQL }) => SQL;

/**
 * Stores a message. A clientId already used by the sender in this conversation returns the
 * message it first stored (the unique index decides, also when two retries race). The
 * conversation is its id, or a subquery of at most one id (requests' `connectionInAgeBand`):
 * then nothing is stored, and undefined answered, when it names none.
 */
export async function insertMessage(
  db: Database,
  input: NewMessage & { conversationId: string },
  notify?: NotifyInStatement,
): Promise<StoredMessage>;
export async function insertMessage(
  db: Database,
  input: NewMessage,
  notify?: NotifyInStatement,
): Promise<StoredMessage | undefined>;
export async function insertMessage(
  db: Database,
  input: NewMessage,
  notify?: NotifyInStatement,
): Promise<StoredMessage | undefined> {
  const clientId = input.clientId ?? null;
  const byId = typeof input.conversationId === "string";
  const conversation = byId ? sql`${input.conversationId}::uuid` : input.conversationId;
  // By id, the row's values; by subquery, a select that yields no row when it names nobody.
  const row = sql`${input.fromUserId}::uuid, ${input.toUserId}::uuid, ${clientId}::varchar,
    ${input.text}::varchar, ${input.visibility ?? "visible"}::text, ${input.replyToId ?? null}::uuid,
    ${input.meetupId ?? null}::uuid`;
  const source = byId
    ? sql`values (${conversation}, ${row})`
    : sql`select conversation.id, ${row} from ${conversation} conversation`;
  // The new row is read as its sender sees it in the same statement, so the answer needs no
  // second round trip.
  const [inserted] = await selectRows<
    ChatMessage & { visibility: ContentVisibility; notificationId: string | null }
  >(
    db,
    sql`
      with inserted as (
        insert into chat_messages as m
          (conversation_id, from_user_id, to_user_id, client_id, text, visibility, reply_to_id,
            meetup_id)
        ${source}
        on conflict (from_user_id, conversation_id, client_id) do nothing
        returning m.*
      )${notify ? sql`, ${notify({ id: sql`inserted.id`, from: sql`inserted` })}` : sql``}
      select ${messageColumns("m", input.fromUserId)}, m.visibility as "visibility",
        ${notify ? sql`(select id from notified)` : sql`null::uuid`} as "notificationId"
      from inserted m
    `,
  );
  if (inserted) {
    const { visibility, notificationId, ...message } = inserted;
    return {
      id: message._id,
      visibility,
      created: true,
      message: message as ChatMessage,
      notificationId,
    };
  }
  const [existing] = await selectRows<{ id: string; visibility: ContentVisibility }>(
    db,
    sql`
      select m.id, m.visibility from chat_messages m
      where m.from_user_id = ${input.fromUserId} and m.conversation_id = ${conversation}
        and m.client_id = ${clientId}
    `,
  );
  if (existing) return { ...existing, created: false };
  if (byId) throw new Error("The message was neither stored nor found");
  return undefined;
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

/** The seq of `afterId` when the user sent or received it and sees it, as SQL. */
function resumePoint(userId: string, afterId: string): SQL {
  return sql`(select seq from chat_messages a
    where a.id = ${afterId} and (a.from_user_id = ${userId} or a.to_user_id = ${userId})
      and ${messageShownTo(userId, "a")})`;
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
      with after as (select ${resumePoint(userId, afterId)} as seq)
      select ${messageColumns("m", userId)} from (
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

/**
 * The user's messages (sent or received, up to the given one) changed after it: edited, deleted
 * or reacted to since, as they are now, in the order they changed; at most `limit`.
 */
export async function findChangedAfter(
  db: Database,
  userId: string,
  afterId: string,
  limit: number,
): Promise<ChatMessage[]> {
  return selectRows<ChatMessage>(
    db,
    sql`
      with after as (select ${resumePoint(userId, afterId)} as seq)
      select ${messageColumns("m", userId)} from chat_messages m
      where m.change_seq > (select seq from after) and m.seq <= (select seq from after)
        and (m.from_user_id = ${userId} or m.to_user_id = ${userId})
        and ${messageShownTo(userId, "m")}
      order by m.change_seq
      limit ${limit}
    `,
  );
}

/**
 * Where each of the user's connections has read their conversation up to, where that is at or
 * after the given message and both have read receipts on.
 */
export async function findSeenAfter(
  db: Database,
  userId: string,
  afterId: string,
): Promise<{ userId: string; messageId: string }[]> {
  return selectRows<{ userId: string; messageId: string }>(
    db,
    sql`
      with after as (select ${resumePoint(userId, afterId)} as seq)
      select c.user_id as "userId", m.id as "messageId"
      from ${connectionsOf(userId)} c
      join chat_reads r on r.conversation_id = c.id and r.user_id = c.user_id
      join chat_messages m on m.seq = r.last_read_seq
      where r.last_read_seq >= (select seq from after)
        and ${readReceiptsOnForBoth(userId, sql`c.user_id`)}
    `,
  );
}

/** Whether both people show read receipts ("Seen"). */
export async function receiptsOnForBoth(
  db: Database,
  userId: string,
  otherId: string,
): Promise<boolean> {
  const [row] = await selectRows<{ on: boolean | null }>(
    db,
    sql`select ${readReceiptsOnForBoth(userId, otherId)} as "on"`,
  );
  return row?.on === true;
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
  editedAt: string | null;
  deletedAt: string | null;
  /** The id of the message this one answers. */
  replyTo: string | null;
  reactions: { emoji: string; by: "me" | "them" }[];
  /** The photos' addresses (the large size). */
  photos: string[];
};

/** The photos of the message `m` as the export lists them: their large addresses. */
const exportPhotos = sql`coalesce((select json_agg(${chatPhotoUrlSql(sql`p.id`, "large")}
    order by p.position) from chat_photos p where p.message_id = m.id), '[]'::json)`;

/**
 * The export's `messages`: every message the user sent or received, and those of the
 * conversations kept after the other person deleted their account, oldest first, with their
 * edits, replies, reactions and photos as they are.
 */
export function findMessageExportRows(db: Database, userId: string): Promise<MessageExportRow[]> {
  const t = (column: string) => isoTimestamp(sql.raw(column));
  return selectRows<MessageExportRow>(
    db,
    sql`select m.id as "_id",
        case when m.from_user_id = ${userId} then 'sent' else 'received' end as "direction",
        ${personRef("u")} as "with", m.text, ${t("m.created_at")} as "createdAt",
        ${t("m.edited_at")} as "editedAt", ${t("m.deleted_at")} as "deletedAt",
        m.reply_to_id as "replyTo",
        coalesce((select json_agg(json_build_object('emoji', r.emoji,
            'by', case when r.user_id = ${userId} then 'me' else 'them' end) order by r.created_at)
          from chat_reactions r where r.message_id = m.id), '[]'::json) as "reactions",
        ${exportPhotos} as "photos"
      from chat_messages m
      ${joinUser("u", sql`case when m.from_user_id = ${userId} then m.to_user_id else m.from_user_id end`)}
      where (m.from_user_id = ${userId} or m.to_user_id = ${userId})
        and ${messageShownTo(userId, "m")}
      union all
      select m.id, case when m.from_owner then 'sent' else 'received' end,
        json_build_object('_id', a.id, 'firstName', ${DELETED_ACCOUNT_NAME}::text, 'lastName', ''),
        m.text, ${t("m.created_at")}, ${t("m.edited_at")}, ${t("m.deleted_at")}, m.reply_to_id,
        coalesce((select json_agg(json_build_object('emoji', e->>'emoji',
            'by', case when (e->>'fromOwner')::boolean then 'me' else 'them' end))
          from jsonb_array_elements(m.reactions) e), '[]'::json),
        ${exportPhotos}
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
    insert into chat_archive_messages
      (id, archive_id, seq, from_owner, text, created_at, edited_at, deleted_at, reply_to_id,
       reactions)
    select m.id, m.conversation_id, m.seq, m.from_user_id <> ${userId}, m.text, m.created_at,
      m.edited_at, m.deleted_at, m.reply_to_id,
      coalesce((select jsonb_agg(jsonb_build_object('emoji', r.emoji,
          'fromOwner', r.user_id <> ${userId}) order by r.created_at)
        from chat_reactions r where r.message_id = m.id), '[]'::jsonb)
    from chat_messages m
    join chat_archives a on a.id = m.conversation_id
    where (m.from_user_id = ${userId} or m.to_user_id = ${userId})
      and ${messageShownTo(sql`a.owner_id`, "m")}
  `);
  // The archived messages' photos become the owner's (the deleted person's id goes); every
  // other photo of the person is left to the sweep, which deletes it with its files.
  await tx.execute(sql`
    update chat_photos p set owner_id = a.owner_id
    from chat_archive_messages am join chat_archives a on a.id = am.archive_id
    where p.message_id = am.id and p.owner_id = ${userId} and a.owner_id <> ${userId}
  `);
  await tx.execute(sql`
    update chat_photos set owner_id = ${GONE_OWNER}, message_id = null,
      created_at = 'epoch'::timestamptz
    where owner_id = ${userId}
  `);
}

/** The owner of photos left for the sweep (no account has this id). */
const GONE_OWNER = "00000000-0000-0000-0000-000000000000";

/** The user's messages (both ways), read markers and own archives (their messages go with them). */
export async function deleteChatRowsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(
    sql`delete from chat_messages where from_user_id = ${userId} or to_user_id = ${userId}`,
  );
  await tx.execute(sql`delete from chat_reads where user_id = ${userId}`);
  await tx.execute(sql`delete from chat_archives where owner_id = ${userId}`);
}
