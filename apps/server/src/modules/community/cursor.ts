import { isUuid } from "@kindred/shared";

/** A position in a list ordered by (time, id): the last row of the page before. */
export type Cursor = { at: Date; id: string };

/** Opaque to clients: the last row's time (milliseconds, as stored) and id. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString("base64url");
}

/** null for anything that is not a cursor this server made. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const [iso, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !iso || !id || !isUuid(id)) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso)) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : { at, id: id.toLowerCase() };
}
