import { type SQL, sql } from "drizzle-orm";
import { shownTo } from "../../db/visibility.ts";
import { groupVisibleTo } from "../groups/fragments.ts";
import { authorHidden, blockedEitherWay } from "../users/fragments.ts";

// The SQL the posts module lends: which posts a viewer may see, and the posts holding a search's
// words (search/repository.ts ranks and pages them).

/**
 * SQL true when the viewer may see a post or reply by `authorId` whose visibility column is
 * `visibility`: it is visible, or the viewer wrote it (held and hidden ones are their author's).
 */
export function postShownTo(viewerId: string, visibility: unknown, authorId: unknown): SQL {
  return shownTo(viewerId, visibility, authorId);
}

/**
 * SQL true when the viewer may see a post by `authorId` in the group `groupId` (null: the
 * board) with the visibility `visibility`: it is shown to the viewer (postShownTo), its author
 * and the viewer are not blocked either way, nor is its group hidden from the viewer.
 */
export function postVisibleTo(
  viewerId: string,
  authorId: unknown,
  groupId: unknown,
  visibility: unknown,
): SQL {
  return sql`${postShownTo(viewerId, visibility, authorId)}
    and not ${blockedEitherWay(viewerId, authorId)}
    and not ${authorHidden(viewerId, authorId)}
    and (${groupId} is null or ${groupVisibleTo(viewerId, groupId)})`;
}

/** Posts holding a tsquery, as `alias`, with what ranks and hides them (search's source). */
export function postsHolding(alias: string, query: string): SQL {
  const r = sql.raw(alias);
  return sql`select ${r}.id, ${r}.created_at, ${r}.author_id, ${r}.group_id, ${r}.visibility
    from community_posts ${r} where ${r}.search_vector @@ ${query}::tsquery`;
}

/** Joins the post `alias` whose id is `postId`. */
export function joinPost(alias: string, postId: unknown): SQL {
  const p = sql.raw(alias);
  return sql`join community_posts ${p} on ${p}.id = ${postId}`;
}
