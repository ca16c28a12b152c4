import { randomUUID } from "node:crypto";
import {
  NOTIFICATION_ACTORS_SHOWN,
  type NotificationKind,
  type NotificationSettingsPatch,
  type NotificationSubjectType,
  type UnreadCounts,
} from "@kindred/shared";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { notificationSettings, notifications } from "../../db/schema.ts";
import { messageCoveredBy, unreadMessageCount, unreadMessagesUpTo } from "../chat/fragments.ts";
import { queueJobsFrom } from "../jobs/fragments.ts";
import { pendingRequestCount } from "../requests/fragments.ts";
import {
  blockedEitherWay,
  type CardRow,
  cardColumns,
  everyone,
  joinUser,
  personRef,
} from "../users/fragments.ts";

// Everything the notification centre, the push and the digest read of a notification, aliased
// `n`, is written once here, so all of them count the same actors and messages and leave out the
// same blocked people.

/** An actor of `n` who is not blocked either way with its person. */
const visibleActor = sql`a.notification_id = n.id and not ${blockedEitherWay(sql`n.user_id`, sql`a.actor_id`)}`;

/**
 * What the sentence (text.ts) is made of: the actors not blocked either way (first names of the
 * latest three, and their count), and the messages a message notification stands for: those
 * since it began that are still unread, at least one (it was made by one; its messages may have
 * been read elsewhere since, or gone with the connection). Other kinds stand for no message: 0.
 * A moderation notice has no actor: its sentence is the one stored with it (null for the others).
 */
const sentenceColumns = sql`
  n.text as "storedText",
  coalesce((
    select array_agg(first_name order by created_at desc, actor_id desc) from (
      select u.first_name, a.created_at, a.actor_id from notification_actors a
      ${joinUser("u", sql`a.actor_id`)}
      where ${visibleActor}
      order by a.created_at desc, a.actor_id desc
      limit ${NOTIFICATION_ACTORS_SHOWN}
    ) shown
  ), '{}') as "actorNames",
  (
    select count(*) from notification_actors a
    where ${visibleActor}
  )::int as "actorCount",
  case when n.kind = 'message'
    then greatest(1, ${unreadMessagesUpTo(sql`n.subject_id`, sql`n.user_id`, sql`n.created_at`)})
    else 0
  end::int as "messageCount"
`;

/** Kinds caused by people: with no actor left (blocked, deleted) there is nothing to tell. */
const stillMeaningful = sql`(n.kind not in ('request_received', 'request_accepted', 'message', 'post_reply') or exists (
  select 1 from notification_actors a
  where ${visibleActor}
))`;

/**
 * A moderation notice is mailed by the moderation module when it is made: no digest names it,
 * whatever the settings (it has none). Push has no exception: a kind without a settings row has
 * push on.
 */
const digested = sql`n.kind <> 'moderation'`;

/** A notification's sentence parts, as every telling of it reads them. */
export type SentenceRow = {
  kind: NotificationKind;
  /** First names, most recent first (the first three). */
  actorNames: string[];
  actorCount: number;
  messageCount: number;
  /** The stored sentence of a moderation notice; null for every other kind. */
  storedText: string | null;
};

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  groupKey: string;
  actorId: string;
  subjectType: NotificationSubjectType;
  subjectId: string;
  url: string;
};

/** SQL that another module's statement is built from (for files that do not import the ORM). */
export type SqlFragment = SQL;

/** A notification as a statement's CTEs make it: its subject's id may be SQL read from a row. */
export type NotificationInStatement = Omit<NewNotification, "subjectId"> & {
  subjectId: string | SQL;
};

/**
 * The CTEs (without `with`) that create the notification, or grow the unread one of its group,
 * record the actor and queue its delivery (a "notify" job), for each row of `from` (a FROM item:
 * the caller's own CTE, or one row). The CTE `notified` holds the notification's id. Nothing for
 * one's own action or between two people who blocked each other either way. One statement, so two
 * causes at the same moment meet on the partial unique index (the second waits for the first and
 * updates its row) instead of making two rows.
 */
export function notificationCtes(input: NotificationInStatement, from: SQL): SQL {
  return sql`
    notified as (
      insert into notifications as n (user_id, kind, group_key, subject_type, subject_id, url)
      select ${input.userId}::uuid, ${input.kind}, ${input.groupKey}, ${input.subjectType},
        ${input.subjectId}, ${input.url}
      from ${from}
      where ${input.userId}::uuid <> ${input.actorId}::uuid
        and not ${blockedEitherWay(input.userId, input.actorId)}
      on conflict (user_id, group_key) where read_at is null
      do update set updated_at = now(), url = excluded.url,
        subject_type = excluded.subject_type, subject_id = excluded.subject_id
      returning n.id
    ),
    notified_actor as (
      insert into notification_actors (notification_id, actor_id)
      select id, ${input.actorId} from notified
      on conflict (notification_id, actor_id) do update set created_at = now()
    ),
    notified_delivery as (
      ${queueJobsFrom(
        "notify",
        sql`jsonb_build_object('notificationId', notified.id, 'userId', ${input.userId}::text,
          'kind', ${input.kind}::text)`,
        sql`notified`,
      )}
    )`;
}

/**
 * Creates the notification, or grows the unread one of its group (notificationCtes); undefined
 * for one's own action or between two people who blocked each other either way.
 */
export async function upsertNotification(
  db: Database,
  input: NewNotification,
): Promise<{ id: string } | undefined> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`with ${notificationCtes(input, sql`(select 1) as cause`)} select id from notified`,
  );
  return row;
}

export type NewModerationNotice = {
  userId: string;
  /** The moderation action it tells of (or whose appeal it decides). */
  actionId: string;
  text: string;
  url: string;
};

/**
 * A moderation notice: no actor, and a group of its own (`moderation:<its id>`), so each decision
 * is one notification however many are unread, even two about the same action (a decision and
 * its appeal's outcome). Undefined when the person's account is gone.
 */
export async function insertModerationNotice(
  db: Database,
  input: NewModerationNotice,
): Promise<{ id: string } | undefined> {
  const id = randomUUID();
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`
      insert into notifications (id, user_id, kind, group_key, subject_type, subject_id, url, text)
      select ${id}, u.id, 'moderation', ${`moderation:${id}`}, 'moderation_action',
        ${input.actionId}, ${input.url}, ${input.text}
      from ${everyone("u")} where u.id = ${input.userId}
      returning id
    `,
  );
  return row;
}

export type NotificationRow = SentenceRow & {
  id: string;
  subjectType: NotificationSubjectType;
  subjectId: string;
  url: string;
  updatedAt: string;
  readAt: string | null;
};

export type ActorRow = CardRow & { notificationId: string };

export type NotificationFilter =
  | { ids: string[] }
  | { before: { at: Date; id: string } | null; limit: number };

/** The user's notifications, newest activity first: by ids, or one page after a cursor. */
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
        ${sentenceColumns}
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
      ${joinUser("u", sql`ranked.actor_id`)}
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
        ${pendingRequestCount(userId)}::int as requests,
        ${unreadMessageCount(userId)}::int as messages
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
        and ${messageCoveredBy(sql`n.subject_id`, readUpToMessageId)}
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
 * Takes the actor off the notifications `among` selects (all of theirs when absent); one left with
 * no actor goes, as there is no one left to tell about.
 */
function dropActor(actorId: string, among?: SQL): SQL {
  return sql`
    with gone as (
      delete from notification_actors
      where actor_id = ${actorId} ${among ? sql`and notification_id in (${among})` : sql``}
      returning notification_id
    )
    delete from notifications n
    where n.id in (select notification_id from gone)
      and not exists (
        select 1 from notification_actors na
        where na.notification_id = n.id and na.actor_id <> ${actorId}
      )
  `;
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
  await db.execute(
    dropActor(
      actorId,
      sql`select id from notifications
        where user_id = ${userId} and group_key = ${groupKey} and read_at is null`,
    ),
  );
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

// ---------- delivery: push and the digest ----------

export type NotificationForDelivery = SentenceRow & {
  id: string;
  userId: string;
  url: string;
  read: boolean;
  push: boolean;
  email: boolean;
};

/**
 * A notification as a push or a mail tells it: its sentence's parts and the recipient's channels
 * for its kind (no row: both on). Undefined when it is gone or has nothing left to tell.
 */
export async function findNotificationForDelivery(
  db: Database,
  id: string,
): Promise<NotificationForDelivery | undefined> {
  const [row] = await selectRows<NotificationForDelivery>(
    db,
    sql`
      select n.id, n.user_id as "userId", n.kind, n.url, n.read_at is not null as read,
        ${sentenceColumns},
        coalesce(s.push, true) as push, (${digested} and coalesce(s.email, true)) as email
      from notifications n
      left join notification_settings s on s.user_id = n.user_id and s.kind = n.kind
      where n.id = ${id} and ${stillMeaningful}
    `,
  );
  return row;
}

export type DigestItem = SentenceRow & { id: string; url: string };

/** Unread, never emailed, of a kind whose email is on (no settings row: on). */
const waitingForDigest = (userId: string) => sql`
  n.user_id = ${userId} and n.read_at is null and n.emailed_at is null and ${digested}
  and coalesce((
    select s.email from notification_settings s where s.user_id = n.user_id and s.kind = n.kind
  ), true)
`;

/** The waiting notifications last touched at least `delayMs` ago, newest first, at most `limit`. */
export function findDueDigestItems(
  db: Database,
  userId: string,
  delayMs: number,
  limit: number,
): Promise<DigestItem[]> {
  return selectRows<DigestItem>(
    db,
    sql`
      select n.id, n.kind, n.url,
        ${sentenceColumns}
      from notifications n
      where ${waitingForDigest(userId)} and ${stillMeaningful}
        and n.updated_at <= now() - ${Math.round(delayMs)} * interval '1 millisecond'
      order by n.updated_at desc, n.id desc
      limit ${limit}
    `,
  );
}

/** When the next waiting notification not yet due falls due; null when none waits. */
export async function findNextDigestDueAt(
  db: Database,
  userId: string,
  delayMs: number,
): Promise<Date | null> {
  const [row] = await selectRows<{ dueAt: string | Date | null }>(
    db,
    sql`
      select min(n.updated_at) + ${Math.round(delayMs)} * interval '1 millisecond' as "dueAt"
      from notifications n
      where ${waitingForDigest(userId)} and ${stillMeaningful}
        and n.updated_at > now() - ${Math.round(delayMs)} * interval '1 millisecond'
    `,
  );
  return row?.dueAt ? new Date(row.dueAt) : null;
}

export async function markEmailed(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(inArray(notifications.id, ids));
}

// ---------- the person's data ----------

type PersonRef = { _id: string; firstName: string; lastName: string };

export type NotificationExportRow = {
  _id: string;
  kind: string;
  url: string;
  /** A moderation notice's sentence; null for the others (their actors say who did it). */
  text: string | null;
  actors: PersonRef[];
  createdAt: string;
  updatedAt: string;
  readAt: string | null;
};

/** The export's notifications: the person's own, oldest first, with every actor by name. */
export function findNotificationExportRows(
  db: Database,
  userId: string,
): Promise<NotificationExportRow[]> {
  const t = (column: string) => isoTimestamp(sql.raw(column));
  return selectRows<NotificationExportRow>(
    db,
    sql`select n.id as "_id", n.kind, n.url, n.text,
        coalesce((select json_agg(${personRef("u")} order by a.created_at)
          from notification_actors a ${joinUser("u", sql`a.actor_id`)}
          where a.notification_id = n.id), '[]'::json) as "actors",
        ${t("n.created_at")} as "createdAt", ${t("n.updated_at")} as "updatedAt",
        case when n.read_at is null then null else ${t("n.read_at")} end as "readAt"
      from notifications n where n.user_id = ${userId} order by n.created_at`,
  );
}

/** The people told of something the user did (their badges change when the user goes). */
export async function findPeopleToldAbout(db: Database, actorId: string): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
      select distinct n.user_id as id
      from notification_actors a join notifications n on n.id = a.notification_id
      where a.actor_id = ${actorId}
    `,
  );
  return rows.map((row) => row.id);
}

/** The person's notifications and settings, and their part in anyone else's notifications. */
export async function deleteNotificationsOf(db: Database, userId: string): Promise<void> {
  // Someone else's notification the person alone caused ("Dana sent you a message", its address
  // naming her) has nothing left to tell once she is gone: it goes with her actor row.
  await db.execute(dropActor(userId));
  await db.execute(sql`delete from notifications where user_id = ${userId}`);
  await db.execute(sql`delete from notification_settings where user_id = ${userId}`);
}
