import { isUuid, NEXT_CURSOR_HEADER } from "@kindred/shared";
import type { FastifyReply } from "fastify";
import { HttpError } from "../plugins/errors.ts";

// The one way a list is paged: by a keyset cursor over (time, id), answered as
// `{status: 1, message, data: items, nextCursor}` with the cursor also in X-Next-Cursor
// (`pageAnswerSchema` in packages/shared describes it). The lists the specification fixes keep
// their data and gain `nextCursor` beside it.

/** A position in a list ordered by (time, id): the last row of the page before. */
export type Cursor = { at: Date; id: string };

/** What a repository is asked for: up to `limit` rows after `after` (null: the first page). */
export type PageRequest = { after: Cursor | null; limit: number };

/** A page of rows, and where the next one starts (null: this was the last). */
export type Page<T> = { items: T[]; next: Cursor | null };

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

export const BAD_CURSOR_MESSAGE = "This cursor is not valid; start again from the first page.";

/** The query's cursor: null for the first page, a 400 for one this server did not make. */
export function cursorFrom(text: string | undefined): Cursor | null {
  if (text === undefined || text === "") return null;
  const cursor = decodeCursor(text);
  if (!cursor) {
    throw new HttpError(400, "VALIDATION_ERROR", BAD_CURSOR_MESSAGE, [
      { path: "cursor", message: BAD_CURSOR_MESSAGE },
    ]);
  }
  return cursor;
}

/**
 * Rows fetched with `limit + 1` as a page: the extra row only says there is more, and the last
 * row kept is where the next page starts.
 */
export function pageOf<T>(rows: T[], limit: number, positionOf: (row: T) => Cursor): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? positionOf(last) : null };
}

/** The paged answer: the items as `data`, `nextCursor` beside them and in X-Next-Cursor. */
export function pagedAnswer<T>(
  reply: FastifyReply,
  message: string,
  page: { items: T[]; nextCursor: string | null },
): { status: 1; message: string; data: T[]; nextCursor: string | null } {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return { status: 1, message, data: page.items, nextCursor: page.nextCursor };
}

/** A page as it is answered: its items and the next page's cursor, encoded (null: the last). */
export function encodedPage<T>(page: Page<T>): { items: T[]; nextCursor: string | null } {
  return { items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null };
}

/**
 * A list the specification fixes as a bare array (`/community/getposts`, `/community/all`): the
 * items as they are, the next page's cursor only in X-Next-Cursor.
 */
export function pagedArray<T>(
  reply: FastifyReply,
  page: { items: T[]; nextCursor: string | null },
): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}

/** A list's query as the client sent it: the cursor's text (none: the first page), the limit. */
export type PageQuery = { cursor?: string | undefined; limit: number };

/** The page a query asks for; a 400 for a cursor this server did not make. */
export function pageRequestOf(query: PageQuery): PageRequest {
  return { after: cursorFrom(query.cursor), limit: query.limit };
}
