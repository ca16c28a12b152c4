import { lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { botCheckSpent } from "../../db/schema.ts";

/**
 * Records a solution as used; false when it already was. One statement, so two requests racing
 * with the same solution (in one process or two) cannot both pass.
 */
export async function spendSolution(
  db: Database,
  signature: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(botCheckSpent)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: botCheckSpent.signature });
  return rows.length === 1;
}

/** Forgets the solutions whose challenge has expired: those cannot be used again anyway. */
export async function purgeExpiredSolutions(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(botCheckSpent)
    .where(lt(botCheckSpent.expiresAt, now))
    .returning({ one: sql<number>`1` });
  return rows.length;
}
