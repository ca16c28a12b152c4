/**
 * Community lists benchmark: loads 100,000 posts, 100,000 study groups and 100,000 events (half of
 * them past) by 1,000 members (100 of them accounts, among 10,000 accounts) into a fresh embedded PGlite (and, when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, into a fresh PostgreSQL database on that server), then times the
 * list queries (first page, a page deep in the list) as an account with blocks both ways, and the
 * whole GET requests with a token.
 *
 *   npx tsx bench/community.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/community.ts
 *
 * BENCH_ROWS and BENCH_RUNS override the sizes.
 */
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { type DatabaseHandle, openDatabase } from "../apps/server/src/db/client.ts";
import type { Cursor, Page } from "../apps/server/src/lib/paging.ts";
import { listEvents } from "../apps/server/src/modules/events/repository.ts";
import { listGroups } from "../apps/server/src/modules/groups/repository.ts";
import { listPosts } from "../apps/server/src/modules/posts/repository.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const MEMBERS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARM_UP_RUNS = 30;
const GOAL_MS = 20;
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

type Outcome = { allUnderGoal: boolean };

function percentile(sorted: number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function measure(label: string, run: () => Promise<void>, outcome: Outcome): Promise<void> {
  for (let index = 0; index < WARM_UP_RUNS; index++) await run();
  const timings: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const start = performance.now();
    await run();
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  const median = percentile(timings, 0.5);
  if (median >= GOAL_MS) outcome.allUnderGoal = false;
  console.log(
    `| ${label} | ${median.toFixed(2)} ms | ${percentile(timings, 0.95).toFixed(2)} ms |`,
  );
}

/** Members, then the three tables filled by generate_series in one statement each. */
async function load(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  // 10,000 accounts, a tenth of the members being accounts: the author's name comes from either.
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, public_id, email_verified_at)
    select 'bench' || n || '@example.com', 'not-a-real-hash', 'First' || n, 'Last', 'bench-' || n,
      now()
    from generate_series(1, 10000) as n`);
  await db.execute(sql`
    insert into community_members (id, user_id)
    select id, id from users order by created_at, id limit ${MEMBERS / 10}`);
  await db.execute(sql`
    insert into community_members (username, password_hash)
    select 'member' || n, 'not-a-real-hash' from generate_series(1, ${MEMBERS - MEMBERS / 10}) as n`);
  // The viewer of the lists (the first account member) blocked 10 account authors, and 10 others
  // blocked it: every list leaves their rows out, both ways.
  await db.execute(sql`
    with accounts as (
      select user_id, row_number() over (order by user_id) as r
      from community_members where user_id is not null
    ), viewer as (select user_id from accounts where r = 1)
    insert into user_blocks (blocker_id, blocked_id)
    select (select user_id from viewer), user_id from accounts where r between 2 and 11
    union all
    select user_id, (select user_id from viewer) from accounts where r between 12 and 21`);
  const authors = sql`(select array_agg(id) from community_members)`;
  const author = (n: SQL) => sql`(${authors})[1 + (${n} % ${MEMBERS})]`;
  await db.execute(sql`
    insert into community_posts (author_id, title, content, created_at)
    select ${author(sql`n`)}, 'Post ' || n, repeat('Some thoughts on studying. ', 8),
      now() - (n * interval '37 seconds')
    from generate_series(1, ${ROWS}) as n`);
  await db.execute(sql`
    insert into study_groups (author_id, name, description, tag, created_at)
    select ${author(sql`n`)}, 'Group ' || n, 'We meet every week to study together.',
      (array['Math', 'Programming', 'DSA', 'Machine Learning'])[1 + n % 4],
      now() - (n * interval '41 seconds')
    from generate_series(1, ${ROWS}) as n`);
  // Half in the past, half over the next two years.
  await db.execute(sql`
    insert into community_events (author_id, title, description, location, starts_at)
    select ${author(sql`n`)}, 'Event ' || n, 'Talks, snacks and questions.', 'Library, room ' || (n % 40),
      now() + ((n - ${ROWS / 2}) * interval '631 seconds')
    from generate_series(1, ${ROWS}) as n`);
}

/** The cursor after `depth` rows, found by walking the list page by page. */
async function cursorAfter(
  depth: number,
  list: (cursor: Cursor | null) => Promise<Page<unknown>>,
): Promise<Cursor> {
  let cursor: Cursor | null = null;
  for (let seen = 0; seen < depth; seen += 50) {
    const page: Page<unknown> = await list(cursor);
    if (!page.next) throw new Error("the list ended early");
    cursor = page.next;
  }
  return cursor as Cursor;
}

async function explain(handle: DatabaseHandle, label: string, query: SQL): Promise<void> {
  const explained = (await handle.db.execute(
    sql`explain (analyze, buffers, costs off) ${query}`,
  )) as unknown as { rows: { "QUERY PLAN": string }[] };
  console.log(`\n${label}:\n\n\`\`\``);
  for (const row of explained.rows) console.log(row["QUERY PLAN"]);
  console.log("```");
}

/** The account member whose blocks load() wrote: the lists are read as this viewer. */
async function blockingViewer(handle: DatabaseHandle): Promise<string> {
  const result = (await handle.db.execute(
    sql`select blocker_id as id from user_blocks group by blocker_id having count(*) > 1`,
  )) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error("no viewer with blocks");
  return id;
}

async function measureQueries(handle: DatabaseHandle, outcome: Outcome): Promise<void> {
  const { db } = handle;
  const now = () => new Date();
  const viewer = await blockingViewer(handle);
  const deepPost = await cursorAfter(5_000, (cursor) =>
    listPosts(db, viewer, { after: cursor, limit: 50 }),
  );
  const deepGroup = await cursorAfter(5_000, (cursor) =>
    listGroups(db, viewer, { after: cursor, limit: 50 }),
  );
  /** The events list as GET /allevents reads it. */
  const upcomingEvents = (cursor: Cursor | null, limit: number): Promise<Page<unknown>> =>
    listEvents(db, viewer, { when: "upcoming", now: now(), after: cursor, limit });
  const deepEvent = await cursorAfter(5_000, (cursor) => upcomingEvents(cursor, 50));
  const scenarios: [string, () => Promise<Page<unknown>>][] = [
    ["posts, first page, limit 20", () => listPosts(db, viewer, { after: null, limit: 20 })],
    ["posts, first page, limit 50", () => listPosts(db, viewer, { after: null, limit: 50 })],
    [
      "posts, after 5,000 rows, limit 50",
      () => listPosts(db, viewer, { after: deepPost, limit: 50 }),
    ],
    ["groups, first page, limit 50", () => listGroups(db, viewer, { after: null, limit: 50 })],
    [
      "groups, after 5,000 rows, limit 50",
      () => listGroups(db, viewer, { after: deepGroup, limit: 50 }),
    ],
    ["events, first page, limit 50", () => upcomingEvents(null, 50)],
    ["events, after 5,000 rows, limit 50", () => upcomingEvents(deepEvent, 50)],
  ];
  for (const [label, run] of scenarios) {
    await measure(
      label,
      async () => {
        const page = await run();
        if (page.items.length === 0) throw new Error(`${label}: empty page`);
      },
      outcome,
    );
  }
}

async function measureHttp(handle: DatabaseHandle, outcome: Outcome): Promise<void> {
  const config = {
    ...loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "silent" }),
    communityJwtSecret: SECRET,
  };
  const app = await buildApp(config, { database: handle });
  try {
    const auth = await app.inject({
      method: "POST",
      url: "/api/community/fusionauth",
      headers: { cookie: "XSRF-TOKEN=bench", "x-xsrf-token": "bench" },
      payload: { uname: "bench-reader", password: "bench password" },
    });
    if (auth.statusCode !== 200) throw new Error(`fusionauth: ${auth.statusCode} ${auth.body}`);
    const authorization = `Bearer ${auth.json().token}`;
    for (const url of [
      "/api/community/getposts?limit=20",
      "/api/community/all?limit=20",
      "/api/community/allevents?limit=20",
    ]) {
      await measure(
        `GET ${url} (whole request)`,
        async () => {
          const response = await app.inject({ method: "GET", url, headers: { authorization } });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        },
        outcome,
      );
    }
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
  for (const table of [
    "community_members",
    "community_posts",
    "study_groups",
    "community_events",
  ]) {
    await db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = off)`));
  }
  const loadStart = performance.now();
  await load(handle);
  console.log(
    `Loaded ${MEMBERS} members and ${ROWS} posts, groups and events each in ${((performance.now() - loadStart) / 1000).toFixed(1)} s.\n`,
  );
  const outcome: Outcome = { allUnderGoal: true };
  const header = "| Query | Median | p95 |\n|---|---|---|";

  console.log(`### Right after the load, no statistics yet\n\n${header}`);
  await measureQueries(handle, outcome);

  await db.execute(sql`vacuum analyze`);
  console.log(`\n### After VACUUM ANALYZE\n\n${header}`);
  await measureQueries(handle, outcome);
  await measureHttp(handle, outcome);
  return outcome.allUnderGoal;
}

async function explainPlans(handle: DatabaseHandle): Promise<void> {
  // The same SQL the repository sends, for the plan.
  const viewer = await blockingViewer(handle);
  await explain(
    handle,
    "Posts, first page, limit 20, as a viewer with blocks both ways (EXPLAIN ANALYZE)",
    sql`select p.id, p.title, p.content, p.author_id,
          coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), m.username, ''),
          p.created_at
        from (
          select * from community_posts
          where not exists (
            select 1 from user_blocks
            where (blocker_id = ${viewer} and blocked_id = community_posts.author_id)
              or (blocker_id = community_posts.author_id and blocked_id = ${viewer})
          )
          order by created_at desc, id desc limit 21
        ) p
        join community_members m on m.id = p.author_id
        left join users u on u.id = m.user_id
        order by p.created_at desc, p.id desc`,
  );
  await explain(
    handle,
    "Events, a later page, limit 50 (EXPLAIN ANALYZE)",
    sql`select * from community_events
        where starts_at >= now()
          and (starts_at, id) > (now() + interval '1 day', '00000000-0000-0000-0000-000000000000'::uuid)
        order by starts_at, id limit 51`,
  );
}

async function main(): Promise<void> {
  console.log(
    `# Community lists benchmark\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}. ${ROWS} rows per table, ${WARM_UP_RUNS} warm-up runs then ${RUNS} timed runs per query.`,
  );
  const lite = await openDatabase({ dataDir: "memory://" });
  let ok = await runOn("PGlite (embedded, in memory)", lite);

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
      (postgres.db as unknown as { $client: pg.Pool }).$client.on("error", (error) => {
        console.error(`PostgreSQL pool: ${error.message}`);
      });
      // The plans before the HTTP pass closes the pool.
      ok = (await runOnWithPlans("PostgreSQL server", postgres)) && ok;
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

async function runOnWithPlans(label: string, handle: DatabaseHandle): Promise<boolean> {
  const { db } = handle;
  const close = handle.close;
  // Keep the pool open through the HTTP pass (the app closes what it is given) to print plans.
  const kept: DatabaseHandle = { ...handle, close: async () => {} };
  const ok = await runOn(label, kept);
  await explainPlans({ ...handle, db });
  await close();
  return ok;
}

await main();
