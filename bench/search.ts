/**
 * Search benchmark: loads 10,000 people into a fresh embedded PGlite and, when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set, 100,000 into a fresh PostgreSQL database on that server (3 to 8
 * skills each, from bench/generate.ts), with community posts (half as many as people), study
 * groups and events (a twentieth each) by 1,000 account members. Then, as a person with blocks
 * both ways, it times GET /api/search (all four kinds) and each kind's query, for typical and
 * misspelled queries, and prints markdown tables.
 *
 *   npx tsx bench/search.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/search.ts
 *
 * BENCH_LITE_USERS, BENCH_PG_USERS and BENCH_RUNS override the sizes.
 */
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import { SEARCH_DEFAULT_LIMIT } from "@kindred/shared";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { type DatabaseHandle, openDatabase } from "../apps/server/src/db/client.ts";
import { sessions } from "../apps/server/src/db/schema.ts";
import {
  searchEvents,
  searchGroups,
  searchPeople,
  searchPosts,
  textQueryOf,
} from "../apps/server/src/modules/search/repository.ts";
import { hashSessionId, SESSION_TTL_MS } from "../apps/server/src/plugins/session.ts";
import { loadData } from "./generate.ts";

const LITE_USERS = Number(process.env.BENCH_LITE_USERS ?? 10_000);
const PG_USERS = Number(process.env.BENCH_PG_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARM_UP_RUNS = 10;
const MEMBERS = 1_000;
const GOAL_MS = 50;

/** What people type: three typical searches and the same with a typo. */
const QUERIES = ["John", "Jonh", "python", "pyhton", "graph", "grpah", "linear algebra"];

const TOPICS = [
  "Graph theory",
  "Python tips",
  "Linear algebra",
  "Dynamic programming",
  "Machine learning",
  "Databases",
  "Operating systems",
  "Calculus",
  "Statistics",
  "Compilers",
  "Web design",
  "Organic chemistry",
  "Microeconomics",
  "Japanese grammar",
  "Music theory",
  "Discrete maths",
];

type Timing = { median: number; p95: number };
type Outcome = { allUnderGoal: boolean };

function percentile(sorted: number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function time(run: () => Promise<void>): Promise<Timing> {
  for (let index = 0; index < WARM_UP_RUNS; index++) await run();
  const timings: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const start = performance.now();
    await run();
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  return { median: percentile(timings, 0.5), p95: percentile(timings, 0.95) };
}

const cell = (timing: Timing) => `${timing.median.toFixed(1)} / ${timing.p95.toFixed(1)}`;

/** People (a thousandth of them named John), members, blocks, then the community's rows. */
async function load(handle: DatabaseHandle, users: number): Promise<string> {
  const { db } = handle;
  await loadData(db, { userCount: users, requestCount: 0 });
  await db.execute(sql`
    update users set first_name = 'John'
    where id in (select id from users order by public_id limit ${Math.max(1, users / 1000)})`);
  await db.execute(sql`
    insert into community_members (id, user_id)
    select id, id from users order by created_at, id limit ${MEMBERS}`);
  // The searcher blocked 10 members and 10 others blocked the searcher.
  const [viewer] = (
    (await db.execute(sql`select id from community_members order by id limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  if (!viewer) throw new Error("no members");
  // An adult searcher, so that people search reaches the adults (most of the people made).
  await db.execute(sql`update users set age = 30 where id = ${viewer.id}`);
  await db.execute(sql`
    with others as (
      select id, row_number() over (order by id) as r from community_members where id <> ${viewer.id}
    )
    insert into user_blocks (blocker_id, blocked_id)
    select ${viewer.id}::uuid, id from others where r between 1 and 10
    union all
    select id, ${viewer.id}::uuid from others where r between 11 and 20`);
  const topics = sql`(array[${sql.join(
    TOPICS.map((topic) => sql`${topic}`),
    sql`, `,
  )}])`;
  const topic = (n: string) => sql.raw(`1 + (${n} % ${TOPICS.length})`);
  const authors = sql`(select array_agg(id) from community_members)`;
  const author = sql`(${authors})[1 + (n % ${MEMBERS})]`;
  const groups = Math.max(10, users / 20);
  await db.execute(sql`
    insert into study_groups (author_id, name, description, tag, created_at)
    select ${author}, ${topics}[${topic("n")}] || ' circle ' || n,
      'We meet weekly to work through ' || lower(${topics}[${topic("n * 7")}]) || ' problems.',
      (array['Math', 'Programming', 'DSA', 'Machine Learning'])[1 + n % 4],
      now() - (n * interval '41 seconds')
    from generate_series(1, ${groups}) as n`);
  await db.execute(sql`
    insert into community_posts (author_id, title, content, group_id, created_at)
    select ${author}, 'Notes on ' || lower(${topics}[${topic("n")}]) || ', part ' || n,
      'What I learned this week about ' || lower(${topics}[${topic("n")}]) || ' and '
        || lower(${topics}[${topic("n * 3")}]) || '. ' || repeat('Some thoughts on studying. ', 4),
      case when n % 3 = 0 then (select array_agg(id) from study_groups)[1 + n % ${groups}] end,
      now() - (n * interval '37 seconds')
    from generate_series(1, ${users / 2}) as n`);
  // Half in the past, half over the next two years.
  await db.execute(sql`
    insert into community_events (author_id, title, description, location, starts_at)
    select ${author}, ${topics}[${topic("n")}] || ' meetup ' || n,
      'Talks, snacks and questions about ' || lower(${topics}[${topic("n * 5")}]) || '.',
      'Library, room ' || (n % 40),
      now() + ((n - ${groups / 2}) * interval '3 hours')
    from generate_series(1, ${groups}) as n`);
  return viewer.id;
}

/** A session for the viewer, as the app reads it from the cookie. */
async function sessionCookie(handle: DatabaseHandle, viewer: string): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  await handle.db.insert(sessions).values({
    idHash: hashSessionId(sessionId),
    userId: viewer,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return `token=${sessionId}; XSRF-TOKEN=bench`;
}

async function runOn(
  label: string,
  handle: DatabaseHandle,
  users: number,
  outcome: Outcome,
): Promise<void> {
  const { db } = handle;
  const version = (await db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  console.log(`\n## ${label} (PostgreSQL ${version.rows[0]?.server_version ?? "?"})\n`);
  const loadStart = performance.now();
  const viewer = await load(handle, users);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `Loaded ${users} people, ${users / 2} posts, ${Math.max(10, users / 20)} groups and as many events in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (then VACUUM ANALYZE).\n`,
  );

  const page = { offset: 0, limit: SEARCH_DEFAULT_LIMIT };
  const now = new Date();
  const kinds = {
    people: (q: string) => searchPeople(db, viewer, q, page, now),
    // Each text kind with the words' query it needs (worked out once per search in the app).
    posts: async (q: string) => searchPosts(db, viewer, (await textQueryOf(db, q)) ?? "", page),
    groups: async (q: string) => searchGroups(db, viewer, (await textQueryOf(db, q)) ?? "", page),
    events: async (q: string) =>
      searchEvents(db, viewer, (await textQueryOf(db, q)) ?? "", now, page),
  };

  const cookie = await sessionCookie(handle, viewer);
  const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "silent" });
  const app = await buildApp(config, { database: handle });
  try {
    console.log(
      "Median / p95 in ms, first page of 5 per kind.\n\n| Query | GET /api/search (whole request) | people | posts | groups | events | first person found |\n|---|---|---|---|---|---|---|",
    );
    for (const q of QUERIES) {
      let firstPerson = "";
      const whole = await time(async () => {
        const response = await app.inject({
          method: "GET",
          url: `/api/search?q=${encodeURIComponent(q)}`,
          headers: { cookie },
        });
        if (response.statusCode !== 200) throw new Error(`${q}: ${response.statusCode}`);
        const person = response.json().data.people[0];
        firstPerson = person ? `${person.firstName} (${person.skills.join(", ")})` : "nobody";
      });
      const byKind: Timing[] = [];
      for (const run of Object.values(kinds)) {
        byKind.push(
          await time(async () => {
            await run(q);
          }),
        );
      }
      if (whole.median >= GOAL_MS) outcome.allUnderGoal = false;
      console.log(
        `| ${q} | ${cell(whole)} | ${byKind.map(cell).join(" | ")} | ${firstPerson.slice(0, 60)} |`,
      );
    }
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `# Search benchmark\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}. ${WARM_UP_RUNS} warm-up runs then ${RUNS} timed runs per query.`,
  );
  const outcome: Outcome = { allUnderGoal: true };
  const lite = await openDatabase({ dataDir: "memory://" });
  await runOn("PGlite (embedded, in memory)", lite, LITE_USERS, outcome);

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `kindred_bench_search_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const postgres = await openDatabase({ url: url.toString() });
      await runOn("PostgreSQL server", postgres, PG_USERS, outcome);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log("\n(Set BENCH_DATABASE_URL to also measure on PostgreSQL.)");
  }
  console.log(
    outcome.allUnderGoal
      ? `\nEvery whole-request median is under ${GOAL_MS} ms.`
      : `\nA whole-request median is over ${GOAL_MS} ms.`,
  );
  if (!outcome.allUnderGoal) process.exitCode = 1;
}

await main();
