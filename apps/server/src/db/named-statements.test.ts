import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./client.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

/** On PostgreSQL: the statements the app repeats are prepared once per connection. */
describe.runIf(adminUrl)("statements on PostgreSQL", () => {
  const name = `kindred_test_${randomBytes(6).toString("hex")}`;
  let handle: DatabaseHandle;

  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    // One connection, so what this connection has prepared is what the pool has.
    handle = await openDatabase({ url: url.toString(), poolSize: 1 });
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  /** The statements this connection holds prepared whose text contains `marker`. */
  const prepared = async (marker: string) => {
    const result = (await handle.db.execute(
      sql`select name, statement from pg_prepared_statements where statement like ${`%${marker}%`}`,
    )) as unknown as { rows: { name: string; statement: string }[] };
    return result.rows.filter((row) => !row.statement.includes("pg_prepared_statements"));
  };

  it("prepares a statement with parameters once it has run twice, and reuses it", async () => {
    const run = () => handle.db.execute(sql`select ${7}::int + 1 as repeated_marker`);
    await run();
    expect(await prepared("repeated_marker")).toEqual([]);
    await run();
    const [statement] = await prepared("repeated_marker");
    expect(statement?.name).toMatch(/^k[0-9a-f]{24}$/);
    // Run again with other values: the same statement answers them.
    const rows = (await handle.db.execute(
      sql`select ${41}::int + 1 as repeated_marker`,
    )) as unknown as { rows: { repeated_marker: number }[] };
    expect(rows.rows[0]?.repeated_marker).toBe(42);
    expect(await prepared("repeated_marker")).toHaveLength(1);
  });

  it("prepares the ORM's own statements and those of a transaction", async () => {
    for (let index = 0; index < 3; index++) {
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select ${index}::int as in_transaction_marker`);
      });
    }
    expect(await prepared("in_transaction_marker")).toHaveLength(1);
  });

  it("keeps a statement without parameters unprepared (a script may hold several)", async () => {
    for (let index = 0; index < 3; index++) {
      await handle.db.execute(sql.raw("select 1 as plain_marker; select 2 as plain_marker"));
    }
    expect(await prepared("plain_marker")).toEqual([]);
  });
});
