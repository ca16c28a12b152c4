/**
 * The feed's memory (apps/server/src/modules/feed/people.ts) at 10,000 people and 100,000
 * requests, on a fresh embedded PGlite (and, with BENCH_DATABASE_URL, on a fresh PostgreSQL
 * database on that server): how long the first page after a start takes (it reads everyone), how
 * long a viewer's ranking takes to make, and a page's own time once both are made, as viewers page
 * through by cursor. The page's statement itself is measured beside /api/health in throughput.ts.
 *
 *   npm run bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/feed.ts
 *
 * BENCH_USERS, BENCH_REQUESTS, BENCH_VIEWERS and BENCH_PAGES override the sizes; BENCH_ONLY=pglite|postgres runs one database.
 */
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "../apps/server/src/db/client.ts";
import { sessions } from "../apps/server/src/db/schema.ts";
import { decodeFeedCursor, encodeFeedCursor } from "../apps/server/src/modules/feed/cursor.ts";
import {
  type FeedCheckRow,
  readFeedCheck,
} from "../apps/server/src/modules/feed/page-repository.ts";
import { FeedMemory } from "../apps/server/src/modules/feed/people.ts";
import {
  hashSessionId,
  SESSION_TTL_MS,
  type SessionKey,
  sessionKeyOf,
} from "../apps/server/src/plugins/session.ts";
import { loadData } from "./generate.ts";

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const ONLY = process.env.BENCH_ONLY;

/** What the page's statement reads for the viewer, through a session made for them. */
async function checkOf(db: Database, viewerId: string): Promise<FeedCheckRow> {
  const sessionId = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashSessionId(sessionId),
    userId: viewerId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  const [check] = await readFeedCheck(db, sessionKeyOf(sessionId, new Date()) as SessionKey);
  if (!check) throw new Error(`no session for ${viewerId}`);
  return check;
}

const ms = (value: number) => value.toFixed(2);

async function measure(label: string, db: Database) {
  const data = await loadData(db, { userCount: USERS, requestCount: REQUESTS });
  await db.execute(sql`vacuum analyze`);
  const viewers = data.userIds.slice(0, VIEWERS);
  const checks = new Map<string, FeedCheckRow>();
  for (const viewer of viewers) checks.set(viewer, await checkOf(db, viewer));
  const memory = new FeedMemory();
  const first = async (viewer: string) => {
    const start = performance.now();
    const page = await memory.page(db, checks.get(viewer) as FeedCheckRow, {
      cursor: null,
      offset: 0,
      limit: 10,
      now: Date.now(),
    });
    return { took: performance.now() - start, next: page.next };
  };
  const cursors = new Map<string, string | null>();
  // The first page after a start reads everyone; each viewer's first page makes their ranking
  // and reads their requests and blocks.
  const start = await first(viewers[0] as string);
  cursors.set(viewers[0] as string, start.next && encodeFeedCursor(start.next));
  const firstPages: number[] = [];
  for (const viewer of viewers.slice(1)) {
    const page = await first(viewer);
    firstPages.push(page.took);
    cursors.set(viewer, page.next && encodeFeedCursor(page.next));
  }
  firstPages.sort((a, b) => a - b);
  // Then pages by cursor, every viewer in turn, the cursor decoded and encoded as the route does.
  const began = performance.now();
  let pages = 0;
  let cards = 0;
  for (let round = 0; round < PAGES; round++) {
    for (const viewer of viewers) {
      const text = cursors.get(viewer);
      const page = await memory.page(db, checks.get(viewer) as FeedCheckRow, {
        cursor: text ? decodeFeedCursor(text) : null,
        offset: 0,
        limit: 10,
        now: Date.now(),
      });
      cursors.set(viewer, page.next && encodeFeedCursor(page.next));
      pages++;
      cards += page.cards.length;
    }
  }
  const perPage = (1000 * (performance.now() - began)) / pages;
  console.log(`\n## ${label}\n`);
  console.log("| measure | value |\n|---|---|");
  console.log(`| first page after a start (reads ${USERS} people) | ${ms(start.took)} ms |`);
  console.log(
    `| a viewer's first page (ranking, requests and blocks), median / p95 | ${ms(firstPages[Math.floor(firstPages.length / 2)] ?? 0)} / ${ms(firstPages[Math.floor(firstPages.length * 0.95)] ?? 0)} ms |`,
  );
  console.log(
    `| a page by cursor, memory only, mean over ${pages} pages (${(cards / pages).toFixed(1)} cards each) | ${perPage.toFixed(1)} µs |`,
  );
  console.log(
    `| the process's heap after | ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB |`,
  );
}

console.log(
  `# The feed's memory\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}; load average ${loadavg()[0]?.toFixed(1)}. ${USERS} users, ${REQUESTS} requests, ${VIEWERS} viewers, ${PAGES} pages each.`,
);

if (ONLY !== "postgres") {
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    await measure("PGlite", handle.db);
  } finally {
    await handle.close();
  }
}

const url = process.env.BENCH_DATABASE_URL;
if (url && ONLY !== "pglite") {
  const name = `kindred_feed_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: target.toString() });
    try {
      await measure("PostgreSQL", handle.db);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
