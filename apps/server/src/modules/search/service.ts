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
import { canonicalSkill } from "../skills/vocabulary.ts";
import { rowToCard } from "../users/card.ts";
import { decodeSearchCursor, encodeSearchCursor } from "./cursor.ts";
import {
  type SearchPage,
  searchEvents,
  searchGroups,
  searchLearners,
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

/**
 * What one search looks for: q itself for people (or, asked as "who wants to learn X", the people
 * learning X), q's words and spellings for texts.
 */
type Wanted = { q: string; learning: string | null; texts: Promise<string | null> };

/** "who can teach me Rust", "teach me rust": the skill asked to be taught. */
const TEACH_ME = /^\s*(?:who\s+)?(?:can\s+|could\s+)?teach(?:es)?\s+(?:me\s+)?(.+?)\s*\??\s*$/i;
/** "who wants to learn Rust", "learning rust", "learns rust": the skill people want to learn. */
const WANTS_TO_LEARN =
  /^\s*(?:who\s+)?(?:(?:is|are)\s+)?(?:wants?\s+to\s+learn|learning|learns?)\s+(.+?)\s*\??\s*$/i;

/**
 * A question about teaching or learning, as a search: "who can teach me Rust" looks for people
 * who know Rust (q becomes the skill); "who wants to learn Rust" for people learning it.
 */
export function intentOf(q: string): { q: string; learning: string | null } {
  const teach = TEACH_ME.exec(q);
  if (teach?.[1]) return { q: teach[1], learning: null };
  const learn = WANTS_TO_LEARN.exec(q);
  if (learn?.[1]) return { q: learn[1], learning: canonicalSkill(learn[1]) || null };
  return { q, learning: null };
}

async function findKind(
  app: App,
  viewerId: string,
  type: SearchType,
  wanted: Wanted,
  page: SearchPage,
): Promise<SearchResults[SearchType]> {
  if (type === "people") {
    const rows = wanted.learning
      ? await searchLearners(app.db, viewerId, wanted.learning, page, app.now())
      : await searchPeople(app.db, viewerId, wanted.q, page, app.now());
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
  const wanted: Wanted = { ...intentOf(request.q), texts };
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
