import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { joinUser, personRef } from "../users/fragments.ts";

// Conversations closed by a removal or a block, kept out of reach of both people until their
// `delete_after` (see chatKeptConversations in the schema), and the evidence a report reads from
// a conversation, live or kept. A kept conversation's id is the former conversation's.

/** A message as a report's evidence shows it. */
export type EvidenceMessage = {
  _id: string;
  fromUserId: string;
  text: string;
  createdAt: string;
  /** Its earlier texts, when it was edited (live conversations), oldest first. */
  edits: { text: string; editedAt: string }[];
  /** Its photos' ids, in order. */
  photos: string[];
};

/** Where a conversation's messages are: live (chat_messages) or kept (chat_kept_messages). */
export type MessageSource = { kind: "live" | "kept"; id: string };

/** The pair's two ids in the stored order (`user_a` < `user_b`), as SQL. */
function orderedPair(userId: string, otherId: string): { a: SQL; b: SQL } {
  return {
    a: sql`least(${userId}::uuid, ${otherId}::uuid)`,
    b: sql`greatest(${userId}::uuid, ${otherId}::uuid)`,
  };
}

/** Not yet past its 30 days at `now` (when given; otherwise kept until purged). */
function stillKept(alias: string, now: Date | undefined): SQL {
  if (!now) return sql`true`;
  return sql`${sql.raw(`"${alias}"`)}.delete_after > ${now.toISOString()}::timestamptz`;
}

/**
 * Keeps the conversation with its messages (nothing when it has none), before its request is
 * deleted in the same transaction; true when it was kept. A second call for the same conversation
 * (two removals at once) keeps nothing more.
 */
export async function insertKeptConversation(
  tx: Database,
  input: {
    conversationId: string;
    userId: string;
    otherId: string;
    closedAt: Date;
    deleteAfter: Date;
  },
): Promise<boolean> {
  const { a, b } = orderedPair(input.userId, input.otherId);
  const [row] = await selectRows<{ kept: number }>(
    tx,
    sql`
      with kept as (
        insert into chat_kept_conversations (id, user_a, user_b, closed_at, delete_after)
        select ${input.conversationId}, ${a}, ${b}, ${input.closedAt.toISOString()}::timestamptz,
          ${input.deleteAfter.toISOString()}::timestamptz
        where exists (select 1 from chat_messages where conversation_id = ${input.conversationId})
        on conflict (id) do nothing
        returning id
      ),
      copied as (
        insert into chat_kept_messages (id, kept_id, seq, from_user_id, to_user_id, text, created_at)
        select m.id, k.id, m.seq, m.from_user_id, m.to_user_id, m.text, m.created_at
        from chat_messages m join kept k on k.id = m.conversation_id
        returning id
      )
      select (select count(*) from kept)::int as kept, (select count(*) from copied)::int as copied
    `,
  );
  return Number(row?.kept ?? 0) > 0;
}

/** Deletes the kept conversations due at `now`, messages and all; their ids. */
export async function deleteDueKeptConversations(db: Database, now: Date): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from chat_kept_conversations
      where delete_after <= ${now.toISOString()}::timestamptz returning id`,
  );
  return rows.map((row) => row.id);
}

/** When the kept conversation is due to go; undefined when it is gone. */
export async function findKeptDeleteAfter(db: Database, keptId: string): Promise<Date | undefined> {
  const [row] = await selectRows<{ deleteAfter: string }>(
    db,
    sql`select ${isoTimestamp(sql`delete_after`)} as "deleteAfter"
      from chat_kept_conversations where id = ${keptId}`,
  );
  return row ? new Date(row.deleteAfter) : undefined;
}

/** The person's kept conversations, either side (their messages go with them). */
export async function deleteKeptConversationsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(
    sql`delete from chat_kept_conversations where user_a = ${userId} or user_b = ${userId}`,
  );
}

// ---------- evidence ----------

function sourceTable(source: MessageSource): { table: SQL; conversation: SQL } {
  return source.kind === "live"
    ? { table: sql.raw("chat_messages"), conversation: sql.raw("conversation_id") }
    : { table: sql.raw("chat_kept_messages"), conversation: sql.raw("kept_id") };
}

/**
 * A message as evidence; a live one with its earlier texts (`chat_message_edits`, kept for this
 * only), oldest first.
 */
function evidenceColumnsOf(source: MessageSource): SQL {
  const edits =
    source.kind === "live"
      ? sql`coalesce((select json_agg(json_build_object('text', e.text,
            'editedAt', ${isoTimestamp(sql`e.edited_at`)}) order by e.edited_at)
          from chat_message_edits e where e.message_id = m.id), '[]'::json)`
      : sql`'[]'::json`;
  const photos = sql`coalesce((select json_agg(p.id order by p.position)
      from chat_photos p where p.message_id = m.id), '[]'::json)`;
  return sql`m.id as "_id", m.from_user_id as "fromUserId", m.text,
    ${isoTimestamp(sql`m.created_at`)} as "createdAt", ${edits} as "edits",
    ${photos} as "photos", m.seq`;
}

/**
 * Up to `before` messages before the given one, the message, and up to `after` after it, oldest
 * first; [] when it is not in the conversation.
 */
export async function findMessagesAround(
  db: Database,
  source: MessageSource,
  messageId: string,
  before: number,
  after: number,
): Promise<EvidenceMessage[]> {
  const { table, conversation } = sourceTable(source);
  const evidenceColumns = evidenceColumnsOf(source);
  const rows = await selectRows<EvidenceMessage & { seq: number }>(
    db,
    sql`
      with target as (
        select seq from ${table} where id = ${messageId} and ${conversation} = ${source.id}
      )
      select * from (
        (select ${evidenceColumns} from ${table} m
          where m.${conversation} = ${source.id} and m.seq <= (select seq from target)
          order by m.seq desc limit ${before + 1})
        union all
        (select ${evidenceColumns} from ${table} m
          where m.${conversation} = ${source.id} and m.seq > (select seq from target)
          order by m.seq limit ${after})
      ) x
      order by x.seq
    `,
  );
  return rows.map(({ seq: _, ...message }) => message);
}

/** The conversation's last `limit` messages, oldest first. */
export async function findLastMessages(
  db: Database,
  source: MessageSource,
  limit: number,
): Promise<EvidenceMessage[]> {
  const { table, conversation } = sourceTable(source);
  const rows = await selectRows<EvidenceMessage & { seq: number }>(
    db,
    sql`select ${evidenceColumnsOf(source)} from ${table} m where m.${conversation} = ${source.id}
      order by m.seq desc limit ${limit}`,
  );
  return rows.reverse().map(({ seq: _, ...message }) => message);
}

/** Whether the message is in the live conversation. */
export async function isMessageIn(
  db: Database,
  conversationId: string,
  messageId: string,
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from chat_messages where id = ${messageId} and conversation_id = ${conversationId}`,
  );
  return rows.length > 0;
}

/** The pair's kept conversation holding the message; undefined when none does. */
export async function findKeptConversationWith(
  db: Database,
  userId: string,
  otherId: string,
  messageId: string,
  now: Date | undefined,
): Promise<string | undefined> {
  const { a, b } = orderedPair(userId, otherId);
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select k.id from chat_kept_messages m join chat_kept_conversations k on k.id = m.kept_id
      where m.id = ${messageId} and k.user_a = ${a} and k.user_b = ${b} and ${stillKept("k", now)}`,
  );
  return row?.id;
}

/** The pair's most recently closed kept conversation; undefined when they have none. */
export async function findLatestKeptConversation(
  db: Database,
  userId: string,
  otherId: string,
  now: Date | undefined,
): Promise<string | undefined> {
  const { a, b } = orderedPair(userId, otherId);
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select k.id from chat_kept_conversations k
      where k.user_a = ${a} and k.user_b = ${b} and ${stillKept("k", now)}
      order by k.closed_at desc, k.id desc limit 1`,
  );
  return row?.id;
}

export type ReportedMessage = {
  messageId: string;
  fromUserId: string;
  toUserId: string;
  otherId: string;
};

/** A message, live or kept, that the person sent or received; undefined otherwise. */
export async function findMessageOf(
  db: Database,
  userId: string,
  messageId: string,
  now: Date | undefined,
): Promise<ReportedMessage | undefined> {
  const columns = sql`m.id as "messageId", m.from_user_id as "fromUserId",
    m.to_user_id as "toUserId",
    case when m.from_user_id = ${userId} then m.to_user_id else m.from_user_id end as "otherId"`;
  const [row] = await selectRows<ReportedMessage>(
    db,
    sql`
      (select ${columns} from chat_messages m
        where m.id = ${messageId} and (m.from_user_id = ${userId} or m.to_user_id = ${userId}))
      union all
      (select ${columns} from chat_kept_messages m
        join chat_kept_conversations k on k.id = m.kept_id
        where m.id = ${messageId} and (m.from_user_id = ${userId} or m.to_user_id = ${userId})
          and ${stillKept("k", now)})
      limit 1
    `,
  );
  return row;
}

// ---------- the person's data ----------

export type KeptMessageExportRow = {
  _id: string;
  to: { _id: string; firstName: string; lastName: string };
  text: string;
  createdAt: string;
  deleteAfter: string;
};

/**
 * The export's `keptMessages`: the messages the person wrote in conversations closed by a
 * removal or a block and kept until `deleteAfter`, oldest first. The other person's messages
 * there are theirs, kept as evidence, and are not exported.
 */
export function findKeptMessageExportRows(
  db: Database,
  userId: string,
): Promise<KeptMessageExportRow[]> {
  return selectRows<KeptMessageExportRow>(
    db,
    sql`select m.id as "_id", ${personRef("u")} as "to", m.text,
        ${isoTimestamp(sql`m.created_at`)} as "createdAt",
        ${isoTimestamp(sql`k.delete_after`)} as "deleteAfter"
      from chat_kept_messages m join chat_kept_conversations k on k.id = m.kept_id
      ${joinUser("u", sql`m.to_user_id`)}
      where m.from_user_id = ${userId}
      order by m.created_at, m.id`,
  );
}
