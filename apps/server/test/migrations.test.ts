import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "../src/db/client.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)("migrations on PostgreSQL", () => {
  const name = `kindred_migrate_${randomBytes(6).toString("hex")}`;
  afterAll(async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it("are applied once when several processes start together on an empty database", async () => {
    await adminQuery(`create database ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    // Four servers of a deployment starting at the same moment, each migrating as it opens.
    const opened = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ url: url.toString(), poolSize: 2 })),
    );
    for (const result of opened) if (result.status === "fulfilled") await result.value.close();
    expect(opened.map((result) => result.status)).toEqual(Array(4).fill("fulfilled"));

    const files = readdirSync(migrationsFolder()).filter((file) => file.endsWith(".sql"));
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const applied = await client.query(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(applied.rows[0].n).toBe(files.length);
    } finally {
      await client.end();
    }
  });
});
