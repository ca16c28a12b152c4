import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { dailyPickRuns, dailyPicks } from "../../db/schema.ts";
import { signedInSomewhere } from "../sessions/fragments.ts";
import { everyone, feedNumberOf, personHidden } from "../users/fragments.ts";
import { PICKS_PER_DAY } from "./matching.ts";

// The daily picks' rows (daily_picks, daily_pick_runs): what the picks job makes and the picks
// route reads.

/**
 * The people of the zone (UTC: also those who chose none) whose picks of `day` were not made
 * yet: with an age (they meet people), in sight, and signed in somewhere at `now` (a live
 * session: they used Kindred in the last 30 days); the first `limit` of them by id after `after`.
 * The others' picks are made when they next look (GET /api/picks).
 */
export async function peopleDue(
  db: Database,
  { zone, day, now, after, limit }: PeopleDueQuery,
): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select u.id from ${everyone("u")}
      where coalesce(u.time_zone, 'UTC') = ${zone} and u.age is not null and not ${personHidden("u")}
        ${after === null ? sql`` : sql`and u.id > ${after}::uuid`}
        and ${signedInSomewhere(sql`u.id`, now)}
        and not exists (select 1 from daily_pick_runs r where r.user_id = u.id and r.day = ${day})
      order by u.id
      limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

export type PeopleDueQuery = {
  zone: string;
  day: string;
  now: Date;
  /** The last id of the batch before, or null for the first. */
  after: string | null;
  limit: number;
};

/** Whether the person's picks of the day were made (with none or some). */
export async function picksMadeFor(db: Database, userId: string, day: string): Promise<boolean> {
  const rows = await db
    .select({ userId: dailyPickRuns.userId })
    .from(dailyPickRuns)
    .where(and(eq(dailyPickRuns.userId, userId), eq(dailyPickRuns.day, day)))
    .limit(1);
  return rows.length > 0;
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

/** The advisory lock the day's picks are saved under (with the day's hash as its second key). */
const PICKS_LOCK = 727_041;

/**
 * Records that the people's picks of the day are made, with their picks; answers the picks saved
 * for each person recorded now (another run that got there first keeps its own). The picks were
 * chosen from counts read before; under the day's lock they are counted again, so the cap holds
 * however many processes and requests save at once: a pick that others saved meanwhile would take
 * past PICKS_PER_DAY people's picks gives way to the next of the person's `ranking` still free.
 */
export async function savePicks(
  tx: Database,
  day: string,
  picks: ReadonlyMap<string, readonly string[]>,
  ranking: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, string[]>> {
  if (picks.size === 0) return new Map();
  await tx.execute(sql`select pg_advisory_xact_lock(${PICKS_LOCK}, hashtext(${day}))`);
  const made = await tx
    .insert(dailyPickRuns)
    .values([...picks.keys()].map((userId) => ({ userId, day })))
    .onConflictDoNothing()
    .returning({ userId: dailyPickRuns.userId });
  const named = new Set<string>();
  for (const { userId } of made) {
    for (const id of picks.get(userId) ?? []) named.add(id);
    for (const id of ranking.get(userId) ?? []) named.add(id);
  }
  const counts = await countPickedOn(tx, day, [...named]);
  const saved = new Map<string, string[]>();
  for (const { userId } of made) {
    const chosen = picks.get(userId) ?? [];
    const kept: string[] = [];
    const keep = (id: string) => {
      const count = counts.get(id) ?? 0;
      if (kept.length >= chosen.length || kept.includes(id) || count >= PICKS_PER_DAY) return;
      counts.set(id, count + 1);
      kept.push(id);
    };
    for (const id of chosen) keep(id);
    for (const id of ranking.get(userId) ?? []) keep(id);
    saved.set(userId, kept);
  }
  const rows = [...saved].flatMap(([userId, kept]) =>
    kept.map((pickId, position) => ({ userId, day, position, pickId })),
  );
  if (rows.length > 0) await tx.insert(dailyPicks).values(rows).onConflictDoNothing();
  return saved;
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
