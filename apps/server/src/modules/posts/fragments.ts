import { type SQL, sql } from "drizzle-orm";
import { groupVisibleTo } from "../groups/fragments.ts";
import { authorHidden, blockedEitherWay } from "../users/fragments.ts";

// The SQL the posts module lends: which posts a viewer may see, and the posts holding a search's
// words (search/repository.ts ranks and pages them).

/**
 * SQL true when the viewer may see a post by `authorId` in the group `groupId` (null: the
 * board): its author and the viewer are not blocked either way, its author is not banned or held
 * for review, nor is its group hidden from the viewer (its creator blocked either way or hidden).
 */
export function postVisibleTo(viewerId: string, authorId: unknown, groupId: unknown): SQL {
  return sql`not ${blockedEitherWay(viewerId, authorId)} and not ${authorHidden(viewerId, authorId)}
    and (${groupId} is null or ${groupVisibleTo(viewerId, groupId)})`;
}

/** Posts holding a tsquery, as `alias`, with what ranks and hides them (search's source). */
export function postsHolding(alias: string, query: string): SQL {
  const r = sql.raw(alias);
  return sql`select ${r}.id, ${r}.created_at, ${r}.author_id, ${r}.group_id
    from community_posts ${r} where ${r}.search_vector @@ ${query}::tsquery`;
}

/** Joins the post `alias` whose id is `postId`. */
export function joinPost(alias: string, postId: unknown): SQL {
  const p = sql.raw(alias);
  return sql`join community_posts ${p} on ${p}.id = ${postId}`;
}
