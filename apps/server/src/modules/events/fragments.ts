import { type SQL, sql } from "drizzle-orm";
import { shownTo } from "../../db/visibility.ts";

// The SQL the events module lends: the events holding a search's words (search/repository.ts
// ranks and pages them).

/**
 * SQL true when the viewer may see an event by `authorId` whose visibility column is
 * `visibility`: it is visible, or the viewer hosts it (held and hidden ones are their host's).
 */
export function eventShownTo(viewerId: string, visibility: unknown, authorId: unknown): SQL {
  return shownTo(viewerId, visibility, authorId);
}

/** Events holding a tsquery, as `alias`, with what ranks and hides them (search's source). */
export function eventsHolding(alias: string, query: string): SQL {
  const r = sql.raw(alias);
  return sql`select ${r}.id, ${r}.starts_at, ${r}.author_id, ${r}.visibility
    from community_events ${r}
    where ${r}.search_vector @@ ${query}::tsquery`;
}

/** Joins the event `alias` whose id is `eventId`. */
export function joinEvent(alias: string, eventId: unknown): SQL {
  const e = sql.raw(alias);
  return sql`join community_events ${e} on ${e}.id = ${eventId}`;
}
