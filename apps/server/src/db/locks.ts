import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * Holds a PostgreSQL advisory lock until the transaction ends: work that several processes
 * starting together must do once (the demo data, the skill vocabulary) waits its turn on it.
 */
export async function holdTransactionLock(tx: Database, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
