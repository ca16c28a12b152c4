import type { Card } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { users } from "../../db/schema.ts";
import { toCard, type UserRow } from "../users/user-view.ts";

/** The users columns a Card is built from; never the email, password hash or session. */
export type CardRow = Pick<
  typeof users.$inferSelect,
  "id" | "firstName" | "lastName" | "photoUrl" | "age" | "gender" | "about" | "skills"
>;

/** Selects the CardRow columns of the users table aliased as `alias`, in the row's own names. */
export function cardColumns(alias: string): SQL {
  const u = sql.raw(`"${alias}"`);
  return sql`${u}.id as "id", ${u}.first_name as "firstName", ${u}.last_name as "lastName",
    ${u}.photo_url as "photoUrl", ${u}.age as "age", ${u}.gender as "gender", ${u}.about as "about",
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

/** The SQLSTATE of a database error, looking through the ORM's wrapper. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The contract's Card for a CardRow (toCard reads only the columns CardRow holds). */
export function rowToCard(row: CardRow): Card {
  return toCard(row as UserRow);
}
