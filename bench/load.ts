/**
 * Load benchmark: the real server (the bundle from `node apps/server/build.mjs`) on a fresh data
 * folder, 200 accounts made through the API, then 200 clients at once for 30 s, each with its own
 * session and keep-alive connection, going round: load the feed, swipe the first card (interested
 * or ignored), view the own profile. Runs on the embedded PGlite and, when PostgreSQL answers, on
 * a fresh PostgreSQL database, one after the other, and prints latency and the server's event-loop
 * delay for both.
 *
 *   npm run bench:load
 *   BENCH_CLIENTS=200 BENCH_SECONDS=30 BENCH_THINK_MS=0 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load
 *
 * BENCH_THINK_MS is the pause between one client's requests (0: each client sends its next
 * request as soon as the previous one is answered). BENCH_ONLY=pglite|postgres runs one database;
 * BENCH_SERVER=path/to/server.js benchmarks another build (no build step then).
 * The event-loop delay is measured inside the server by bench/event-loop-probe.mjs, preloaded
 * with `--import`, so the product carries no measuring code.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { LIGHT_BOT_CHECK_ENV, signUpOverHttp } from "./http-client.ts";
import {
  type BenchDatabase,
  cpuShares,
  cpuTimes,
  createBenchDatabase,
  freePort,
  readEventLoop,
  sleep,
  stopServer,
  waitUntilReady,
} from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
const ONLY = process.env.BENCH_ONLY;
/** Another build of the server (e.g. an older version, to compare); it must have /api/health. */
const SERVER = path.resolve(
  process.env.BENCH_SERVER ?? path.join(root, "apps/server/dist/server.js"),
);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const SKILLS = [
  "Programming",
  "Chess",
  "Hiking",
  "Design",
  "Photography",
  "Music",
  "Robotics",
  "Writing",
  "Running",
  "Cooking",
  "Machine Learning",
  "Painting",
  "Debate",
  "Climbing",
  "Startups",
  "Biology",
];

type Kind = "feed" | "swipe" | "profile";
type Sample = { kind: Kind; at: number; ms: number };
type Client = { cookie: string; xsrf: string; userId: string };
type Result = {
  label: string;
  samples: Sample[];
  errors: Map<string, number>;
  conflicts: number;
  eventLoop: EventLoop | undefined;
  seconds: number;
  cpu: string;
};
type EventLoop = { p50: number; p99: number; max: number; mean: number; worstPerSecond: number[] };

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function logFile(prefix: string, env: Record<string, string>): number {
  return openSync(`${prefix}.${env.DATABASE_URL ? "postgres" : "pglite"}.log`, "w");
}

async function startServer(env: Record<string, string>, eventLoopFile: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
      ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      "--import",
      path.join(root, "bench/event-loop-probe.mjs"),
      SERVER,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        SEED_DEMO: "false",
        LOG_LEVEL: process.env.BENCH_SERVER_LOG ? "info" : "warn",
        WEB_DIST_DIR: path.join(root, "bench/no-web-dist"),
        RATE_LIMIT_SIGNUP_PER_IP: "1000000",
        ...LIGHT_BOT_CHECK_ENV,
        RATE_LIMIT_LOGIN_PER_IP: "1000000",
        BENCH_EVENT_LOOP_FILE: eventLoopFile,
        ...env,
      },
      // With BENCH_SERVER_LOG the whole server log goes to that file (per database).
      stdio: process.env.BENCH_SERVER_LOG
        ? ["ignore", logFile(process.env.BENCH_SERVER_LOG, env), "pipe"]
        : ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, base, () => output);
  return { child, base, output: () => output };
}

async function signUp(base: string, outbox: string, index: number): Promise<Client> {
  const skills = new Set<string>();
  while (skills.size < 3 + (index % 4)) skills.add(pick(SKILLS));
  return signUpOverHttp(
    base,
    {
      firstName: "Load",
      lastName: `Client${index}`,
      emailPrefix: `load${index}`,
      password: "correct horse battery",
      skills: [...skills],
    },
    [outbox],
  );
}

async function signUpAll(base: string, outbox: string): Promise<Client[]> {
  const clients: Client[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < CLIENTS) {
        const index = next++;
        clients.push(await signUp(base, outbox, index));
      }
    }),
  );
  return clients;
}

async function runLoad(base: string, clients: Client[]) {
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  let conflicts = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  const error = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);

  async function timed(kind: Kind, url: string, client: Client, init: RequestInit = {}) {
    const begin = performance.now();
    try {
      const response = await fetch(url, {
        ...init,
        headers: { cookie: client.cookie, "x-xsrf-token": client.xsrf, ...init.headers },
      });
      const body = await response.text();
      samples.push({ kind, at: begin - start, ms: performance.now() - begin });
      if (response.status === 409 && kind === "swipe") conflicts++;
      else if (response.status >= 400) error(`${kind} ${response.status}`);
      return response.ok ? body : undefined;
    } catch (cause) {
      samples.push({ kind, at: begin - start, ms: performance.now() - begin });
      const reason = cause instanceof Error ? (cause.cause ?? cause) : cause;
      error(`${kind} ${reason instanceof Error ? reason.message : String(reason)}`);
      return undefined;
    }
  }

  const think = () => (THINK_MS > 0 ? sleep(THINK_MS * (0.5 + Math.random())) : undefined);

  await Promise.all(
    clients.map(async (client) => {
      // Spread the first requests over the first think time, as real people would arrive.
      if (THINK_MS > 0) await sleep(Math.random() * THINK_MS);
      while (performance.now() < end) {
        const feed = await timed("feed", `${base}/api/feed?limit=10`, client);
        await think();
        const cards = feed ? ((JSON.parse(feed) as { data: { _id: string }[] }).data ?? []) : [];
        const card = cards[0];
        if (card && performance.now() < end) {
          const status = Math.random() < 0.6 ? "interested" : "ignored";
          await timed("swipe", `${base}/api/request/send/${status}/${card._id}`, client, {
            method: "POST",
          });
          await think();
        }
        if (performance.now() >= end) break;
        await timed("profile", `${base}/api/profile/view`, client);
        await think();
      }
    }),
  );
  return { samples, errors, conflicts, seconds: (performance.now() - start) / 1000 };
}

async function bench(label: string, env: Record<string, string>): Promise<Result> {
  const eventLoopFile = path.join(tmpdir(), `kindred-load-${randomBytes(4).toString("hex")}.json`);
  // The outbox, where the sign-ups' verification codes are read (PostgreSQL runs have one too).
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "kindred-load-mail-"));
  const server = await startServer({ ...env, DATA_DIR: dataDir }, eventLoopFile);
  try {
    console.log(`${label}: server up, signing up ${CLIENTS} accounts`);
    const clients = await signUpAll(server.base, path.join(dataDir, "outbox"));
    await readEventLoop<EventLoop>(server.child, eventLoopFile); // start the histogram with the load
    console.log(`${label}: ${CLIENTS} clients for ${SECONDS} s (think time ${THINK_MS} ms)`);
    const before = cpuTimes();
    const load = await runLoad(server.base, clients);
    const cpu = cpuShares(before, cpuTimes());
    const eventLoop = await readEventLoop<EventLoop>(server.child, eventLoopFile);
    return { label, ...load, eventLoop, cpu };
  } finally {
    await stopServer(server.child);
    rmSync(eventLoopFile, { force: true });
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    const log = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":40') || line.includes('"level":50'))
      // Not part of the load: answers while starting, and the missing web app (only /api is used).
      .filter((line) => !line.includes('"code":"STARTING"') && !line.includes("web app not built"));
    if (log.length > 0)
      console.log(`${label}: server warnings/errors:\n${log.slice(0, 10).join("\n")}`);
  }
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

function report(results: Result[]) {
  console.log(
    `\n${CLIENTS} clients, ${SECONDS} s, think time ${THINK_MS} ms; Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}\n`,
  );
  console.log(
    "| database | requests | req/s | p50 | p95 | p99 | max | > 1 s | > 2 s | errors | event-loop delay p99 | max |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const result of results) {
    const times = result.samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const errors = [...result.errors.values()].reduce((sum, count) => sum + count, 0);
    const over = (ms: number) => times.filter((time) => time > ms).length;
    console.log(
      `| ${result.label} | ${times.length} | ${(times.length / result.seconds).toFixed(0)} | ${fmt(percentile(times, 0.5))} | ${fmt(percentile(times, 0.95))} | ${fmt(percentile(times, 0.99))} | ${fmt(times.at(-1) ?? Number.NaN)} | ${over(1000)} | ${over(2000)} | ${errors} | ${result.eventLoop ? fmt(result.eventLoop.p99) : "?"} | ${result.eventLoop ? fmt(result.eventLoop.max) : "?"} |`,
    );
  }
  for (const result of results) {
    console.log(`\n${result.label}: ${result.cpu} during the load`);
    for (const kind of ["feed", "swipe", "profile"] as const) {
      const times = result.samples
        .filter((sample) => sample.kind === kind)
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(8)} ${String(times.length).padStart(6)} requests  p50 ${fmt(percentile(times, 0.5))}  p99 ${fmt(percentile(times, 0.99))}  max ${fmt(times.at(-1) ?? Number.NaN)}`,
      );
    }
    console.log(
      `  swipes answered 409 (both people swiped each other at once): ${result.conflicts}`,
    );
    for (const [key, count] of result.errors) console.log(`  error ${key}: ${count}`);
    const worst = new Map<number, number>();
    for (const sample of result.samples) {
      const second = Math.floor(sample.at / 1000);
      worst.set(second, Math.max(worst.get(second) ?? 0, sample.ms));
    }
    console.log(
      `  slowest request started in each second (ms): ${[...worst.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([, ms]) => Math.round(ms))
        .join(" ")}`,
    );
    if (result.eventLoop) {
      console.log(
        `  event-loop delay: p50 ${fmt(result.eventLoop.p50)}, p99 ${fmt(result.eventLoop.p99)}, max ${fmt(result.eventLoop.max)}; worst per second (ms): ${result.eventLoop.worstPerSecond.join(" ")}`,
      );
    }
  }
}

async function postgresDatabase(): Promise<BenchDatabase | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `PostgreSQL at ${ADMIN_URL} does not answer (${error instanceof Error ? error.message : error}); PGlite only`,
    );
    return null;
  }
  return createBenchDatabase(admin, ADMIN_URL, "kindred_load");
}

if (process.env.BENCH_NO_BUILD !== "true" && !process.env.BENCH_SERVER) {
  const built = spawnSync(process.execPath, [path.join(root, "apps/server/build.mjs")], {
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(1);
}

const results: Result[] = [];
if (ONLY !== "postgres") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kindred-load-"));
  try {
    results.push(await bench("PGlite", { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ONLY !== "pglite") {
  const database = await postgresDatabase();
  if (database) {
    try {
      results.push(await bench("PostgreSQL", { DATABASE_URL: database.url }));
    } finally {
      await database.drop();
    }
  }
}
report(results);
