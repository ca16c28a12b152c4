import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * An ISO 8601 UTC timestamp: raw queries get timestamps as the driver's text (the ORM turns off
 * their parsing), so they are formatted in SQL, the same on both drivers.
 */
export function isoTimestamp(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `"table"."column"`: a column named with its table or subquery alias. The query builder drops
 * the table from a column inside a `sql` field of a select that reads one table, and a subquery
 * in that field would then read a column of the same name of its own.
 */
export function qualified(table: string, column: string): SQL {
  return sql`${sql.identifier(table)}.${sql.identifier(column)}`;
}
