import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type CardRow, cardColumns, selectRows } from "./card-sql.ts";

export type FeedRow = CardRow & { matchingSkills: string[] };

export type FeedPage = { page: number; limit: number };

/**
 * The feed for one viewer, one page at a time.
 *
 * Everything starts from the viewer, so the work follows what the viewer touches, not the size of
 * the tables:
 * - `partners`: everyone the viewer has a request with, either direction, any status, and everyone
 *   blocked either way (index scans on connection_requests and user_blocks: a handful of rows);
 * - `sharers`: the people sharing at least one of the viewer's skills, with how many (one index
 *   range per viewer skill on user_skills (skill, user_id)), partners left out;
 * - ranked part: the first `offset + limit` sharers by (shared desc, created_at desc, id desc).
 *   Only sharers at or above the shared count of the window's last one can be in it, so only
 *   those look up their created_at (by primary key);
 * - the rest, only when the sharers do not fill the window: users_created_at_idx walked newest
 *   first, skipping partners and sharers through hashed sub-plans (NOT IN keeps them filters, so
 *   the index order is kept and the scan stops after `offset + limit` rows).
 * Sharers always rank above the rest (shared >= 1 > 0), so ordering the union by (shared desc,
 * created_at desc, id desc) is one total order: pages never overlap and together hold everyone.
 * `nulls last` matches the index definition; without it the planner sorts instead of walking it.
 */
export function feedQuery(viewerId: string, { page, limit }: FeedPage): SQL {
  const offset = (page - 1) * limit;
  const window = offset + limit;
  return sql`
    with partners as materialized (
      select to_user_id as user_id from connection_requests where from_user_id = ${viewerId}
      union
      select from_user_id from connection_requests where to_user_id = ${viewerId}
      union
      select blocked_id from user_blocks where blocker_id = ${viewerId}
      union
      select blocker_id from user_blocks where blocked_id = ${viewerId}
    ),
    viewer_skills as materialized (
      select array(select skill from user_skills where user_id = ${viewerId}) as skills
    ),
    sharers as materialized (
      select theirs.user_id, count(*)::int as shared
      from user_skills theirs
      where theirs.skill = any((select skills from viewer_skills)::varchar[])
        and theirs.user_id <> ${viewerId}
        and theirs.user_id not in (select user_id from partners)
      group by theirs.user_id
    ),
    candidates as (
      (
        select s.user_id, s.shared,
          (select u.created_at from users u where u.id = s.user_id) as created_at
        from sharers s
        where s.shared >= coalesce(
          (select shared from sharers order by shared desc offset ${window - 1} limit 1), 1)
        order by 2 desc, 3 desc nulls last, 1 desc nulls last
        limit ${window}
      )
      union all
      (
        select u.id, 0, u.created_at
        from users u
        where (select count(*) from sharers) < ${window}
          and u.id <> ${viewerId}
          and u.id not in (select user_id from partners)
          and u.id not in (select user_id from sharers)
        order by u.created_at desc nulls last, u.id desc nulls last
        limit ${window}
      )
    ),
    page as (
      select user_id, shared, created_at
      from candidates
      order by shared desc, created_at desc nulls last, user_id desc nulls last
      offset ${offset}
      limit ${limit}
    )
    select ${cardColumns("u")}, (select skills from viewer_skills) as "viewerSkills"
    from page
    join users u on u.id = page.user_id
    order by page.shared desc, page.created_at desc nulls last, page.user_id desc nulls last
  `;
}

/**
 * The viewer's shared skills in the card's own spelling and order. user_skills holds skills
 * lower-cased by JavaScript, so the comparison lower-cases the same way (not SQL's lower()).
 */
export async function findFeed(db: Database, viewerId: string, page: FeedPage): Promise<FeedRow[]> {
  const rows = await selectRows<CardRow & { viewerSkills: string[] }>(
    db,
    feedQuery(viewerId, page),
  );
  const viewerSkills = new Set(rows[0]?.viewerSkills ?? []);
  return rows.map(({ viewerSkills: _viewerSkills, ...card }) => ({
    ...card,
    matchingSkills: card.skills.filter((skill) => viewerSkills.has(skill.toLowerCase())),
  }));
}
