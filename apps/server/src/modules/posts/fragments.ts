import { type SQL, sql } from "drizzle-orm";
import { groupVisibleTo } from "../groups/fragments.ts";
import { blockedEitherWay } from "../users/fragments.ts";

// The SQL the posts module lends: which posts a viewer may see.

/**
 * SQL true when the viewer may see a post by `authorId` in the group `groupId` (null: the
 * board): its author and the viewer are not blocked either way, nor is its group hidden from
 * the viewer (its creator blocked either way).
 */
export function postVisibleTo(viewerId: string, authorId: unknown, groupId: unknown): SQL {
  return sql`not ${blockedEitherWay(viewerId, authorId)}
    and (${groupId} is null or ${groupVisibleTo(viewerId, groupId)})`;
}
