import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { users } from "../../db/schema.ts";

/** The users columns a Card is built from; never the email, password hash or session. */
export type CardRow = Pick<
  typeof users.$inferSelect,
  "id" | "firstName" | "lastName" | "photoUrl" | "photoKey" | "age" | "gender" | "about" | "skills"
>;

/** Selects the CardRow columns of the users table aliased as `alias`, in the row's own names. */
export function cardColumns(alias: string): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`${u}.id as "id", ${u}.first_name as "firstName", ${u}.last_name as "lastName",
    ${u}.photo_url as "photoUrl", ${u}.photo_key as "photoKey", ${u}.age as "age", ${u}.gender as "gender", ${u}.about as "about",
    ${u}.skills as "skills"`;
}

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
