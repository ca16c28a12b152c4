import { type SQL, sql } from "drizzle-orm";

/**
 * SQL true when the viewer may see a row of content (a post, reply, group, event or chat
 * message): it is `visible`, or the viewer wrote it. `held` (the automatic filter stopped it) and
 * `hidden` (pending a moderator) rows are their author's alone. Each owning module applies it in
 * its own reads and lends it, with its columns, in its fragments.
 */
export function shownTo(viewerId: unknown, visibility: unknown, authorId: unknown): SQL {
  return sql`(${visibility} = 'visible' or ${authorId} = ${viewerId}::uuid)`;
}
