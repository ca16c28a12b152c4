import { randomUUID } from "node:crypto";
import type { NotificationKind } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { enqueueJob } from "../src/modules/jobs/service.ts";

/**
 * A notification for `userId` caused by `actorIds` (most recent last), with its `notify` job, as
 * the notification centre writes them: for tests of delivery that need no particular cause.
 */
export async function insertNotification(
  app: FastifyInstance,
  input: { userId: string; kind: NotificationKind; actorIds: string[]; url?: string },
): Promise<string> {
  const id = randomUUID();
  const subjectId = randomUUID();
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into notifications (id, user_id, kind, group_key, subject_type, subject_id, url)
      values (${id}, ${input.userId}, ${input.kind}, ${`${input.kind}:${subjectId}`},
        'request', ${subjectId}, ${input.url ?? "/requests"})
    `);
    for (const [index, actorId] of input.actorIds.entries()) {
      await tx.execute(sql`
        insert into notification_actors (notification_id, actor_id, created_at)
        values (${id}, ${actorId}, now() + ${index} * interval '1 millisecond')
      `);
    }
    await enqueueJob(tx, {
      kind: "notify",
      payload: { notificationId: id, userId: input.userId, kind: input.kind },
    });
  });
  return id;
}

export async function markRead(app: FastifyInstance, ids: string[]): Promise<void> {
  for (const id of ids) {
    await app.db.execute(sql`update notifications set read_at = now() where id = ${id}`);
  }
}

export async function setChannels(
  app: FastifyInstance,
  userId: string,
  kind: NotificationKind,
  channels: { push: boolean; email: boolean },
): Promise<void> {
  await app.db.execute(sql`
    insert into notification_settings (user_id, kind, push, email)
    values (${userId}, ${kind}, ${channels.push}, ${channels.email})
    on conflict (user_id, kind) do update set push = excluded.push, email = excluded.email
  `);
}

/**
 * The notification jobs waiting (notify, push, digest), or those of one kind. Jobs of other
 * loops, such as a kept conversation's purge 30 days ahead, are not this loop's to wait for.
 */
export async function pendingJobs(app: FastifyInstance, kind?: string): Promise<number> {
  const result = (await app.db.execute(
    kind
      ? sql`select count(*)::int as n from jobs where kind = ${kind}`
      : sql`select count(*)::int as n from jobs where kind in ('notify', 'push', 'digest')`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

export async function subscriptionCount(app: FastifyInstance): Promise<number> {
  const result = (await app.db.execute(
    sql`select count(*)::int as n from push_subscriptions`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
