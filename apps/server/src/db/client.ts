import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { startMaintenance } from "./pglite-maintenance.ts";
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
  /** How busy the database is now, for /metrics: the pool's connections, or PGlite's queue. */
  load: () => DatabaseLoad;
  /** PGlite only: vacuums and analyzes the tables that need it now; returns their names. */
  maintain?: () => Promise<string[]>;
  /** PGlite only: a consistent copy of the database as a gzipped tar (`npm run backup`). */
  backup?: () => Promise<Uint8Array>;
  close: () => Promise<void>;
};

export type DatabaseLoad =
  /** node-postgres: connections open, idle among them, and queries waiting for one. */
  | { kind: "postgres"; total: number; idle: number; waiting: number }
  /** The embedded database: statements not answered yet (PGliteThread.queueLength). */
  | { kind: "pglite"; queueLength: number };

export type DatabaseOptions =
  /** PostgreSQL over a node-postgres pool. */
  | { url: string; poolSize?: number }
  /**
   * Embedded PGlite kept in dataDir; `memory://` keeps it in memory (tests). loadDataDir starts it
   * from a dump (a migrated template), which skips the slow initdb. It runs in a worker thread of
   * its own (see pglite-thread.ts); in a folder, every commit is fsynced before it is answered.
   */
  | {
      dataDir: string;
      loadDataDir?: Blob;
      /** A failed round of the embedded database's vacuum and analyze (see pglite-maintenance). */
      onMaintenanceError?: (error: unknown) => void;
    };

type PreparedRunner = (
  name: string,
  text: string,
  params: unknown[],
) => Promise<{ rows: unknown[] }>;

/** How each open database runs a named prepared statement. */
const preparedRunners = new WeakMap<object, PreparedRunner>();
const dialect = new PgDialect();

/**
 * A transaction's own PostgreSQL connection: the ORM keeps it as its session's client (the pool
 * for the database itself). Undefined for anything else.
 */
function connectionOf(db: Database): pg.ClientBase | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : undefined;
}

/**
 * Runs `query` as the named prepared statement `name` and returns its rows, as `db.execute`
 * would. PostgreSQL parses and plans it once per connection and reuses the plan: for the hot,
 * complex statements (the feed's page and batches, the session lookup) planning costs more than
 * running. A name must always be used with the same SQL text; only the parameters change. Works on
 * the database and on a transaction (on PGlite, a transaction's statements go through the thread's
 * statement cache instead).
 */
export async function preparedRows<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  const run = preparedRunners.get(db);
  const connection = run ? undefined : connectionOf(db);
  if (!run && !connection) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const config = { name, text, values: params, types: keepTextTypes } as pg.QueryConfig;
  const result = run ? await run(name, text, params) : await connection?.query(config);
  return (result?.rows ?? []) as T[];
}

/** Types the ORM keeps as text (timestamps, dates, intervals and their arrays), as it does. */
const TEXT_TYPE_IDS = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const keepTextTypes = {
  getTypeParser: (id: number, format?: "text" | "binary") =>
    TEXT_TYPE_IDS.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format),
};

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

/** Any fixed number: the advisory lock that lets one process at a time migrate a database. */
const MIGRATION_LOCK = 727_002;

/**
 * Several processes started together against one PostgreSQL would otherwise apply the same
 * pending migration at once (the migrator takes no lock): the first holds this lock while it
 * migrates, the others wait for it and then find nothing left to apply.
 */
async function migrateOnce(url: string, migrate: () => Promise<void>): Promise<void> {
  // A connection of its own, outside the pool, so a small pool cannot starve the migrator.
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // Ending the connection also lets go of the lock.
    await client.end();
  }
}

/** How many distinct statements each connection may keep prepared (see nameRepeatedStatements). */
const NAMED_STATEMENTS = 400;
/** How often a statement must have run before it is prepared. */
const USES_BEFORE_NAMING = 2;

/**
 * Makes every statement the app sends with parameters a named prepared statement once it has run
 * twice, up to NAMED_STATEMENTS distinct texts for the process: PostgreSQL then parses it once per
 * connection, and after five runs may keep a generic plan instead of planning each run. On the
 * write paths, parsing and planning cost more than running (a chat message's 14 statements spent
 * 2.1 ms parsing and binding against 0.6 ms executing). A statement without parameters (begin,
 * commit, a migration's script) keeps the simple protocol. The name is a digest of the text, so
 * a name always stands for one text; repeated texts win the places first, and a text past the cap
 * runs unnamed as before.
 */
function nameRepeatedStatements(pool: pg.Pool): void {
  const uses = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= NAMED_STATEMENTS) return known;
    const count = (uses.get(text) ?? 0) + 1;
    if (count < USES_BEFORE_NAMING) {
      // The counts are only a filter: they are forgotten when they grow past a bound.
      if (uses.size >= 10 * NAMED_STATEMENTS) uses.clear();
      uses.set(text, count);
      return undefined;
    }
    uses.delete(text);
    const name = `k${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      // The ORM passes its parameters beside the config, the pool and preparedRows inside it.
      const [config, beside] = args;
      const values =
        typeof config === "object" && config !== null && "values" in config
          ? config.values
          : beside;
      if (
        typeof config === "object" &&
        config !== null &&
        "text" in config &&
        typeof config.text === "string" &&
        !("name" in config && config.name) &&
        Array.isArray(values) &&
        values.length > 0
      ) {
        const name = nameOf(config.text);
        if (name) args[0] = { ...config, name };
      }
      return query(...args);
    };
  });
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
    nameRepeatedStatements(pool);
    const db = drizzlePg({ client: pool, schema });
    try {
      await migrateOnce(options.url, () => migratePg(db, { migrationsFolder: migrationsFolder() }));
    } catch (error) {
      await endPool(pool);
      throw error;
    }
    preparedRunners.set(db, (name, text, values) =>
      pool.query({ name, text, values, types: keepTextTypes } as pg.QueryConfig),
    );
    return {
      db: db as unknown as Database,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      load: () => ({
        kind: "postgres",
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
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
    // A dump carries the statistics it was made with (the tests' template, a backup being
    // restored, which the server analyzes when it next opens the folder): 0.5-0.8 s saved a copy.
    if (!options.loadDataDir) await client.exec("analyze");
  } catch (error) {
    await client.close();
    throw error;
  }
  preparedRunners.set(db, (name, text, params) => client.prepared(name, text, params));
  const maintenance = startMaintenance(client, { onError: options.onMaintenanceError });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    load: () => ({ kind: "pglite", queueLength: client.queueLength }),
    maintain: maintenance.runOnce,
    backup: () => client.backup(),
    close: async () => {
      await maintenance.stop();
      await client.close();
    },
  };
}
