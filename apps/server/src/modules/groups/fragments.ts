import { type SQL, sql } from "drizzle-orm";
import { shownTo } from "../../db/visibility.ts";
import { authorHidden, blockedEitherWay } from "../users/fragments.ts";

// The SQL the groups module lends: whether a row in a group (a post, a search hit) may be seen,
// and whether a member belongs to a group, inside another module's statement.

/**
 * SQL true when the viewer may see a group by `authorId` whose visibility column is
 * `visibility`: it is visible, or the viewer made it (held and hidden ones are their creator's).
 */
export function groupShownTo(viewerId: string, visibility: unknown, authorId: unknown): SQL {
  return shownTo(viewerId, visibility, authorId);
}

/**
 * SQL true when the group exists and is not hidden from the viewer: it is shown to the viewer
 * (groupShownTo), its creator and the viewer are not blocked either way, and its creator is not
 * banned or held for review (the list of groups hides it the same way).
 */
export function groupVisibleTo(viewerId: string, groupId: unknown): SQL {
  return sql`exists (
    select 1 from study_groups g
    where g.id = ${groupId} and not ${blockedEitherWay(viewerId, sql`g.author_id`)}
      and ${groupShownTo(viewerId, sql`g.visibility`, sql`g.author_id`)}
      and not ${authorHidden(viewerId, sql`g.author_id`)}
  )`;
}

/** SQL true when the member belongs to the group. */
export function isGroupMember(groupId: unknown, memberId: unknown): SQL {
  return sql`exists (
    select 1 from study_group_members sm
    where sm.group_id = ${groupId} and sm.member_id = ${memberId}
  )`;
}

/** Study groups holding a tsquery, as `alias`, with what ranks and hides them (search's source). */
export function groupsHolding(alias: string, query: string): SQL {
  const r = sql.raw(alias);
  return sql`select ${r}.id, ${r}.created_at, ${r}.author_id, ${r}.visibility from study_groups ${r}
    where ${r}.search_vector @@ ${query}::tsquery`;
}

/** Joins the study group `alias` whose id is `groupId`. */
export function joinGroup(alias: string, groupId: unknown): SQL {
  const g = sql.raw(alias);
  return sql`join study_groups ${g} on ${g}.id = ${groupId}`;
}
