import {
  NOTIFICATION_ACTORS_SHOWN,
  type NotificationKind,
  type NotificationSettingsPatch,
  type NotificationSubjectType,
  type UnreadCounts,
} from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { stillMeaningful } from "../../db/notification-sql.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { notificationSettings } from "../../db/schema.ts";
import { blockedEitherWay, type CardRow, cardColumns } from "../users/fragments.ts";

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  groupKey: string;
  actorId: string;
  subjectType: NotificationSubjectType;
  subjectId: string;
  url: string;
};

/**
 * Creates the notification, or grows the unread one of its group, and records the actor: one
 * statement, so two causes at the same moment meet on the partial unique index (the second waits
 * for the first and updates its row) instead of making two rows. Nothing for one's own action or
 * between two people who blocked each other either way: undefined then.
 */
export async function upsertNotification(
  db: Database,
  input: NewNotification,
): Promise<{ id: string } | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`
      with grown as (
        insert into notifications as n (user_id, kind, group_key, subject_type, subject_id, url)
        select ${input.userId}, ${input.kind}, ${input.groupKey}, ${input.subjectType},
          ${input.subjectId}, ${input.url}
        where ${input.userId}::uuid <> ${input.actorId}::uuid
          and not ${blockedEitherWay(input.userId, input.actorId)}
        on conflict (user_id, group_key) where read_at is null
        do update set updated_at = now(), url = excluded.url,
          subject_type = excluded.subject_type, subject_id = excluded.subject_id
        returning n.id
      ),
      actor as (
        insert into notification_actors (notification_id, actor_id)
        select id, ${input.actorId} from grown
        on conflict (notification_id, actor_id) do update set created_at = now()
      )
      select id from grown
    `,
  );
  return row;
}

export type NotificationRow = {
  id: string;
  kind: NotificationKind;
  subjectType: NotificationSubjectType;
  subjectId: string;
  url: string;
  updatedAt: string;
  readAt: string | null;
  actorCount: number;
  messageCount: number;
};

export type ActorRow = CardRow & { notificationId: string };

export type NotificationFilter =
  | { ids: string[] }
  | { before: { at: Date; id: string } | null; limit: number };

/**
 * The user's notifications, newest activity first: by ids, or one page after a cursor. A
 * message notification counts the messages its sender sent since it began that are still unread.
 */
export async function findNotifications(
  db: Database,
  userId: string,
  filter: NotificationFilter,
): Promise<NotificationRow[]> {
  let where: SQL;
  let limit: SQL = sql``;
  if ("ids" in filter) {
    if (filter.ids.length === 0) return [];
    where = sql`n.id in (${sql.join(
      filter.ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  } else {
    where = filter.before
      ? sql`(n.updated_at, n.id) < (${filter.before.at.toISOString()}::timestamptz, ${filter.before.id}::uuid)`
      : sql`true`;
    limit = sql`limit ${filter.limit}`;
  }
  const rows = await selectRows<NotificationRow>(
    db,
    sql`
      select n.id, n.kind, n.subject_type as "subjectType", n.subject_id as "subjectId", n.url,
        ${isoTimestamp(sql`n.updated_at`)} as "updatedAt",
        case when n.read_at is null then null else ${isoTimestamp(sql`n.read_at`)} end as "readAt",
        (
          select count(*) from notification_actors a
          where a.notification_id = n.id
            and not ${blockedEitherWay(sql`n.user_id`, sql`a.actor_id`)}
        )::int as "actorCount",
        case when n.kind = 'message' then (
          select count(*) from chat_messages s
          join chat_messages m on m.conversation_id = s.conversation_id
            and m.seq <= s.seq
            and m.seq > coalesce((
              select last_read_seq from chat_reads r
              where r.conversation_id = s.conversation_id and r.user_id = n.user_id
            ), 0)
          where s.id = n.subject_id and m.to_user_id = n.user_id and m.created_at >= n.created_at
        ) else 0 end::int as "messageCount"
      from notifications n
      where n.user_id = ${userId} and ${where} and ${stillMeaningful}
      order by n.updated_at desc, n.id desc
      ${limit}
    `,
  );
  return rows.map((row) => ({
    ...row,
    actorCount: Number(row.actorCount),
    messageCount: Number(row.messageCount),
  }));
}

/** The most recent actors of each notification (at most NOTIFICATION_ACTORS_SHOWN each). */
export async function findActors(
  db: Database,
  userId: string,
  notificationIds: string[],
): Promise<ActorRow[]> {
  if (notificationIds.length === 0) return [];
  return selectRows<ActorRow>(
    db,
    sql`
      select ranked."notificationId", ${cardColumns("u")}
      from (
        select a.notification_id as "notificationId", a.actor_id,
          row_number() over (
            partition by a.notification_id order by a.created_at desc, a.actor_id desc
          ) as rank
        from notification_actors a
        where a.notification_id in (${sql.join(
          notificationIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and not ${blockedEitherWay(userId, sql`a.actor_id`)}
      ) ranked
      join users u on u.id = ranked.actor_id
      where ranked.rank <= ${NOTIFICATION_ACTORS_SHOWN}
      order by ranked."notificationId", ranked.rank
    `,
  );
}

/** The three badges in one round trip. */
export async function countUnread(db: Database, userId: string): Promise<UnreadCounts> {
  const [row] = await selectRows<UnreadCounts>(
    db,
    sql`
      select
        (
          select count(*) from notifications n
          where n.user_id = ${userId} and n.read_at is null and ${stillMeaningful}
        )::int as notifications,
        -- As GET /user/requests/received lists them.
        (
          select count(*) from connection_requests r
          join users u on u.id = r.from_user_id
          where r.to_user_id = ${userId} and r.status = 'interested'
        )::int as requests,
        -- As the chat list counts them: each conversation's messages to me after my marker.
        (
          select coalesce(sum((
            select count(*) from chat_messages m
            where m.conversation_id = c.id and m.to_user_id = ${userId}
              and m.seq > coalesce((
                select last_read_seq from chat_reads r
                where r.conversation_id = c.id and r.user_id = ${userId}
              ), 0)
          )), 0)
          from connection_requests c
          where c.status = 'accepted'
            and (c.from_user_id = ${userId} or c.to_user_id = ${userId})
        )::int as messages
    `,
  );
  return {
    notifications: Number(row?.notifications ?? 0),
    requests: Number(row?.requests ?? 0),
    messages: Number(row?.messages ?? 0),
  };
}

/** Marks the user's own notifications read (others' ids match nothing); how many changed. */
export async function markNotificationsRead(
  db: Database,
  userId: string,
  target: { ids: string[] } | { all: true },
): Promise<number> {
  const which =
    "ids" in target
      ? sql`and id in (${sql.join(
          target.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
      update notifications set read_at = now()
      where user_id = ${userId} and read_at is null ${which}
      returning id
    `,
  );
  return rows.length;
}

/**
 * Reading a conversation up to a message reads the message notification from its sender when
 * that notification's newest message is covered. How many changed (0 or 1).
 */
export async function markConversationNotificationRead(
  db: Database,
  userId: string,
  groupKey: string,
  readUpToMessageId: string,
): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
      update notifications n set read_at = now()
      where n.user_id = ${userId} and n.group_key = ${groupKey} and n.read_at is null
        and (select seq from chat_messages where id = n.subject_id)
          <= (select seq from chat_messages where id = ${readUpToMessageId})
      returning n.id
    `,
  );
  return rows.length;
}

/**
 * Removes what two people caused each other (a block): their actor rows both ways, and the
 * notifications that had no one else.
 */
export async function deleteNotificationsBetween(
  db: Database,
  a: string,
  b: string,
): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from notification_actors na
      using notifications n
      where na.notification_id = n.id
        and ((n.user_id = ${a} and na.actor_id = ${b}) or (n.user_id = ${b} and na.actor_id = ${a}))
      returning na.notification_id
    )
    delete from notifications n
    where n.id in (select notification_id from gone)
      and not exists (
        select 1 from notification_actors na
        where na.notification_id = n.id and na.actor_id not in (${a}, ${b})
      )
  `);
}

/**
 * Takes an actor off the user's unread notification of a group (a request undone before it was
 * seen); the notification goes when no one else is left on it.
 */
export async function withdrawActor(
  db: Database,
  userId: string,
  groupKey: string,
  actorId: string,
): Promise<void> {
  await db.execute(sql`
    with target as (
      select id from notifications
      where user_id = ${userId} and group_key = ${groupKey} and read_at is null
    ),
    gone as (
      delete from notification_actors
      where notification_id in (select id from target) and actor_id = ${actorId}
      returning notification_id
    )
    delete from notifications n
    where n.id in (select notification_id from gone)
      and not exists (
        select 1 from notification_actors na
        where na.notification_id = n.id and na.actor_id <> ${actorId}
      )
  `);
}

export type SettingRow = { kind: NotificationKind; push: boolean; email: boolean };

/** The rows the user has (a kind without one has both channels on). */
export function findSettings(db: Database, userId: string): Promise<SettingRow[]> {
  return selectRows<SettingRow>(
    db,
    sql`select kind, push, email from notification_settings where user_id = ${userId}`,
  );
}

/** Writes the given channels of the given kinds; a channel left out keeps its value. */
export async function saveSettings(
  db: Database,
  userId: string,
  patch: NotificationSettingsPatch,
): Promise<void> {
  for (const [kind, channels] of Object.entries(patch)) {
    if (!channels) continue;
    const set: { push?: boolean; email?: boolean } = {};
    if (channels.push !== undefined) set.push = channels.push;
    if (channels.email !== undefined) set.email = channels.email;
    if (Object.keys(set).length === 0) continue;
    await db
      .insert(notificationSettings)
      .values({ userId, kind, push: set.push ?? true, email: set.email ?? true })
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.kind],
        set,
      });
  }
}
