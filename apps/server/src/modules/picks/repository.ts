import { eq, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dailyPickRuns, dailyPicks } from "../../db/schema.ts";

// The daily picks' rows (daily_picks, daily_pick_runs): what the picks job makes and the picks
// route reads.

/** Forgets the person's picks, and their place in anyone else's. */
export async function deletePicksNaming(tx: Database, userId: string): Promise<void> {
  await tx
    .delete(dailyPicks)
    .where(or(eq(dailyPicks.userId, userId), eq(dailyPicks.pickId, userId)));
  await tx.delete(dailyPickRuns).where(eq(dailyPickRuns.userId, userId));
}
