import { type SQL, sql } from "drizzle-orm";
import type { Cursor } from "../lib/paging.ts";

/**
 * The keyset condition of a list ordered by (time, id) (lib/paging.ts): the rows after the
 * cursor's, in the list's order (`asc`: later ones, `desc`: earlier ones); undefined on the
 * first page. A row comparison, so the scan stays on the (time, id) index.
 */
export function pastCursor(
  time: unknown,
  id: unknown,
  cursor: Cursor | null,
  order: "asc" | "desc",
): SQL | undefined {
  if (!cursor) return undefined;
  const position = sql`(${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
  return order === "asc"
    ? sql`(${time}, ${id}) > ${position}`
    : sql`(${time}, ${id}) < ${position}`;
}
