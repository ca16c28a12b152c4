import {
  SEARCH_MAX_OFFSET,
  SEARCH_MESSAGES,
  SEARCH_TYPES,
  type SearchAnswer,
  type SearchResults,
  type SearchType,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../../plugins/errors.ts";
import { rowToCard } from "../users/card.ts";
import { decodeSearchCursor, encodeSearchCursor } from "./cursor.ts";
import {
  type SearchPage,
  searchEvents,
  searchGroups,
  searchPeople,
  searchPosts,
  textQueryOf,
} from "./repository.ts";

type App = Pick<FastifyInstance, "db" | "config" | "now">;
export type SearchRequest = { q: string; type?: SearchType; cursor?: string; limit: number };

function badCursor(message: string): HttpError {
  return new HttpError(400, "VALIDATION_ERROR", message, [{ path: "cursor", message }]);
}

/** The offset a request starts at: 0, or its cursor's, which must name the same kind. */
function offsetOf(request: SearchRequest): number {
  if (request.cursor === undefined || request.cursor === "") return 0;
  if (!request.type) throw badCursor(SEARCH_MESSAGES.cursorNeedsType);
  const cursor = decodeSearchCursor(request.cursor);
  if (!cursor || cursor.type !== request.type) throw badCursor(SEARCH_MESSAGES.badCursor);
  return cursor.offset;
}

/** What one search looks for: q itself for people, q's words and spellings for texts. */
type Wanted = { q: string; texts: Promise<string | null> };

async function findKind(
  app: App,
  viewerId: string,
  type: SearchType,
  wanted: Wanted,
  page: SearchPage,
): Promise<SearchResults[SearchType]> {
  if (type === "people") {
    const rows = await searchPeople(app.db, viewerId, wanted.q, page, app.now());
    return rows.map((row) => ({ ...rowToCard(row), publicId: row.publicId }));
  }
  const query = await wanted.texts;
  if (query === null) return [];
  switch (type) {
    case "posts":
      return searchPosts(app.db, viewerId, query, page);
    case "groups":
      return searchGroups(app.db, viewerId, query, page);
    case "events":
      return searchEvents(app.db, viewerId, query, app.now(), page);
  }
}

/**
 * The asked kind's page, or the first page of every kind. Each kind asks for one row more than
 * it shows: that row only says whether a next page exists.
 */
export async function search(
  app: App,
  viewerId: string,
  request: SearchRequest,
): Promise<Omit<SearchAnswer, "status" | "message">> {
  const offset = offsetOf(request);
  const kinds = request.type ? [request.type] : SEARCH_TYPES;
  const page = { offset, limit: request.limit };
  // The texts' query is worked out once, beside the people's search, and only when asked for.
  const texts = request.type === "people" ? Promise.resolve(null) : textQueryOf(app.db, request.q);
  const wanted: Wanted = { q: request.q, texts };
  const found = await Promise.all(
    kinds.map(async (type) => [type, await findKind(app, viewerId, type, wanted, page)] as const),
  );
  const data: SearchResults = { people: [], posts: [], groups: [], events: [] };
  const nextCursor: SearchAnswer["nextCursor"] = {
    people: null,
    posts: null,
    groups: null,
    events: null,
  };
  for (const [type, rows] of found) {
    const more = rows.length > request.limit;
    (data as Record<SearchType, unknown[]>)[type] = rows.slice(0, request.limit);
    const next = offset + request.limit;
    if (more && next <= SEARCH_MAX_OFFSET) {
      nextCursor[type] = encodeSearchCursor({ type, offset: next });
    }
  }
  return { data, nextCursor };
}

/** The answer's sentence: whether anything was found. */
export function searchMessage(data: SearchResults): string {
  const total = SEARCH_TYPES.reduce((sum, type) => sum + data[type].length, 0);
  return total > 0 ? SEARCH_MESSAGES.found : SEARCH_MESSAGES.nothing;
}
