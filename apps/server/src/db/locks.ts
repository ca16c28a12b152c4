import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * Holds a PostgreSQL advisory lock until the transaction ends: work that several processes
 * starting together must do once (the demo data, the skill vocabulary) waits its turn on it.
 */
export async function holdTransactionLock(tx: Database, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/**
 * Makes the transaction's waits for a row lock give up after `ms` (SQLSTATE 55P03, see
 * `isLockConflict`) instead of waiting: work that would rather start again than keep others
 * waiting behind it, or end in a deadlock others pay for.
 */
export async function limitLockWaits(tx: Database, ms: number): Promise<void> {
  await tx.execute(sql`select set_config('lock_timeout', ${`${Math.round(ms)}ms`}, true)`);
}
