/**
 * How long loading the benchmark people takes on a fresh PostgreSQL database (migrated first, not
 * timed): loadData's JSON batches (generate.ts) against loadDataByCopy's COPY (bulk-load.ts), each
 * followed by `analyze`. First checks, at 2,000 people, that both write the same rows.
 *
 *   npx tsx bench/load-times.ts
 *
 * BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
 * BENCH_RUNS is a comma-separated list of loader:people:requests, run in order, each on a database
 * of its own that is dropped after; the loaders are insert (loadData), copy (loadDataByCopy) and
 * two diagnostics: copy-without-triggers (loadDataByCopy with the three tables' own triggers
 * disabled, which leaves the skill rows' creation times wrong; the foreign keys are still checked)
 * and copy-rebuilding-indexes (the three tables' secondary indexes dropped before loadDataByCopy
 * and made again after, then analyzed again, triggers kept; timed in the total). Default:
 * insert:100000:1000000,copy:100000:1000000,copy:1000000:1000000.
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../apps/server/src/db/client.ts";
import { type LoadStep, loadDataByCopy } from "./bulk-load.ts";
import { type LoadedData, loadData } from "./generate.ts";

const URL_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RUNS = (
  process.env.BENCH_RUNS ?? "insert:100000:1000000,copy:100000:1000000,copy:1000000:1000000"
)
  .split(",")
  .map((run) => {
    const [loader, people, requests] = run.split(":");
    if (
      loader !== "insert" &&
      loader !== "copy" &&
      loader !== "copy-without-triggers" &&
      loader !== "copy-rebuilding-indexes"
    ) {
      throw new Error(`unknown loader ${loader}`);
    }
    return { loader, people: Number(people), requests: Number(requests) };
  });
type Loader = (typeof RUNS)[number]["loader"];

const admin = new pg.Client({ connectionString: URL_BASE });
await admin.connect();
let made = 0;

/** Runs `work` on a fresh, migrated database of its own, dropped after. */
async function onFreshDatabase<T>(
  work: (url: string, handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const name = `kindred_bulk_${process.pid}_${++made}`;
  await admin.query(`create database ${name}`);
  const target = new URL(URL_BASE);
  target.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: target.toString() });
    try {
      return await work(target.toString(), handle);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

/** Loads with `loader`; returns what was loaded and each step's milliseconds. */
async function load(
  loader: Loader,
  url: string,
  handle: DatabaseHandle,
  options: { userCount: number; requestCount: number; now?: number },
): Promise<{
  data: LoadedData;
  steps: Partial<Record<LoadStep | "indexes", number>>;
  total: number;
}> {
  const steps: Partial<Record<LoadStep | "indexes", number>> = {};
  if (loader === "copy-without-triggers") {
    await handle.db.execute(sql`alter table users disable trigger user`);
    await handle.db.execute(sql`alter table user_skills disable trigger user`);
    await handle.db.execute(sql`alter table connection_requests disable trigger user`);
  }
  let indexes: { name: string; definition: string }[] = [];
  if (loader === "copy-rebuilding-indexes") {
    // Every index but the primary keys and those backing a constraint.
    const result = await handle.db.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid in ('users'::regclass, 'user_skills'::regclass,
          'connection_requests'::regclass)
        and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    `);
    indexes = (result as unknown as { rows: typeof indexes }).rows;
  }
  const began = performance.now();
  for (const index of indexes) await handle.db.execute(sql.raw(`drop index ${index.name}`));
  let data: LoadedData;
  if (loader === "insert") {
    data = await loadData(handle.db, options);
    await handle.db.execute(sql`analyze`);
  } else {
    data = await loadDataByCopy(url, {
      ...options,
      onStep: (step, ms) => {
        steps[step] = ms;
      },
    });
  }
  if (indexes.length > 0) {
    const rebuilt = performance.now();
    // One connection of the pool, for its maintenance_work_mem.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const index of indexes) await tx.execute(sql.raw(index.definition));
    });
    // Statistics for the expression indexes, which the loader's analyze ran without.
    await handle.db.execute(sql`analyze users, user_skills, connection_requests`);
    steps.indexes = performance.now() - rebuilt;
  }
  return { data, steps, total: performance.now() - began };
}

/** Digests of every loaded row, by email rather than id (ids are random UUIDs on each load). */
async function fingerprint(handle: DatabaseHandle): Promise<Record<string, unknown>> {
  const result = await handle.db.execute(sql`
    select
      (select md5(string_agg(concat_ws('|', email, password_hash, first_name, last_name, age,
        gender, about, skills::text, role, created_at, updated_at, email_verified_at,
        last_age_band, length(public_id)), e'\n' order by email)) from users) as users,
      (select md5(string_agg(concat_ws('|', u.email, s.skill, s.canonical, s.created_at), e'\n'
        order by u.email, s.skill)) from user_skills s join users u on u.id = s.user_id) as skills,
      (select md5(string_agg(concat_ws('|', f.email, t.email, r.status, r.created_at,
        r.updated_at), e'\n' order by f.email, t.email))
        from connection_requests r join users f on f.id = r.from_user_id
        join users t on t.id = r.to_user_id) as requests,
      (select count(*) from user_skills s join users u on u.id = s.user_id
        where s.created_at <> u.created_at) as skills_with_another_time,
      (select count(*) from people_changes) as people_changes,
      (select count(*) from relation_versions) as relation_versions
  `);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
}

const seconds = (ms: number | undefined) => (ms === undefined ? "–" : (ms / 1000).toFixed(1));

console.log(
  `# Loading the benchmark people\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}, ${(await admin.query("select version()")).rows[0]?.version}.`,
);

// The same rows from both loaders, creation times counted back from one instant.
const now = Date.now();
const check = { userCount: 2_000, requestCount: 10_000, now };
const prints: Record<string, unknown>[] = [];
for (const loader of ["insert", "copy"] as const) {
  prints.push(
    await onFreshDatabase(async (url, handle) => {
      await load(loader, url, handle, check);
      return fingerprint(handle);
    }),
  );
}
const same = JSON.stringify(prints[0]) === JSON.stringify(prints[1]);
console.log(`\nSame rows at 2,000 people and 10,000 requests: ${same ? "yes" : "NO"}`);
for (const [index, print] of prints.entries()) {
  console.log(`- ${index === 0 ? "insert" : "copy"}: ${JSON.stringify(print)}`);
}
if (!same) process.exitCode = 1;

console.log(
  "\n| loader | people | requests | skill rows | vocabulary | users | user_skills | connection_requests | analyze | indexes | total (s) | database | load average before |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const run of RUNS) {
  const load1 = loadavg()[0]?.toFixed(1);
  const { data, steps, total, size } = await onFreshDatabase(async (url, handle) => {
    const loaded = await load(run.loader, url, handle, {
      userCount: run.people,
      requestCount: run.requests,
    });
    const result = await handle.db.execute(
      sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    const size = (result as unknown as { rows: { size: string }[] }).rows[0]?.size ?? "?";
    return { ...loaded, size };
  });
  console.log(
    `| ${run.loader} | ${run.people.toLocaleString("en")} | ${data.requestCount.toLocaleString("en")} | ${data.skillRows.toLocaleString("en")} | ${seconds(steps.vocabulary)} | ${seconds(steps.users)} | ${seconds(steps.user_skills)} | ${seconds(steps.connection_requests)} | ${seconds(steps.analyze)} | ${seconds(steps.indexes)} | ${seconds(total)} | ${size} | ${load1} |`,
  );
}
console.log(
  `\nThe process's peak resident memory: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB.`,
);
await admin.end();
