import { SEARCH_MAX_OFFSET, SEARCH_TYPES, type SearchType } from "@kindred/shared";

/** Where a kind's next page starts. Opaque to clients. */
export type SearchCursor = { type: SearchType; offset: number };

export function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(`${cursor.type}:${cursor.offset}`).toString("base64url");
}

/** null for anything that is not a cursor this server made. */
export function decodeSearchCursor(text: string): SearchCursor | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(text)) return null;
  const match = /^([a-z]+):(\d{1,4})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match) return null;
  const type = SEARCH_TYPES.find((kind) => kind === match[1]);
  const offset = Number(match[2]);
  if (!type || offset < 1 || offset > SEARCH_MAX_OFFSET) return null;
  return { type, offset };
}
