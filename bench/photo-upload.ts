/**
 * Photo uploads against everyone else: six 9.5 KB HEIC files of 6300 × 6300 (39.7 megapixels,
 * apps/server/src/modules/photos/fixtures/solid-6300.heic) uploaded at once by six people, while
 * one client asks /api/health every 50 ms and another logs in again and again. Runs the build of
 * an earlier commit ("before", built in a temporary folder from `git archive`, with this tree's
 * node_modules) and the build of this tree ("after"), one after the other on fresh data folders,
 * and prints for each: the uploads' answers and time, /api/health and log-in latency meanwhile
 * (and when idle), the server's longest event-loop delay and its peak memory.
 *
 *   npx tsx bench/photo-upload.ts
 *   BENCH_BEFORE=e623398 BENCH_UPLOADS=6 npx tsx bench/photo-upload.ts
 *
 * BENCH_BEFORE is any git revision (default: where this branch left main); BENCH_BEFORE=none runs
 * this tree only. The event-loop delay is measured inside the server by bench/event-loop-probe.mjs.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { LIGHT_BOT_CHECK_ENV, signUpOverHttp, xsrfOf } from "./http-client.ts";
import {
  cpuShares,
  cpuTimes,
  freePort,
  readEventLoop,
  sleep,
  stopServer,
  waitUntilReady,
} from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 6);
const PASSWORD = "correct horse battery";
const HEIC = readFileSync(
  path.join(root, "apps/server/src/modules/photos/fixtures/solid-6300.heic"),
);

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
}

function build(tree: string) {
  const built = spawnSync(process.execPath, [path.join(tree, "apps/server/build.mjs")], {
    cwd: tree,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error(`the build in ${tree} failed`);
}

/** The server of an earlier commit, built in a temporary folder with this tree's packages. */
function buildRevision(revision: string): { dir: string; server: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "kindred-before-"));
  execFileSync("sh", ["-c", `git archive ${revision} | tar -x -C ${dir}`], { cwd: root });
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  symlinkSync(
    path.join(root, "apps/server/node_modules"),
    path.join(dir, "apps/server/node_modules"),
  );
  build(dir);
  return { dir, server: path.join(dir, "apps/server/dist/server.js") };
}

async function startServer(server: string, dataDir: string, eventLoopFile: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", path.join(root, "bench/event-loop-probe.mjs"), server],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        WEB_DIST_DIR: path.join(root, "bench/no-web-dist"),
        RATE_LIMIT_SIGNUP_PER_IP: "1000000",
        ...LIGHT_BOT_CHECK_ENV,
        RATE_LIMIT_LOGIN_PER_IP: "1000000",
        BENCH_EVENT_LOOP_FILE: eventLoopFile,
      },
      stdio: ["ignore", "pipe", "pipe"],
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
  child.on("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGTERM") {
      console.error(`the server stopped (${code ?? signal}):\n${output.slice(-4000)}`);
    }
  });
  return { child, base };
}

type EventLoop = { max: number; p99: number };

/** The process's peak resident memory (Linux), in MB. */
function peakMemoryMb(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return undefined;
  }
}

type Person = { emailId: string; cookie: string; xsrf: string };

function signUp(base: string, index: number): Promise<Person> {
  return signUpOverHttp(base, {
    firstName: "Photo",
    lastName: `Person${index}`,
    emailPrefix: `photo${index}`,
    password: PASSWORD,
    skills: ["Photography", "Hiking", "Chess"],
    age: 30,
  });
}

async function logIn(base: string, person: Person): Promise<number> {
  const xsrf = await xsrfOf(base);
  const begin = performance.now();
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${xsrf}`,
      "x-xsrf-token": xsrf,
    },
    body: JSON.stringify({ emailId: person.emailId, password: PASSWORD }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return performance.now() - begin;
}

async function health(base: string): Promise<number> {
  const begin = performance.now();
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
  return performance.now() - begin;
}

async function upload(base: string, person: Person): Promise<{ status: number; ms: number }> {
  try {
    return await uploadOnce(base, person);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    console.error(`an upload failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    return { status: 0, ms: Number.NaN };
  }
}

async function uploadOnce(base: string, person: Person): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  form.append("photo", new Blob([HEIC], { type: "image/heic" }), "big.heic");
  const begin = performance.now();
  const response = await fetch(`${base}/api/profile/photo`, {
    method: "POST",
    headers: { cookie: person.cookie, "x-xsrf-token": person.xsrf },
    body: form,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - begin };
}

/** A request that failed (its time is not counted); the failure is listed. */
function failed(failures: string[], kind: string, error: unknown): number {
  const cause = (error as { cause?: unknown }).cause ?? error;
  failures.push(`${kind}: ${cause instanceof Error ? cause.message : String(cause)}`);
  return Number.NaN;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => `${Math.round(value)} ms`;

type Result = {
  label: string;
  idleHealth: number[];
  idleLogin: number[];
  uploads: { status: number; ms: number }[];
  health: number[];
  logins: number[];
  eventLoop?: EventLoop;
  peakMb?: number;
  oneAccount?: number[];
  /** /api/health and log-in requests that got no answer meanwhile. */
  failures: number;
};

async function bench(label: string, server: string): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kindred-photo-bench-"));
  const eventLoopFile = path.join(dataDir, "event-loop.json");
  const { child, base } = await startServer(server, dataDir, eventLoopFile);
  try {
    const people: Person[] = [];
    for (let index = 0; index <= UPLOADS; index++) people.push(await signUp(base, index));
    const loginPerson = people[UPLOADS] as Person;

    const idleHealth: number[] = [];
    for (let n = 0; n < 10; n++) idleHealth.push(await health(base));
    const idleLogin: number[] = [];
    for (let n = 0; n < 3; n++) idleLogin.push(await logIn(base, loginPerson));

    await readEventLoop<EventLoop>(child, eventLoopFile);
    let done = false;
    const healthTimes: number[] = [];
    const loginTimes: number[] = [];
    const failures: string[] = [];
    const healthLoop = (async () => {
      while (!done) {
        healthTimes.push(await health(base).catch((error) => failed(failures, "health", error)));
        await sleep(50);
      }
    })();
    const loginLoop = (async () => {
      while (!done) {
        loginTimes.push(await logIn(base, loginPerson).catch((e) => failed(failures, "login", e)));
      }
    })();
    const uploads = await Promise.all(people.slice(0, UPLOADS).map((p) => upload(base, p))).finally(
      () => {
        done = true;
      },
    );
    await Promise.all([healthLoop, loginLoop]);
    const eventLoop = await readEventLoop<EventLoop>(child, eventLoopFile);
    if (failures.length > 0)
      console.error(`${label}: ${failures.length} failed requests:`, failures);

    // One account sending all six at once (the build after this change admits one at a time).
    const oneAccount = (
      await Promise.all(Array.from({ length: UPLOADS }, () => upload(base, people[0] as Person)))
    ).map((answer) => answer.status);

    return {
      label,
      idleHealth,
      idleLogin,
      uploads,
      health: healthTimes.filter(Number.isFinite),
      logins: loginTimes.filter(Number.isFinite),
      failures: failures.length,
      eventLoop,
      peakMb: peakMemoryMb(child.pid),
      oneAccount,
    };
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results: Result[]) {
  const statuses = (values: number[]) => {
    const counts = new Map<number, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].map(([status, count]) => `${count}×${status}`).join(", ");
  };
  console.log(
    `\n${UPLOADS} HEIC uploads (6300 × 6300, ${HEIC.length} bytes) at once; ${cpus().length} cores, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}\n`,
  );
  console.log(
    "| build | uploads | all uploads done | /api/health idle p50 | /api/health during: p50 / max | log-in idle p50 | log-in during: p50 / max (n) | event loop max | peak RSS | failed requests | six at once, one account |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of results) {
    console.log(
      `| ${r.label} | ${statuses(r.uploads.map((u) => u.status))} | ${ms(Math.max(...r.uploads.map((u) => u.ms)))} | ${ms(percentile(r.idleHealth, 50))} | ${ms(percentile(r.health, 50))} / ${ms(Math.max(...r.health))} | ${ms(percentile(r.idleLogin, 50))} | ${ms(percentile(r.logins, 50))} / ${ms(Math.max(...r.logins))} (${r.logins.length}) | ${r.eventLoop ? `${Math.round(r.eventLoop.max)} ms` : "?"} | ${r.peakMb ?? "?"} MB | ${r.failures} | ${statuses(r.oneAccount ?? [])} |`,
    );
  }
}

const before =
  process.env.BENCH_BEFORE ?? git("merge-base", "HEAD", process.env.BENCH_BASE_BRANCH ?? "main");
const cpuStart = cpuTimes();
const results: Result[] = [];
if (before !== "none") {
  const revision = git("rev-parse", "--short", before);
  const { dir, server } = buildRevision(revision);
  try {
    results.push(await bench(`before (${revision})`, server));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
build(root);
results.push(
  await bench(
    `after (${git("rev-parse", "--short", "HEAD")})`,
    path.join(root, "apps/server/dist/server.js"),
  ),
);
report(results);
console.log(`\n${cpuShares(cpuStart, cpuTimes())}`);
