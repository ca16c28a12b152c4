import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { dailyPickRuns, dailyPicks } from "../../db/schema.ts";
import { everyone, feedNumberOf, personHidden } from "../users/fragments.ts";

// The daily picks' rows (daily_picks, daily_pick_runs): what the picks job makes and the picks
// route reads.

/**
 * The people of the zone (UTC: also those who chose none) whose picks of `day` were not made
 * yet: with an age (they meet people), and in sight; the first `limit` of them.
 */
export async function peopleDue(
  db: Database,
  zone: string,
  day: string,
  limit: number,
): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select u.id from ${everyone("u")}
      where coalesce(u.time_zone, 'UTC') = ${zone} and u.age is not null and not ${personHidden("u")}
        and not exists (select 1 from daily_pick_runs r where r.user_id = u.id and r.day = ${day})
      order by u.id
      limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** In how many people's picks of the day each of `ids` is already. */
export async function countPickedOn(
  db: Database,
  day: string,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: dailyPicks.pickId, count: sql<number>`count(*)::int` })
    .from(dailyPicks)
    .where(and(eq(dailyPicks.day, day), inArray(dailyPicks.pickId, [...ids])))
    .groupBy(dailyPicks.pickId);
  return new Map(rows.map((row) => [row.id, Number(row.count)]));
}

/**
 * Records that the people's picks of the day are made, with their picks; answers those it was
 * recorded for now (another run that got there first keeps its own).
 */
export async function savePicks(
  tx: Database,
  day: string,
  picks: ReadonlyMap<string, readonly string[]>,
): Promise<string[]> {
  if (picks.size === 0) return [];
  const made = await tx
    .insert(dailyPickRuns)
    .values([...picks.keys()].map((userId) => ({ userId, day })))
    .onConflictDoNothing()
    .returning({ userId: dailyPickRuns.userId });
  const rows = made.flatMap(({ userId }) =>
    (picks.get(userId) ?? []).map((pickId, position) => ({ userId, day, position, pickId })),
  );
  if (rows.length > 0) await tx.insert(dailyPicks).values(rows).onConflictDoNothing();
  return made.map((row) => row.userId);
}

/** The feed numbers of the person's picks of the day, in order (gone accounts left out). */
export async function pickNumbersOf(db: Database, userId: string, day: string): Promise<number[]> {
  const rows = await selectRows<{ number: string | null }>(
    db,
    sql`select ${feedNumberOf(sql`p.pick_id`)}::text as number from daily_picks p
      where p.user_id = ${userId} and p.day = ${day}
      order by p.position`,
  );
  return rows.flatMap((row) => (row.number === null ? [] : [Number(row.number)]));
}

/** Forgets the person's picks, and their place in anyone else's. */
export async function deletePicksNaming(tx: Database, userId: string): Promise<void> {
  await tx
    .delete(dailyPicks)
    .where(or(eq(dailyPicks.userId, userId), eq(dailyPicks.pickId, userId)));
  await tx.delete(dailyPickRuns).where(eq(dailyPickRuns.userId, userId));
}
