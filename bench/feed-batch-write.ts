/**
 * What writing a batch costs: the feed's next window of sharers (sharersBatch, 300 people), run
 * as it is, with its rows written as one array row instead of a row per person, and with nothing
 * written (the ranking alone), in turn for each viewer, each inside a transaction rolled back so
 * every way runs the same window. PostgreSQL only: a fresh database on BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), loaded with bench/generate.ts.
 *
 *   npx tsx bench/feed-batch-write.ts
 *   BENCH_USERS=10000 BENCH_REQUESTS=100000 BENCH_VIEWERS=40 BENCH_ROUNDS=3 npx tsx bench/feed-batch-write.ts
 *
 * The first round warms the plans and is not counted. The array table exists only in this
 * database: it is how a queue kept as one row per batch would be written.
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { findFeed } from "../apps/server/src/modules/feed/page-repository.ts";
import { lockState, sharersBatch } from "../apps/server/src/modules/feed/queue-repository.ts";
import { loadData } from "./generate.ts";

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SETTINGS = { batchSize: 300, firstBatchSize: 50, ttlMs: 1e12, recheckMs: 1e12 };

/** The batch statement's write of its entries (a CTE named `added`). */
const WRITE = /added as \(\s*insert into feed_queue_entries[\s\S]*?returning 1\s*\)/;

/** The statement's three ways; the write's own parameters stay in use, so their types hold. */
function ways(text: string): Record<string, string> {
  const write = WRITE.exec(text)?.[0];
  const [viewer, queue] = write?.match(/\$\d+/g) ?? [];
  if (!write || !viewer || !queue) throw new Error("the batch statement no longer has its write");
  return {
    "as today: a row per person": text,
    "one row (an array)": text.replace(
      WRITE,
      `added as (
        insert into batch_arrays (viewer_id, first_position, candidates)
        select q.viewer_id, q.last_position + 1, array_agg(ranked.user_id order by ranked.r)
        from ranked, feed_queues q
        where q.viewer_id = ${viewer}::uuid and q.viewer_id = ${queue}::uuid
        group by q.viewer_id, q.last_position
        returning 1
      )`,
    ),
    "ranked only, nothing written": text.replace(
      WRITE,
      `added as (select ${viewer}::uuid, ${queue}::uuid)`,
    ),
  };
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const name = `kindred_batch_write_${process.pid}_${Date.now()}`;
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const dialect = new PgDialect();
try {
  const handle = await openDatabase({ url: url.toString() });
  const data = await loadData(handle.db, { userCount: USERS, requestCount: REQUESTS });
  const viewers = data.userIds.slice(100, 100 + VIEWERS);
  for (const viewer of viewers) {
    await findFeed(handle.db, viewer, { after: 0, offset: 0, limit: 10 }, SETTINGS);
  }
  await handle.db.execute(sql`vacuum analyze`);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`create table batch_arrays (
    viewer_id uuid not null, first_position bigint not null, candidates uuid[] not null,
    primary key (viewer_id, first_position))`);
  const times = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const viewer of viewers) {
      const [state] = await lockState(handle.db, viewer);
      if (state?.phase !== "sharers") continue;
      const query = dialect.sqlToQuery(sharersBatch(viewer, state, { size: SETTINGS.batchSize }));
      for (const [way, text] of Object.entries(ways(query.sql))) {
        await client.query("begin");
        const start = performance.now();
        await client.query(text, query.params as unknown[]);
        const took = performance.now() - start;
        await client.query("rollback");
        if (round > 0) times.set(way, [...(times.get(way) ?? []), took]);
      }
    }
  }
  await client.end();
  await handle.close();
  console.log(
    `# A window of sharers, three ways\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}. ${USERS} users, ${REQUESTS} requests, ${VIEWERS} viewers, ${ROUNDS - 1} counted rounds.\n`,
  );
  console.log("| the window of sharers | runs | mean | median |\n|---|---|---|---|");
  for (const [way, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(`| ${way} | ${sorted.length} | ${mean.toFixed(2)} ms | ${median.toFixed(2)} ms |`);
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
