/**
 * The feed on PostgreSQL at scale, through the built server (decision 126): each viewer's ranking
 * is made in the database a chunk at a time and kept there; a server process keeps bounded
 * caches only. Measured, on a fresh database loaded by bench/generate.ts:
 *
 * - a viewer's first page when no ranking was made for them yet (it is made on the page);
 * - a viewer's first page asked at once after signing in (POST /api/login), when no ranking was
 *   made for them yet: the sign-in starts making it (decision 134), and the sign-in's own time;
 * - the first page after a start (a new process, its ranking made before);
 * - a viewer's first page when their ranking was made before, on that new process;
 * - pages by cursor, then the same with 50 card edits a second running beside them (profile
 *   edits through the API of a second server process, each changing a name and skills), and
 *   /api/health the same way, for how much the machine itself moves;
 * - the server process's resident memory (its peak, from /proc).
 *
 *   npm run bench     (10,000 people; it builds the server first, unless BENCH_NO_BUILD=true)
 *   BENCH_USERS=1000000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx bench/feed.ts
 *
 * BENCH_USERS (10,000), BENCH_REQUESTS (as many as people), BENCH_VIEWERS (200), BENCH_PAGES
 * (pages by cursor per viewer and phase, 10), BENCH_EDITS_PER_SECOND (50), BENCH_CONCURRENCY (4
 * pages at once), BENCH_KEEP_DATABASE (a database name to load once and keep for later runs),
 * BENCH_BEFORE (another build's server.js, measured first on the same people, side by side; or
 * several, `label=path,label=path`).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { sessions } from "../apps/server/src/db/schema.ts";
import { hashPassword } from "../apps/server/src/modules/auth/passwords.ts";
import { hashSessionId, SESSION_TTL_MS } from "../apps/server/src/plugins/session.ts";
import { loadDataByCopy } from "./bulk-load.ts";
import { recordPicksAsMade, SKILL_POOL } from "./generate.ts";
import { startBuiltServer, stopServer } from "./server-process.ts";

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? USERS);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const PAGES = Number(process.env.BENCH_PAGES ?? 10);
const EDITS_PER_SECOND = Number(process.env.BENCH_EDITS_PER_SECOND ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const EDITORS = 1_000;
const XSRF = "bench-xsrf-token";
const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const keep = process.env.BENCH_KEEP_DATABASE;

type Client = { cookie: string; cursor: string | null; email: string };
/** The viewers' password, set on their accounts by prepare() so they can sign in. */
const PASSWORD = "bench-password-1234";

function request(
  agent: http.Agent,
  port: number,
  method: "GET" | "PATCH" | "POST",
  path: string,
  cookie: string,
  body?: string,
): Promise<{ status: number; next: string | null; took: number; cookie: string | null }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { cookie };
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["x-xsrf-token"] = XSRF;
    }
    const sent = http.request({ host: "127.0.0.1", port, path, method, agent, headers }, (res) => {
      const next = res.headers["x-next-cursor"];
      const token = res.headers["set-cookie"]?.find((line) => line.startsWith("token="));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          next: typeof next === "string" ? next : null,
          took: performance.now() - start,
          cookie: token ? `${token.split(";")[0]}; XSRF-TOKEN=${XSRF}` : null,
        }),
      );
      res.resume();
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;
function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.95))} / ${ms(percentile(sorted, 0.99))}`;
}

/** The resident memory of a process now and at its peak, in MB, from /proc. */
function memoryOf(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const read = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: read("VmRSS") / 1024, peak: read("VmHWM") / 1024 };
}

/** Loads the people and writes the sessions of the viewers and the editors. */
async function prepare(target: string): Promise<{ viewers: Client[]; editors: Client[] }> {
  const handle = await openDatabase({ url: target });
  try {
    const started = performance.now();
    const count = (await handle.db.execute(
      sql`select count(*)::int as n from users`,
    )) as unknown as {
      rows: { n: number }[];
    };
    if ((count.rows[0]?.n ?? 0) === 0) {
      // COPY, not row inserts (bench/bulk-load.ts): a million people in minutes.
      const data = await loadDataByCopy(target, { userCount: USERS, requestCount: REQUESTS });
      console.log(
        `Loaded ${data.userIds.length} people in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
      );
    }
    await recordPicksAsMade(handle.db);
    await handle.db.execute(sql`delete from sessions`);
    await handle.db.execute(sql`delete from feed_rankings`);
    const picked = (await handle.db.execute(sql`
      select id, email from users where age is not null order by feed_number
      limit ${VIEWERS + EDITORS}
    `)) as unknown as { rows: { id: string; email: string }[] };
    const viewerIds = picked.rows.slice(0, VIEWERS).map((row) => row.id);
    const passwordHash = await hashPassword(PASSWORD);
    await handle.db.execute(sql`
      update users set password_hash = ${passwordHash}
      where id in (${sql.join(
        viewerIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    `);
    const clients = picked.rows.map(({ id: userId, email }) => {
      const sessionId = randomBytes(32).toString("base64url");
      return {
        row: {
          idHash: hashSessionId(sessionId),
          userId,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        },
        client: { cookie: `token=${sessionId}; XSRF-TOKEN=${XSRF}`, cursor: null, email },
      };
    });
    for (let start = 0; start < clients.length; start += 500) {
      await handle.db.insert(sessions).values(clients.slice(start, start + 500).map((c) => c.row));
    }
    await handle.db.execute(sql`vacuum analyze`);
    return {
      viewers: clients.slice(0, VIEWERS).map((c) => c.client),
      editors: clients.slice(VIEWERS).map((c) => c.client),
    };
  } finally {
    await handle.close();
  }
}

/** Pages by cursor, `pages` for each viewer, `CONCURRENCY` at once; the time of each. */
async function pageOn(port: number, viewers: Client[], pages: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const times: number[] = [];
  const queue: Client[] = [];
  for (let round = 0; round < pages; round++) queue.push(...viewers);
  const busy = new Set<Client>();
  const worker = async () => {
    for (;;) {
      const index = queue.findIndex((viewer) => !busy.has(viewer));
      if (index < 0) return;
      const [viewer] = queue.splice(index, 1) as [Client];
      busy.add(viewer);
      const path = `/api/feed?limit=10${viewer.cursor ? `&cursor=${viewer.cursor}` : ""}`;
      const answer = await request(agent, port, "GET", path, viewer.cookie);
      if (answer.status !== 200) throw new Error(`a page answered ${answer.status}`);
      viewer.cursor = answer.next;
      times.push(answer.took);
      busy.delete(viewer);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return times;
}

/**
 * Each viewer signs in and asks for their first page as soon as the sign-in answers, `CONCURRENCY`
 * at once: the times of the sign-ins and of the pages.
 */
async function signInThenPage(
  port: number,
  viewers: Client[],
): Promise<{ signIns: number[]; pages: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const signIns: number[] = [];
  const pages: number[] = [];
  const queue = [...viewers];
  const worker = async () => {
    for (let viewer = queue.shift(); viewer; viewer = queue.shift()) {
      const body = JSON.stringify({ emailId: viewer.email, password: PASSWORD });
      const signIn = await request(agent, port, "POST", "/api/login", `XSRF-TOKEN=${XSRF}`, body);
      if (signIn.status !== 200 || !signIn.cookie) {
        throw new Error(`a sign-in answered ${signIn.status}`);
      }
      signIns.push(signIn.took);
      const page = await request(agent, port, "GET", "/api/feed?limit=10", signIn.cookie);
      if (page.status !== 200) throw new Error(`a page answered ${page.status}`);
      pages.push(page.took);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return { signIns, pages };
}

/** `count` requests to /api/health, `CONCURRENCY` at once: the machine's own movement. */
async function healthOn(port: number, cookie: string, count: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const times: number[] = [];
  let left = count;
  const worker = async () => {
    while (left-- > 0) times.push((await request(agent, port, "GET", "/api/health", cookie)).took);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return times;
}

/** Profile edits at `perSecond`, each a new name and three skills, until `stop` resolves. */
async function editBeside(port: number, editors: Client[], perSecond: number, stop: Promise<void>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let stopped = false;
  stop.then(() => {
    stopped = true;
  });
  const started = performance.now();
  let sent = 0;
  const statuses = new Map<number, number>();
  const inFlight: Promise<void>[] = [];
  while (!stopped) {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    while (sent < due) {
      const editor = editors[sent % editors.length] as Client;
      const skills = [0, 1, 2].map(
        (offset) => SKILL_POOL[(sent * 7 + offset * 13) % SKILL_POOL.length],
      );
      const body = JSON.stringify({ firstName: `Edited${sent}`, skills: [...new Set(skills)] });
      sent++;
      inFlight.push(
        request(agent, port, "PATCH", "/api/profile/edit", editor.cookie, body).then((answer) => {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { sent, seconds: (performance.now() - started) / 1000, statuses };
}

async function main() {
  if (process.env.BENCH_NO_BUILD !== "true") {
    const build = fileURLToPath(new URL("../apps/server/build.mjs", import.meta.url));
    const built = spawnSync(process.execPath, [build], { stdio: "inherit" });
    if (built.status !== 0) process.exit(1);
  }
  console.log(
    `# The feed at ${USERS} people\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}; load average ${loadavg()[0]?.toFixed(1)}. ${REQUESTS} requests, ${VIEWERS} viewers, ${PAGES} pages by cursor each per phase, ${CONCURRENCY} pages at once.`,
  );
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = keep ?? `kindred_feed_${process.pid}_${Date.now()}`;
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // BENCH_BEFORE: another build's server.js, measured first on the same people.
  // or several as `label=path,label=path`.
  const before = (process.env.BENCH_BEFORE ?? "")
    .split(",")
    .filter(Boolean)
    .map((entry): [string, string] => {
      const at = entry.indexOf("=");
      return at < 0 ? ["before", entry] : [entry.slice(0, at), entry.slice(at + 1)];
    });
  const builds: [string, string][] = [
    ...before,
    [before.length > 0 ? "after" : "value", "apps/server/dist/server.js"],
  ];
  const columns: [string, string][][] = [];
  try {
    const { viewers, editors } = await prepare(target.toString());
    for (const [label, entry] of builds) {
      if (columns.length > 0) await forgetRankings(target.toString(), viewers);
      console.log(`Measuring ${label}: ${entry}`);
      columns.push(await measure(entry, { DATABASE_URL: target.toString() }, viewers, editors));
    }
  } finally {
    if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  const labels = builds.map(([label]) => label);
  console.log(`\n| measure | ${labels.join(" | ")} |\n|---|${labels.map(() => "---|").join("")}`);
  for (const [index, [measureName]] of (columns[0] ?? []).entries()) {
    const values = columns.map((rows) => rows[index]?.[1] ?? "");
    console.log(`| ${measureName} | ${values.join(" | ")} |`);
  }
}

/** The rankings made by a build before: the next build makes its own on the first pages. */
async function forgetRankings(target: string, viewers: Client[]): Promise<void> {
  const handle = await openDatabase({ url: target });
  try {
    await handle.db.execute(sql`delete from feed_rankings`);
  } finally {
    await handle.close();
  }
  for (const viewer of viewers) viewer.cursor = null;
}

/** Every sign-in of the bench comes from this one address: the limits per address are lifted. */
const SIGN_IN_LIMITS = {
  RATE_LIMIT_LOGIN_PER_IP: "1000000",
  RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: "1000000",
  RATE_LIMIT_LOGIN_PER_ACCOUNT: "1000000",
  RATE_LIMIT_LOGIN_PER_DEVICE: "1000000",
};

/** Every measure of one build, as rows of the table. */
async function measure(
  entry: string,
  env: Record<string, string>,
  viewers: Client[],
  editors: Client[],
): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  // A first process: half the viewers ask for their first page, their ranking made on it; the
  // other half sign in first, and ask as soon as the sign-in answers.
  let server = await startBuiltServer(entry, { ...env, ...SIGN_IN_LIMITS });
  const half = Math.ceil(viewers.length / 2);
  const made = await pageOn(server.port, viewers.slice(0, half), 1);
  rows.push([
    `a viewer's first page, no ranking made yet (${half}): p50 / p95 / p99`,
    summary(made),
  ]);
  const signedIn = await signInThenPage(server.port, viewers.slice(half));
  rows.push([
    `a viewer's first page asked as the sign-in answers (${signedIn.pages.length}): p50 / p95 / p99`,
    summary(signedIn.pages),
  ]);
  rows.push(["the sign-ins before them: p50 / p95 / p99", summary(signedIn.signIns)]);
  await stopServer(server.child);

  // A new process: its first page, then every viewer's first page again, rankings made before.
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles this process.
  for (const viewer of viewers) viewer.cursor = null;
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  server = await startBuiltServer(entry, env, nodeArgs);
  const agent = new http.Agent({ keepAlive: true });
  const first = await request(
    agent,
    server.port,
    "GET",
    "/api/feed?limit=10",
    (viewers[0] as Client).cookie,
  );
  agent.destroy();
  rows.push(["the first page after a start (its ranking made before)", ms(first.took)]);
  for (const viewer of viewers) viewer.cursor = null;
  const again = await pageOn(server.port, viewers, 1);
  rows.push([
    "a viewer's first page on a new process, ranking made before: p50 / p95 / p99",
    summary(again),
  ]);

  // Pages by cursor, then as many with edits beside them; /api/health the same way beside.
  const quiet = await pageOn(server.port, viewers, PAGES);
  const cookie = (viewers[0] as Client).cookie;
  const healthQuiet = await healthOn(server.port, cookie, quiet.length);
  let finish = () => {};
  const stop = new Promise<void>((resolve) => {
    finish = resolve;
  });
  // The edits go to a second process, as in a deployment of several: the feed's process
  // only takes in the changes they make.
  const editing = await startBuiltServer(entry, env);
  const edits = editBeside(editing.port, editors, EDITS_PER_SECOND, stop);
  const busy = await pageOn(server.port, viewers, PAGES);
  const healthBusy = await healthOn(server.port, cookie, quiet.length).finally(finish);
  const edited = await edits;
  await stopServer(editing.child);
  const p99 = (times: number[]) =>
    percentile(
      [...times].sort((a, b) => a - b),
      0.99,
    );
  const rate = (edited.sent / edited.seconds).toFixed(0);
  rows.push([`pages by cursor (${quiet.length}): p50 / p95 / p99`, summary(quiet)]);
  rows.push([
    `pages by cursor with ${rate} edits a second beside (${busy.length}): p50 / p95 / p99`,
    summary(busy),
  ]);
  rows.push([
    "pages' p99 with edits / without",
    `${((100 * p99(busy)) / p99(quiet)).toFixed(0)} %`,
  ]);
  rows.push([`/api/health (${healthQuiet.length}): p50 / p95 / p99`, summary(healthQuiet)]);
  rows.push([
    `/api/health with ${rate} edits a second beside: p50 / p95 / p99`,
    summary(healthBusy),
  ]);
  rows.push([
    "/api/health's p99 with edits / without",
    `${((100 * p99(healthBusy)) / p99(healthQuiet)).toFixed(0)} %`,
  ]);
  rows.push([
    "edits answered, by status",
    [...edited.statuses].map(([status, n]) => `${status}: ${n}`).join(", "),
  ]);
  const memory = memoryOf(server.child.pid as number);
  rows.push([
    "the server process's resident memory, now / peak",
    `${memory.now.toFixed(0)} / ${memory.peak.toFixed(0)} MB`,
  ]);
  await stopServer(server.child);
  return rows;
}

await main();
