/**
 * Feed benchmark: loads 10,000 users and 100,000 requests into a fresh embedded PGlite (and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, into a fresh PostgreSQL database on that server),
 * then times the feed (the repository call and the whole GET /api/feed request) as viewers page
 * through it by cursor, reporting the requests that made a batch of the viewer's queue apart, and
 * prints the plans of a page and of a batch.
 *
 *   npm run bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * BENCH_USERS, BENCH_REQUESTS and BENCH_RUNS override the sizes; BENCH_ONLY=pglite|postgres runs
 * one database.
 */
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { DEFAULT_FEED_QUEUE, loadConfig } from "../apps/server/src/config.ts";
import { type DatabaseHandle, openDatabase } from "../apps/server/src/db/client.ts";
import { sessions } from "../apps/server/src/db/schema.ts";
import { feedPageQuery, findFeed } from "../apps/server/src/modules/feed/page-repository.ts";
import {
  lockState,
  perSkillLimit,
  sharersBatch,
  walkBatch,
} from "../apps/server/src/modules/feed/queue-repository.ts";
import { hashSessionId, SESSION_TTL_MS } from "../apps/server/src/plugins/session.ts";
import { createRandom, loadData } from "./generate.ts";

const USER_COUNT = Number(process.env.BENCH_USERS ?? 10_000);
const REQUEST_COUNT = Number(process.env.BENCH_REQUESTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const VIEWER_COUNT = 20;
const ONLY = process.env.BENCH_ONLY;

const PAGES_PER_VIEWER = 30;
const LIMIT = 10;
const GOAL_MEDIAN_MS = 10;
const GOAL_P95_MS = 20;

type Outcome = { allUnderGoal: boolean };

function percentile(sorted: number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

function row(label: string, timings: number[], outcome?: Outcome): void {
  if (timings.length === 0) {
    console.log(`| ${label} | 0 | | | | |`);
    return;
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const median = percentile(sorted, 0.5);
  const p95 = percentile(sorted, 0.95);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  if (outcome && (median >= GOAL_MEDIAN_MS || p95 >= GOAL_P95_MS)) outcome.allUnderGoal = false;
  console.log(
    `| ${label} | ${sorted.length} | ${median.toFixed(2)} ms | ${p95.toFixed(2)} ms | ${mean.toFixed(2)} ms | ${sorted[sorted.length - 1]?.toFixed(2)} ms |`,
  );
}

const HEADER = "| Requests | Runs | Median | p95 | Mean | Max |\n|---|---|---|---|---|---|";

type Page = { batches: number; next: number | null };

/**
 * Every viewer pages through the feed by cursor, PAGES_PER_VIEWER pages of LIMIT, the viewers
 * taking turns (so each page is a new request for another viewer); the first page of each
 * starts from a fresh queue. Returns the timings with and without a batch made.
 */
async function pageThrough(
  viewers: string[],
  fetchPage: (viewer: string, after: number) => Promise<Page>,
): Promise<{ all: number[]; plain: number[]; batched: number[]; batches: number }> {
  const cursors = new Map<string, number>(viewers.map((viewer) => [viewer, 0]));
  const all: number[] = [];
  const plain: number[] = [];
  const batched: number[] = [];
  let batches = 0;
  for (let page = 0; page < PAGES_PER_VIEWER; page++) {
    for (const viewer of viewers) {
      const start = performance.now();
      const result = await fetchPage(viewer, cursors.get(viewer) ?? 0);
      const ms = performance.now() - start;
      all.push(ms);
      (result.batches > 0 ? batched : plain).push(ms);
      batches += result.batches;
      cursors.set(viewer, result.next ?? 0);
    }
  }
  return { all, plain, batched, batches };
}

async function measureRepository(
  label: string,
  handle: DatabaseHandle,
  viewers: string[],
  outcome: Outcome,
) {
  await handle.db.execute(sql`delete from feed_queues`);
  const result = await pageThrough(viewers, async (viewer, after) => {
    const page = await findFeed(
      handle.db,
      viewer,
      { after, offset: 0, limit: LIMIT },
      DEFAULT_FEED_QUEUE,
    );
    if (page.rows.length !== LIMIT) throw new Error("The feed returned a short page");
    return page;
  });
  row(`${label}: every page`, result.all, outcome);
  row(`${label}: pages read from the queue`, result.plain);
  row(`${label}: pages that made a batch first`, result.batched);
  // The first page again, from the queue each viewer has now (the web app's reload).
  const first: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const viewer = viewers[run % viewers.length] as string;
    const start = performance.now();
    await findFeed(handle.db, viewer, { after: 0, offset: 0, limit: LIMIT }, DEFAULT_FEED_QUEUE);
    first.push(performance.now() - start);
  }
  row(`${label}: first page again (queue kept)`, first, outcome);
  const rows = (await handle.db.execute(
    sql`select count(*)::int as entries from feed_queue_entries`,
  )) as unknown as { rows: { entries: number }[] };
  console.log(
    `\n(${viewers.length} viewers, ${PAGES_PER_VIEWER} pages of ${LIMIT} each: ${result.batches} batches made, ${rows.rows[0]?.entries} queue entries.)\n`,
  );
}

async function explain(handle: DatabaseHandle, viewer: string): Promise<void> {
  const page = (await handle.db.execute(
    sql`explain (analyze, buffers, costs off) ${feedPageQuery(viewer, { after: 0, offset: 0, limit: LIMIT }, new Date(0), new Date(0))}`,
  )) as unknown as { rows: { "QUERY PLAN": string }[] };
  console.log("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) of a page, limit 10:\n\n```");
  for (const line of page.rows) console.log(line["QUERY PLAN"]);
  console.log("```\n");
  // A batch of sharers from the top, for a viewer whose queue starts again (inside a transaction
  // that is rolled back, so the queue is left as it was).
  await handle.db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from feed_queue_entries where viewer_id = ${viewer}`);
      await tx.execute(sql`
        update feed_queues set frontier_at = 'infinity', frontier_id = 'ffffffff-ffff-ffff-ffff-ffffffffffff', phase = 'sharers'
        where viewer_id = ${viewer}`);
      const [state] = await lockState(tx, viewer);
      if (!state) throw new Error("no queue");
      const perSkill = perSkillLimit(DEFAULT_FEED_QUEUE.batchSize, state);
      const plan = (await tx.execute(
        sql`explain (analyze, buffers, costs off) ${sharersBatch(viewer, state, perSkill)}`,
      )) as unknown as { rows: { "QUERY PLAN": string }[] };
      console.log(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) of a batch of sharers (${state.skillCount} skills, ${perSkill} per skill):\n\n${"```"}`,
      );
      for (const line of plan.rows) console.log(line["QUERY PLAN"]);
      console.log("```\n");
      // The other two kinds of batch, from the top: the rest, and newcomers of the last day.
      const [top] = await lockState(tx, viewer);
      if (!top) throw new Error("no queue");
      const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
      for (const [label, statement] of [
        ["the rest", walkBatch(viewer, "rest", top, DEFAULT_FEED_QUEUE.batchSize)],
        [
          "newcomers of the last day",
          walkBatch(
            viewer,
            "newcomers",
            { ...top, newestAt: dayAgo },
            DEFAULT_FEED_QUEUE.batchSize,
          ),
        ],
      ] as const) {
        const other = (await tx.execute(
          sql`explain (analyze, costs off) ${statement}`,
        )) as unknown as { rows: { "QUERY PLAN": string }[] };
        console.log(`EXPLAIN (ANALYZE, COSTS OFF) of a batch of ${label}:\n\n${"```"}`);
        for (const line of other.rows) console.log(line["QUERY PLAN"]);
        console.log("```\n");
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}

class RolledBack extends Error {}

/** Times GET /api/feed end to end (session check, page, serialisation) through app.inject. */
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
  await handle.db.execute(sql`delete from feed_queues`);
  const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "silent" });
  const app = await buildApp(config, { database: handle });
  const cursors = new Map<string, string>();
  const timings: number[] = [];
  try {
    for (let page = 0; page < PAGES_PER_VIEWER; page++) {
      for (const viewer of viewers) {
        const cursor = cursors.get(viewer);
        const start = performance.now();
        const response = await app.inject({
          method: "GET",
          url: `/api/feed?limit=${LIMIT}${cursor ? `&cursor=${cursor}` : ""}`,
          headers: { cookie: cookies.get(viewer) as string },
        });
        timings.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`GET /api/feed: ${response.statusCode}`);
        const body = response.json() as { nextCursor: string | null };
        if (body.nextCursor) cursors.set(viewer, body.nextCursor);
        else cursors.delete(viewer);
      }
    }
    row("whole GET /api/feed by cursor, batches included", timings, outcome);
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

  // PGlite runs no autovacuum, so an embedded database may never have been analysed.
  console.log(`### findFeed, right after the load, no statistics yet\n\n${HEADER}`);
  await measureRepository("no statistics", handle, viewers, outcome);

  // What autovacuum does on PostgreSQL: sets the visibility map, so index-only scans skip the heap.
  await db.execute(sql`vacuum analyze`);
  console.log(`### findFeed, after VACUUM ANALYZE\n\n${HEADER}`);
  await measureRepository("analysed", handle, viewers, outcome);
  await explain(handle, viewers[0] as string);

  console.log(HEADER);
  await measureHttp(handle, viewers, outcome);
  return outcome.allUnderGoal;
}

async function main(): Promise<void> {
  console.log(
    `# Feed benchmark\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}. ${USER_COUNT} users, ${REQUEST_COUNT} requests, ${VIEWER_COUNT} viewers paging ${PAGES_PER_VIEWER} pages of ${LIMIT} by cursor, taking turns; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(", ")}.`,
  );
  let ok = true;
  if (ONLY !== "postgres") {
    ok = await runOn("PGlite (embedded, in memory)", await openDatabase({ dataDir: "memory://" }));
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl && ONLY !== "pglite") {
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

  console.log(
    ok
      ? `\nEvery goal met: median under ${GOAL_MEDIAN_MS} ms and p95 under ${GOAL_P95_MS} ms.`
      : `\nA median or p95 is over its goal (${GOAL_MEDIAN_MS} ms, ${GOAL_P95_MS} ms).`,
  );
  if (!ok) process.exitCode = 1;
}

await main();
