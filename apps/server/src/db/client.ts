import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PGliteThread } from "./pglite-thread.ts";
import * as schema from "./schema.ts";

/** One Drizzle type for both drivers: both are PostgreSQL, with one schema and one dialect. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** Runs a trivial query; throws when the database does not answer. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  /** PostgreSQL over a node-postgres pool. */
  | { url: string; poolSize?: number }
  /**
   * Embedded PGlite kept in dataDir; `memory://` keeps it in memory (tests). loadDataDir starts it
   * from a dump (a migrated template), which skips the slow initdb. It runs in a worker thread of
   * its own (see pglite-thread.ts); in a folder, every commit is fsynced before it is answered.
   */
  | { dataDir: string; loadDataDir?: Blob };

/**
 * The migrations folder: beside src/ in development and tests, and beside dist/ once bundled
 * (dist/server.js and src/db/client.ts both resolve to apps/server/drizzle).
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const fromSource = path.resolve(here, "../../drizzle");
  const fromBundle = path.resolve(here, "../drizzle");
  return existsSync(path.join(fromSource, "meta")) ? fromSource : fromBundle;
}

/**
 * Ends the pool and waits until every connection has closed: pool.end() resolves as soon as the
 * connections are asked to close, and a database dropped right after would cut them mid-goodbye.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      closed += 1;
      if (closed >= open) resolve();
    });
  });
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    allClosed,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 5_000);
    }),
  ]);
  clearTimeout(timer);
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A connection the server ends (a restart, a terminated backend) must not crash the process:
    // the pool drops it and opens a new one on demand. A connection being closed has left the
    // pool, so it gets its own listener too.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg({ client: pool, schema });
    try {
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    } catch (error) {
      await endPool(pool);
      throw error;
    }
    return {
      db: db as unknown as Database,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => endPool(pool),
    };
  }
  const inMemory = options.dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGliteThread.start({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    durable: !inMemory,
  });
  // Drizzle's PGlite driver only calls query() and transaction(), which the thread provides.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  try {
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    // PGlite runs no autovacuum: without fresh statistics the feed's plan degrades as data grows.
    await client.exec("analyze");
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
