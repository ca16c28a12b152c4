// The constants and texts of search.ts, without zod: a screen that needs only these does
// not load it.

// ---------- constants ----------

export const SEARCH_QUERY_MIN_VISIBLE = 2;
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;
/** How deep a search may page in one kind: past it, a better query is the answer. */
export const SEARCH_MAX_OFFSET = 200;
export const SEARCH_TYPES = ["people", "posts", "groups", "events"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_MESSAGES = {
  found: "Here is what matches your search.",
  nothing: "Nothing matches your search yet. Check the spelling or try fewer words.",
  badCursor: "This cursor is not valid; search again from the first page.",
  cursorNeedsType: "A cursor pages one kind of result: send its type with it.",
} as const;

/** C0 and C1 control characters (NUL included): never part of something a person searches for. */
export const CONTROL_CHARACTERS = /\p{Cc}/u;

/** Characters that show: not spaces, not invisible format characters. */
export function visibleCharacters(text: string): number {
  let count = 0;
  for (const character of text) if (/[^\s\p{Cf}]/u.test(character)) count += 1;
  return count;
}

/**
 * Whether the server takes `q` as a search (the rules of `searchQuerySchema.shape.q`): a client
 * asks only then, without loading zod.
 */
export function isSearchableQuery(q: string): boolean {
  const trimmed = q.trim();
  return (
    trimmed.length >= SEARCH_QUERY_MIN_VISIBLE &&
    trimmed.length <= SEARCH_QUERY_MAX_LENGTH &&
    !CONTROL_CHARACTERS.test(trimmed) &&
    visibleCharacters(trimmed) >= SEARCH_QUERY_MIN_VISIBLE
  );
}
