import { DELETED_ACCOUNT_NAME } from "@kindred/shared";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { sessions, users } from "../../db/schema.ts";

/** Sets the new password hash and deletes every session of the user but `keepHash`; the ended ones' hashes. */
export async function setPasswordEndingOtherSessions(
  tx: Database,
  userId: string,
  passwordHash: string,
  keepHash: string,
  now: Date,
): Promise<string[]> {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepHash)))
    .returning({ idHash: sessions.idHash });
  return ended.map((row) => row.idHash);
}

/** Everyone whose lists or badges show the user: requests either way, messages, notifications. */
export async function findPeopleAffected(
  db: Database,
  userId: string,
): Promise<{ connected: string[]; all: string[] }> {
  const rows = await selectRows<{ id: string; connected: boolean }>(
    db,
    sql`
      select case when r.from_user_id = ${userId} then r.to_user_id else r.from_user_id end as id,
        bool_or(r.status = 'accepted') as connected
      from connection_requests r
      where r.from_user_id = ${userId} or r.to_user_id = ${userId}
      group by 1
      union all
      select n.user_id as id, false as connected
      from notification_actors a join notifications n on n.id = a.notification_id
      where a.actor_id = ${userId}
    `,
  );
  const connected = new Set(rows.filter((row) => row.connected).map((row) => row.id));
  const all = new Set(rows.map((row) => row.id));
  all.delete(userId);
  return { connected: [...connected], all: [...all] };
}

/**
 * Keeps every conversation of the user that has messages for the other person, read-only: the
 * messages both sent, without the user's id (the other person sees them from "Deleted account").
 * Runs before the user goes, in the same transaction.
 */
async function archiveConversationsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into chat_archives (id, owner_id)
    select r.id, case when r.from_user_id = ${userId} then r.to_user_id else r.from_user_id end
    from connection_requests r
    where r.status = 'accepted' and (r.from_user_id = ${userId} or r.to_user_id = ${userId})
      and exists (select 1 from chat_messages m where m.conversation_id = r.id)
  `);
  await tx.execute(sql`
    insert into chat_archive_messages (id, archive_id, seq, from_owner, text, created_at)
    select m.id, m.conversation_id, m.seq, m.from_user_id <> ${userId}, m.text, m.created_at
    from chat_messages m
    join chat_archives a on a.id = m.conversation_id
    where m.from_user_id = ${userId} or m.to_user_id = ${userId}
  `);
}

/**
 * Deletes the user; the foreign keys' cascades take the sessions, requests, connections and their
 * conversations, chat messages, notifications, push devices, blocks, reports and the community
 * member with its posts, groups and events. Answers the photo the user held (to free once nobody
 * refers to it).
 */
export async function deleteUser(
  tx: Database,
  userId: string,
): Promise<{ deleted: boolean; photoKey: string | null }> {
  await archiveConversationsOf(tx, userId);
  const [row] = await tx
    .delete(users)
    .where(eq(users.id, userId))
    .returning({ photoKey: users.photoKey });
  if (!row) return { deleted: false, photoKey: null };
  return { deleted: true, photoKey: row.photoKey };
}

// ---------- the export ----------

const other = (alias: string) => {
  const u = sql.raw(`"${alias}"`);
  return sql`json_build_object('_id', ${u}.id, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name)`;
};

export type PersonRef = { _id: string; firstName: string; lastName: string };

export type ExportRows = {
  requestsSent: {
    _id: string;
    status: string;
    to: PersonRef;
    createdAt: string;
    updatedAt: string;
  }[];
  requestsReceived: {
    _id: string;
    status: string;
    from: PersonRef;
    createdAt: string;
    updatedAt: string;
  }[];
  connections: { _id: string; user: PersonRef; since: string }[];
  messages: {
    _id: string;
    direction: "sent" | "received";
    with: PersonRef;
    text: string;
    createdAt: string;
  }[];
  communityMember: { _id: string; createdAt: string } | null;
  posts: { _id: string; title: string; content: string; createdAt: string }[];
  groups: { _id: string; name: string; description: string; tag: string; createdAt: string }[];
  events: {
    _id: string;
    title: string;
    description: string;
    location: string;
    startsAt: string;
    createdAt: string;
  }[];
  /** The study groups the member belongs to (the ones they created among them). */
  groupMemberships: { groupId: string; groupName: string; joinedAt: string }[];
  postReplies: { _id: string; postId: string; content: string; createdAt: string }[];
  postLikes: { postId: string; createdAt: string }[];
  /** The events the member answered: going, or waitlisted with their place. */
  eventRsvps: {
    eventId: string;
    eventTitle: string;
    status: string;
    waitlistPosition: number | null;
    answeredAt: string;
  }[];
  notifications: {
    _id: string;
    kind: string;
    url: string;
    actors: PersonRef[];
    createdAt: string;
    updatedAt: string;
    readAt: string | null;
  }[];
  pushDevices: { _id: string; endpointOrigin: string; createdAt: string }[];
  reports: {
    _id: string;
    about: PersonRef;
    reason: string;
    details: string | null;
    createdAt: string;
  }[];
  blocks: { user: PersonRef; createdAt: string }[];
  sessions: { createdAt: string; expiresAt: string; current: boolean }[];
};

/** Every row that names the user, with the other people as id and name only (never an email). */
export async function findExportRows(
  db: Database,
  userId: string,
  currentSessionHash: string,
): Promise<ExportRows> {
  const t = (column: string) => isoTimestamp(sql.raw(column));
  const [
    requestsSent,
    requestsReceived,
    connections,
    messages,
    members,
    posts,
    groups,
    events,
    groupMemberships,
    postReplies,
    postLikes,
    eventRsvps,
    notifications,
    pushDevices,
    reports,
    blocks,
    sessionRows,
  ] = await Promise.all([
    selectRows<ExportRows["requestsSent"][number]>(
      db,
      sql`select r.id as "_id", r.status, ${other("u")} as "to",
        ${t("r.created_at")} as "createdAt", ${t("r.updated_at")} as "updatedAt"
      from connection_requests r join users u on u.id = r.to_user_id
      where r.from_user_id = ${userId} order by r.created_at`,
    ),
    selectRows<ExportRows["requestsReceived"][number]>(
      db,
      sql`select r.id as "_id", r.status, ${other("u")} as "from",
        ${t("r.created_at")} as "createdAt", ${t("r.updated_at")} as "updatedAt"
      from connection_requests r join users u on u.id = r.from_user_id
      where r.to_user_id = ${userId} order by r.created_at`,
    ),
    selectRows<ExportRows["connections"][number]>(
      db,
      sql`select r.id as "_id", ${other("u")} as "user", ${t("r.updated_at")} as "since"
      from connection_requests r
      join users u on u.id = case when r.from_user_id = ${userId} then r.to_user_id else r.from_user_id end
      where r.status = 'accepted' and (r.from_user_id = ${userId} or r.to_user_id = ${userId})
      order by r.updated_at`,
    ),
    selectRows<ExportRows["messages"][number]>(
      db,
      sql`select m.id as "_id",
        case when m.from_user_id = ${userId} then 'sent' else 'received' end as "direction",
        ${other("u")} as "with", m.text, ${t("m.created_at")} as "createdAt"
      from chat_messages m
      join users u on u.id = case when m.from_user_id = ${userId} then m.to_user_id else m.from_user_id end
      where m.from_user_id = ${userId} or m.to_user_id = ${userId}
      union all
      select m.id, case when m.from_owner then 'sent' else 'received' end,
        json_build_object('_id', a.id, 'firstName', ${DELETED_ACCOUNT_NAME}::text, 'lastName', ''),
        m.text, ${t("m.created_at")}
      from chat_archive_messages m join chat_archives a on a.id = m.archive_id
      where a.owner_id = ${userId}
      order by "createdAt", "_id"`,
    ),
    selectRows<{ _id: string; createdAt: string }>(
      db,
      sql`select id as "_id", ${t("created_at")} as "createdAt"
      from community_members where user_id = ${userId}`,
    ),
    selectRows<ExportRows["posts"][number]>(
      db,
      sql`select p.id as "_id", p.title, p.content, ${t("p.created_at")} as "createdAt"
      from community_posts p join community_members c on c.id = p.author_id
      where c.user_id = ${userId} order by p.created_at`,
    ),
    selectRows<ExportRows["groups"][number]>(
      db,
      sql`select g.id as "_id", g.name, g.description, g.tag, ${t("g.created_at")} as "createdAt"
      from study_groups g join community_members c on c.id = g.author_id
      where c.user_id = ${userId} order by g.created_at`,
    ),
    selectRows<ExportRows["events"][number]>(
      db,
      sql`select e.id as "_id", e.title, e.description, e.location,
        ${t("e.starts_at")} as "startsAt", ${t("e.created_at")} as "createdAt"
      from community_events e join community_members c on c.id = e.author_id
      where c.user_id = ${userId} order by e.created_at`,
    ),
    selectRows<ExportRows["groupMemberships"][number]>(
      db,
      sql`select g.id as "groupId", g.name as "groupName", ${t("m.joined_at")} as "joinedAt"
      from study_group_members m join study_groups g on g.id = m.group_id
      join community_members c on c.id = m.member_id
      where c.user_id = ${userId} order by m.joined_at, g.id`,
    ),
    selectRows<ExportRows["postReplies"][number]>(
      db,
      sql`select r.id as "_id", r.post_id as "postId", r.content, ${t("r.created_at")} as "createdAt"
      from community_post_replies r join community_members c on c.id = r.author_id
      where c.user_id = ${userId} order by r.created_at, r.id`,
    ),
    selectRows<ExportRows["postLikes"][number]>(
      db,
      sql`select l.post_id as "postId", ${t("l.created_at")} as "createdAt"
      from community_post_likes l join community_members c on c.id = l.member_id
      where c.user_id = ${userId} order by l.created_at, l.post_id`,
    ),
    selectRows<ExportRows["eventRsvps"][number]>(
      db,
      sql`select e.id as "eventId", e.title as "eventTitle", r.status,
        case when r.status = 'waitlisted' then (
          select count(*) from event_rsvps w
          where w.event_id = r.event_id and w.status = 'waitlisted'
            and (w.created_at, w.member_id) <= (r.created_at, r.member_id)
        )::int end as "waitlistPosition",
        ${t("r.created_at")} as "answeredAt"
      from event_rsvps r join community_events e on e.id = r.event_id
      join community_members c on c.id = r.member_id
      where c.user_id = ${userId} order by r.created_at, e.id`,
    ),
    selectRows<ExportRows["notifications"][number]>(
      db,
      sql`select n.id as "_id", n.kind, n.url,
        coalesce((select json_agg(${other("u")} order by a.created_at)
          from notification_actors a join users u on u.id = a.actor_id
          where a.notification_id = n.id), '[]'::json) as "actors",
        ${t("n.created_at")} as "createdAt", ${t("n.updated_at")} as "updatedAt",
        case when n.read_at is null then null else ${t("n.read_at")} end as "readAt"
      from notifications n where n.user_id = ${userId} order by n.created_at`,
    ),
    selectRows<{ _id: string; endpoint: string; createdAt: string }>(
      db,
      sql`select id as "_id", endpoint, ${t("created_at")} as "createdAt"
      from push_subscriptions where user_id = ${userId} order by created_at`,
    ),
    selectRows<ExportRows["reports"][number]>(
      db,
      sql`select r.id as "_id", ${other("u")} as "about", r.reason, r.details,
        ${t("r.created_at")} as "createdAt"
      from user_reports r join users u on u.id = r.reported_id
      where r.reporter_id = ${userId} order by r.created_at`,
    ),
    selectRows<ExportRows["blocks"][number]>(
      db,
      sql`select ${other("u")} as "user", ${t("b.created_at")} as "createdAt"
      from user_blocks b join users u on u.id = b.blocked_id
      where b.blocker_id = ${userId} order by b.created_at`,
    ),
    selectRows<ExportRows["sessions"][number]>(
      db,
      sql`select ${t("created_at")} as "createdAt", ${t("expires_at")} as "expiresAt",
        id_hash = ${currentSessionHash} as "current"
      from sessions where user_id = ${userId} order by created_at`,
    ),
  ]);
  return {
    requestsSent,
    requestsReceived,
    connections,
    messages,
    communityMember: members[0] ?? null,
    posts,
    groups,
    events,
    groupMemberships,
    postReplies,
    postLikes,
    eventRsvps,
    notifications,
    pushDevices: pushDevices.map(({ endpoint, ...device }) => ({
      ...device,
      endpointOrigin: originOf(endpoint),
    })),
    reports,
    blocks,
    sessions: sessionRows,
  };
}

function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "";
  }
}
