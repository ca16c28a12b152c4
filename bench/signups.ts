/**
 * Sign-ups at a steady rate on PostgreSQL: BENCH_SIGNUPS (default 1,000) over BENCH_SECONDS
 * (default 60), each sent at its time whatever the others are doing (an open loop, as people
 * arrive), against the built server on a fresh database loaded with bench/generate.ts
 * (BENCH_USERS, default 10,000). Each sign-up is the page's two calls: the robot check's challenge
 * (GET /api/altcha, solved by this client at a low work setting, not timed) and POST /api/signup
 * (timed). Prints the latency of the sign-ups (p50 / p95 / p99 / max), the statuses, and the CPU
 * each sign-up cost the server and the database. With BENCH_BEFORE (another build's server.js),
 * that build runs the same schedule first, on the same database, for a side-by-side figure.
 *
 *   node apps/server/build.mjs && npx tsx bench/signups.ts
 *   BENCH_SIGNUPS=1000 BENCH_SECONDS=60 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/signups.ts
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { loadData, recordPicksAsMade } from "./generate.ts";
import { processSeconds, startBuiltServer, stopServer } from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const XSRF = "bench-xsrf-token";

const BUILDS = [
  ...(process.env.BENCH_BEFORE
    ? [{ label: "before", entry: path.resolve(root, process.env.BENCH_BEFORE) }]
    : []),
  {
    label: process.env.BENCH_BEFORE ? "after" : "this build",
    entry: path.join(root, "apps/server/dist/server.js"),
  },
];

function startServer(entry: string, env: Record<string, string>) {
  return startBuiltServer(entry, {
    // Every sign-up comes from this one address; the limits per address are not measured.
    RATE_LIMIT_SIGNUP_PER_IP: "1000000",
    RATE_LIMIT_ALTCHA_PER_IP: "1000000",
    // A light proof of work: the client's solving is not the server's time.
    ALTCHA_MAX_NUMBER: "1000",
    ...env,
  });
}

/** A solved robot check, as the sign-up page sends it. */
async function solvedAltcha(base: string): Promise<string> {
  const response = await fetch(`${base}/api/altcha`);
  if (!response.ok) throw new Error(`GET /api/altcha: ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the altcha challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;

async function measure(
  label: string,
  server: { child: ChildProcess; base: string },
  backends: () => Promise<number[]>,
) {
  // The challenges are fetched and solved first: a browser does it while the person types.
  const altchas: string[] = [];
  for (let index = 0; index < SIGNUPS; index++) altchas.push(await solvedAltcha(server.base));
  // The database's backends at the start; one the pool opens during the run counts from zero.
  const databaseBefore = new Map(
    (await backends()).map((pid) => [pid, processSeconds(pid)] as const),
  );
  const serverBefore = processSeconds(server.child.pid ?? 0);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const run = `${process.pid}${Date.now().toString(36)}${label.replaceAll(" ", "")}`;
  const start = performance.now();
  const interval = (SECONDS * 1000) / SIGNUPS;
  await Promise.all(
    altchas.map(async (altcha, index) => {
      const due = start + index * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      let status = 0;
      try {
        const response = await fetch(`${server.base}/api/signup`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            cookie: `XSRF-TOKEN=${XSRF}`,
            "x-xsrf-token": XSRF,
          },
          body: JSON.stringify({
            firstName: "Newcomer",
            lastName: `Number ${index}`,
            emailId: `signup-${run}-${index}@kindred.test`,
            password: `a quiet harbour at ${index} dawns`,
            skills: ["Python", "Chess", index % 2 ? "Guitar" : "Hiking"],
            age: 20 + (index % 30),
            altcha,
            website: "",
          }),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      latencies.push(performance.now() - sent);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
  );
  const took = (performance.now() - start) / 1000;
  const serverCpu = processSeconds(server.child.pid ?? 0) - serverBefore;
  const databaseCpu = (await backends()).reduce(
    (sum, pid) => sum + processSeconds(pid) - (databaseBefore.get(pid) ?? 0),
    0,
  );
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(0);
  console.log(
    `| ${label} | ${SIGNUPS} in ${took.toFixed(1)} s | ${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.95))} / ${ms(percentile(latencies, 0.99))} / ${ms(latencies.at(-1) ?? 0)} ms | ${[
      ...statuses,
    ]
      .map(([status, count]) => `${status}: ${count}`)
      .join(
        ", ",
      )} | ${((1000 * serverCpu) / SIGNUPS).toFixed(1)} / ${((1000 * databaseCpu) / SIGNUPS).toFixed(1)} ms | ${loadavg()[0]?.toFixed(1)} |`,
  );
}

console.log(
  `# Sign-ups at a steady rate\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}; load average ${loadavg()[0]?.toFixed(1)} at the start. ${USERS} people loaded first; ${SIGNUPS} sign-ups spread over ${SECONDS} s.\n`,
);

const name = `kindred_signups_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "kindred-signups-"));
try {
  const handle = await openDatabase({ url: url.toString() });
  try {
    await loadData(handle.db, { userCount: USERS, requestCount: USERS * 5 });
    await recordPicksAsMade(handle.db);
    // Statistics for the loaded tables, in the bench's own database.
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }
  const backends = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      )
    ).rows.map((row) => row.pid);
  console.log(
    "| build | sign-ups | latency p50 / p95 / p99 / max | statuses | CPU per sign-up, server / database | load average |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const build of BUILDS) {
    const server = await startServer(build.entry, {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
    });
    try {
      await measure(build.label, server, backends);
    } finally {
      await stopServer(server.child);
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
