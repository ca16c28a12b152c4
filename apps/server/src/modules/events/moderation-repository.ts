import type { ContentVisibility } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import type { ContentForModeration } from "../../lib/moderated-content.ts";

// What the moderation module reads and changes of events (through service.ts's eventsModeration).

/** The event whoever asks (moderation reads it); undefined when it is gone. */
export async function findEventForModeration(
  db: Database,
  id: string,
): Promise<ContentForModeration | undefined> {
  const [row] = await selectRows<ContentForModeration>(
    db,
    sql`select author_id::text as "authorId", title as "title", description as "text", visibility
      from community_events where id = ${id}`,
  );
  return row;
}

export async function setEventVisibility(
  db: Database,
  id: string,
  visibility: ContentVisibility,
): Promise<void> {
  await db.execute(sql`update community_events set visibility = ${visibility} where id = ${id}`);
}

/** Deletes the event (a moderator removed it); false when it was already gone. */
export async function removeEvent(db: Database, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from community_events where id = ${id} returning id`,
  );
  return rows.length > 0;
}
