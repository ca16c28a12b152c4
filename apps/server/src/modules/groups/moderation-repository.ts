import type { ContentVisibility } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import type { ContentForModeration } from "../../lib/moderated-content.ts";

// What the moderation module reads and changes of groups (through service.ts's groupsModeration).

/** The group whoever asks (moderation reads it); undefined when it is gone. */
export async function findGroupForModeration(
  db: Database,
  id: string,
): Promise<ContentForModeration | undefined> {
  const [row] = await selectRows<ContentForModeration>(
    db,
    sql`select author_id::text as "authorId", name as "title", description as "text", visibility
      from study_groups where id = ${id}`,
  );
  return row;
}

export async function setGroupVisibility(
  db: Database,
  id: string,
  visibility: ContentVisibility,
): Promise<void> {
  await db.execute(sql`update study_groups set visibility = ${visibility} where id = ${id}`);
}

/** Deletes the group (a moderator removed it); false when it was already gone. */
export async function removeGroup(db: Database, id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from study_groups where id = ${id} returning id`,
  );
  return rows.length > 0;
}
