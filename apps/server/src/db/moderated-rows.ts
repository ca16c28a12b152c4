import type { ContentVisibility } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { ContentForModeration } from "../lib/moderated-content.ts";
import type { Database } from "./client.ts";
import { selectRows } from "./rows.ts";

/** Where a kind of content that moderation acts on lives: its owner names the table and columns. */
export type ModeratedRowsAt = {
  table: string;
  author: string;
  /** The column moderation shows as the content's title; null for content without one. */
  title: string | null;
  text: string;
};

/** What moderation reads and changes of one kind of content, kept in the owner's table. */
export type ModeratedRows = {
  /** The row whoever asks; undefined when it is gone. */
  find: (db: Database, id: string) => Promise<ContentForModeration | undefined>;
  setVisibility: (db: Database, id: string, visibility: ContentVisibility) => Promise<void>;
  /** Deletes the row (a moderator removed it); false when it was already gone. */
  remove: (db: Database, id: string) => Promise<boolean>;
};

/**
 * The three statements every moderated table answers the same way. The owning module calls this
 * from its moderation repository with its own table's name, so the SQL that names it stays there.
 */
export function moderatedRows(at: ModeratedRowsAt): ModeratedRows {
  const table = sql.identifier(at.table);
  const title = at.title === null ? sql`null` : sql.identifier(at.title);
  return {
    find: async (db, id) => {
      const [row] = await selectRows<ContentForModeration>(
        db,
        sql`select ${sql.identifier(at.author)}::text as "authorId", ${title} as "title",
          ${sql.identifier(at.text)} as "text", visibility
          from ${table} where id = ${id}`,
      );
      return row;
    },
    setVisibility: async (db, id, visibility) => {
      await db.execute(sql`update ${table} set visibility = ${visibility} where id = ${id}`);
    },
    remove: async (db, id) => {
      const rows = await selectRows<{ id: string }>(
        db,
        sql`delete from ${table} where id = ${id} returning id`,
      );
      return rows.length > 0;
    },
  };
}
