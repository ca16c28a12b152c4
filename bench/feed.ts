/**
 * Feed benchmark: loads 10,000 users and 100,000 requests into a fresh embedded PGlite (and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, into a fresh PostgreSQL database on that server),
 * then times the feed repository call and the whole GET /api/feed request, and prints the plan.
 *
 *   npm run bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * BENCH_USERS, BENCH_REQUESTS and BENCH_RUNS override the sizes.
 */
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { type DatabaseHandle, openDatabase } from "../apps/server/src/db/client.ts";
import { sessions } from "../apps/server/src/db/schema.ts";
import { type FeedPage, feedQuery, findFeed } from "../apps/server/src/modules/feed/repository.ts";
import { hashSessionId, SESSION_TTL_MS } from "../apps/server/src/plugins/session.ts";
import { createRandom, loadData } from "./generate.ts";

const USER_COUNT = Number(process.env.BENCH_USERS ?? 10_000);
const REQUEST_COUNT = Number(process.env.BENCH_REQUESTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARM_UP_RUNS = 30;
const VIEWER_COUNT = 20;
const GOAL_MS = 20;

const SCENARIOS: { name: string; page: FeedPage }[] = [
  { name: "page 1, limit 10", page: { page: 1, limit: 10 } },
  { name: "page 5, limit 10", page: { page: 5, limit: 10 } },
  { name: "page 1, limit 50", page: { page: 1, limit: 50 } },
];

type Outcome = { allUnderGoal: boolean };

function percentile(sorted: number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/** Warms up, then times `run` RUNS times, cycling through the viewers; prints one table row. */
async function measure(
  label: string,
  viewers: string[],
  run: (viewer: string) => Promise<void>,
  outcome: Outcome,
): Promise<void> {
  for (let index = 0; index < WARM_UP_RUNS; index++) {
    await run(viewers[index % viewers.length] as string);
  }
  const timings: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const viewer = viewers[index % viewers.length] as string;
    const start = performance.now();
    await run(viewer);
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  const median = percentile(timings, 0.5);
  const mean = timings.reduce((sum, value) => sum + value, 0) / timings.length;
  if (median >= GOAL_MS) outcome.allUnderGoal = false;
  console.log(
    `| ${label} | ${RUNS} | ${median.toFixed(2)} ms | ${percentile(timings, 0.95).toFixed(2)} ms | ${mean.toFixed(2)} ms |`,
  );
}

async function measureRepository(handle: DatabaseHandle, viewers: string[], outcome: Outcome) {
  for (const scenario of SCENARIOS) {
    await measure(
      `findFeed, ${scenario.name}`,
      viewers,
      async (viewer) => {
        const rows = await findFeed(handle.db, viewer, scenario.page);
        if (rows.length !== scenario.page.limit) throw new Error("The feed returned a short page");
      },
      outcome,
    );
  }
}

async function explain(handle: DatabaseHandle, viewer: string): Promise<void> {
  const explained = (await handle.db.execute(
    sql`explain (analyze, buffers, costs off) ${feedQuery(viewer, { page: 1, limit: 10 })}`,
  )) as unknown as { rows: { "QUERY PLAN": string }[] };
  console.log("\nEXPLAIN (ANALYZE, BUFFERS, COSTS OFF), page 1, limit 10:\n\n```");
  for (const row of explained.rows) console.log(row["QUERY PLAN"]);
  console.log("```\n");
}

/** Times GET /api/feed end to end (session check, query, serialisation) through app.inject. */
async function measureHttp(handle: DatabaseHandle, viewers: string[], outcome: Outcome) {
  const cookies = new Map<string, string>();
  for (const viewer of viewers) {
    const sessionId = randomBytes(32).toString("base64url");
    await handle.db.insert(sessions).values({
      idHash: hashSessionId(sessionId),
      userId: viewer,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    cookies.set(viewer, `token=${sessionId}; XSRF-TOKEN=bench`);
  }
  const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "silent" });
  const app = await buildApp(config, { database: handle });
  try {
    await measure(
      "GET /api/feed (whole request), page 1, limit 10",
      viewers,
      async (viewer) => {
        const response = await app.inject({
          method: "GET",
          url: "/api/feed?page=1&limit=10",
          headers: { cookie: cookies.get(viewer) as string },
        });
        if (response.statusCode !== 200) throw new Error(`GET /api/feed: ${response.statusCode}`);
      },
      outcome,
    );
  } finally {
    // The app closes the database it was given.
    await app.close();
  }
}

async function runOn(label: string, handle: DatabaseHandle): Promise<boolean> {
  const { db } = handle;
  const version = (await db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  console.log(`\n## ${label} (PostgreSQL ${version.rows[0]?.server_version ?? "?"})\n`);
  // Keeps the first pass free of statistics on PostgreSQL too; the second pass analyses by hand.
  for (const table of ["users", "user_skills", "connection_requests"]) {
    await db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = off)`));
  }
  const loadStart = performance.now();
  const data = await loadData(db, { userCount: USER_COUNT, requestCount: REQUEST_COUNT });
  const loadMs = performance.now() - loadStart;
  console.log(
    `Loaded ${data.userIds.length} users, ${data.skillRows} user skills and ${data.requestCount} requests in ${(loadMs / 1000).toFixed(1)} s.\n`,
  );

  const random = createRandom(7);
  const viewers = Array.from(
    { length: VIEWER_COUNT },
    () => data.userIds[Math.floor(random() * data.userIds.length)] as string,
  );
  const outcome: Outcome = { allUnderGoal: true };
  const header = "| Query | Runs | Median | p95 | Mean |\n|---|---|---|---|---|";

  // PGlite runs no autovacuum, so an embedded database may never have been analysed.
  console.log(`### Right after the load, no statistics yet\n\n${header}`);
  await measureRepository(handle, viewers, outcome);

  // What autovacuum does on PostgreSQL: sets the visibility map, so index-only scans skip the heap.
  await db.execute(sql`vacuum analyze`);
  console.log(`\n### After VACUUM ANALYZE\n\n${header}`);
  await measureRepository(handle, viewers, outcome);
  await explain(handle, viewers[0] as string);

  console.log(header);
  await measureHttp(handle, viewers, outcome);
  return outcome.allUnderGoal;
}

async function main(): Promise<void> {
  console.log(
    `# Feed benchmark\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}. ${USER_COUNT} users, ${REQUEST_COUNT} requests, ${VIEWER_COUNT} viewers, ${WARM_UP_RUNS} warm-up runs then ${RUNS} timed runs per query.`,
  );
  let ok = await runOn(
    "PGlite (embedded, in memory)",
    await openDatabase({ dataDir: "memory://" }),
  );

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `kindred_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const postgres = await openDatabase({ url: url.toString(), poolSize: 2 });
      // An idle connection ended by the server must not crash the run.
      (postgres.db as unknown as { $client: pg.Pool }).$client.on("error", (error) => {
        console.error(`PostgreSQL pool: ${error.message}`);
      });
      ok = (await runOn("PostgreSQL server", postgres)) && ok;
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log("\n(Set BENCH_DATABASE_URL to also measure on PostgreSQL.)");
  }

  console.log(ok ? `\nEvery median is under ${GOAL_MS} ms.` : `\nA median is over ${GOAL_MS} ms.`);
  if (!ok) process.exitCode = 1;
}

await main();
