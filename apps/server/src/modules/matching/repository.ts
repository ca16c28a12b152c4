import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { holdersOfCanonical } from "../skills/fragments.ts";
import { type CardRow, cardColumns, joinUser, meetable } from "../users/fragments.ts";

/**
 * People (not the viewer) with the canonical skill among theirs (whatever spelling they typed: "js"
 * finds JavaScript people): one range of user_skills_canonical_idx, each person once. Only people
 * the viewer may meet (the shared rule: no block either way, same age band, not under moderation
 * at `now`; primary-key probes a row).
 */
export async function findPeopleWithSkill(
  db: Database,
  viewerId: string,
  canonical: string,
  limit: number,
  now: Date,
): Promise<(CardRow & { publicId: string })[]> {
  return selectRows<CardRow & { publicId: string }>(
    db,
    sql`
      select ${cardColumns("u")}, u.public_id as "publicId"
      from ${holdersOfCanonical(canonical)} s
      ${joinUser("u", sql`s.user_id`)}
      where s.user_id <> ${viewerId} and ${meetable(viewerId, sql`s.user_id`, now)}
      order by u.created_at desc, u.id desc
      limit ${limit}
    `,
  );
}
