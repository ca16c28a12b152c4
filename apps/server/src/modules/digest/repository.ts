import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sentenceColumns, stillMeaningful } from "../../db/notification-sql.ts";
import { selectRows } from "../../db/rows.ts";
import { notifications } from "../../db/schema.ts";

export type DigestRecipient = { email: string; firstName: string };

export async function findDigestRecipient(
  db: Database,
  userId: string,
): Promise<DigestRecipient | undefined> {
  const [row] = await selectRows<DigestRecipient>(
    db,
    sql`select email, first_name as "firstName" from users where id = ${userId}`,
  );
  return row;
}

/** Notifications one digest names at most; more go in the next one, sent at once. */
export const DIGEST_MAX_ITEMS = 50;

export type DigestItem = {
  id: string;
  kind: string;
  url: string;
  actorNames: string[];
  actorCount: number;
  messageCount: number;
};

/** Unread, never emailed, of a kind whose email is on (no settings row: on). */
const waiting = (userId: string) => sql`
  n.user_id = ${userId} and n.read_at is null and n.emailed_at is null
  and coalesce((
    select s.email from notification_settings s where s.user_id = n.user_id and s.kind = n.kind
  ), true)
`;

/** What a digest names now: the waiting notifications last touched at least `delayMs` ago. */
export function findDueDigestItems(
  db: Database,
  userId: string,
  delayMs: number,
): Promise<DigestItem[]> {
  return selectRows<DigestItem>(
    db,
    sql`
      select n.id, n.kind, n.url,
        ${sentenceColumns}
      from notifications n
      where ${waiting(userId)} and ${stillMeaningful}
        and n.updated_at <= now() - ${Math.round(delayMs)} * interval '1 millisecond'
      order by n.updated_at desc, n.id desc
      limit ${DIGEST_MAX_ITEMS}
    `,
  );
}

/** When the next notification not yet due falls due; null when none waits. */
export async function nextDigestDueAt(
  db: Database,
  userId: string,
  delayMs: number,
): Promise<Date | null> {
  const [row] = await selectRows<{ dueAt: string | Date | null }>(
    db,
    sql`
      select min(n.updated_at) + ${Math.round(delayMs)} * interval '1 millisecond' as "dueAt"
      from notifications n
      where ${waiting(userId)} and ${stillMeaningful}
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
