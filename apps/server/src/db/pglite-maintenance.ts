import type { PGliteThread } from "./pglite-thread.ts";

/** A table due for autovacuum's work, by PostgreSQL's default thresholds. */
type DueTable = { name: string; vacuum: boolean };

/**
 * The tables past autovacuum's default thresholds: analyzed once the rows changed since the last
 * analyze pass 50 + 10 % of the table, vacuumed (and analyzed) once its dead rows pass 50 + 20 %.
 */
const DUE_TABLES = `
  select s.relname as name,
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  where s.schemaname = 'public'
    and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
  order by s.relname
`;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export type Maintenance = {
  /** Runs one round now (tests); resolves when it is done. */
  runOnce: () => Promise<string[]>;
  /** Stops the timer and waits for a round in progress. */
  stop: () => Promise<void>;
};

/**
 * PGlite runs no autovacuum, so without this the planner keeps the statistics of the first start
 * (empty tables on a new install: the feed's page then scans whole tables instead of one index
 * range) and deleted rows are never reclaimed. Every `intervalMs` one catalog read finds the tables
 * autovacuum would have picked, and they are analyzed or vacuumed; the rounds never overlap.
 * Autovacuum's own pause is 60 s; this one is 2 s because a prepared statement keeps the generic
 * plan it made while a table was nearly empty until that table is analyzed, and on a new install
 * the tables grow from nothing within seconds (a round with nothing due costs about 2 ms).
 */
export function startMaintenance(
  client: Pick<PGliteThread, "query" | "exec">,
  { intervalMs = 2_000, onError }: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): Maintenance {
  let running: Promise<string[]> | undefined;
  let stopped = false;

  const round = async (): Promise<string[]> => {
    // PostgreSQL publishes a session's table counters at most once a second, when it goes idle;
    // the next statement then sees them all.
    await client.query("select pg_stat_force_next_flush()");
    const { rows } = await client.query<DueTable>(DUE_TABLES);
    const done: string[] = [];
    for (const table of rows) {
      if (stopped) break;
      const name = quoteIdentifier(table.name);
      await client.exec(table.vacuum ? `vacuum (analyze) ${name}` : `analyze ${name}`);
      done.push(table.name);
    }
    return done;
  };

  const runOnce = () => {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (running) return;
    runOnce().catch((error: unknown) => onError?.(error));
  }, intervalMs);
  timer.unref();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
