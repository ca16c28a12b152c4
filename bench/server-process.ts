/** What the benchmarks that start the built server as a child process share. */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the server at base is ready (120 s at most); `output` is shown when it is not. */
export async function waitUntilReady(
  child: ChildProcess,
  base: string,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output()}`);
    try {
      const ready = await fetch(`${base}/api/ready`);
      // A server without /api/ready (older builds) is ready when /api/health answers.
      const response = ready.status === 404 ? await fetch(`${base}/api/health`) : ready;
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not answer within 120 s:\n${output()}`);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts a built server (`entry`: a server.js bundle) on a free port of 127.0.0.1, in production
 * mode, without the demo people or the web app, logging warnings only; `env` adds to or overrides
 * that, `nodeArgs` are Node's own options. Resolves once it answers.
 */
export async function startBuiltServer(
  entry: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; port: number; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: path.join(root, "bench/no-web-dist"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, base, () => output);
  return { child, port, base };
}

/** CPU seconds a process has used so far (user and system), from /proc; 0 where there is none. */
export function processSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timeout = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timeout);
}

/** The machine's CPU time counters (Linux /proc/stat, in clock ticks); undefined elsewhere. */
export type CpuTimes = { busy: number; idle: number; steal: number };

export function cpuTimes(): CpuTimes | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const [, ...fields] = line.trim().split(/\s+/);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
      fields.map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return undefined;
  }
}

/**
 * Where the machine's CPU time went between two readings: busy, idle, and stolen by the host
 * (a virtual machine's neighbours). A run with much stolen time is slower than the code is.
 */
export function cpuShares(from: CpuTimes | undefined, to: CpuTimes | undefined): string {
  if (!from || !to) return "CPU shares unknown";
  const busy = to.busy - from.busy;
  const idle = to.idle - from.idle;
  const steal = to.steal - from.steal;
  const total = Math.max(1, busy + idle + steal);
  const share = (value: number) => `${Math.round((100 * value) / total)} %`;
  return `CPU ${share(busy)} busy, ${share(idle)} idle, ${share(steal)} stolen by the host`;
}

/**
 * The server's event-loop histogram from bench/event-loop-probe.mjs: SIGWINCH makes the probe
 * write it (since the last signal) to `file` and start a new one.
 */
export async function readEventLoop<T>(child: ChildProcess, file: string): Promise<T | undefined> {
  rmSync(file, { force: true });
  child.kill("SIGWINCH");
  for (let attempt = 0; attempt < 100; attempt++) {
    await sleep(50);
    try {
      return JSON.parse(readFileSync(file, "utf8")) as T;
    } catch {
      // not written yet
    }
  }
  return undefined;
}

/** A database of its own on the PostgreSQL server at `adminUrl`: its address, and how to drop it. */
export type BenchDatabase = { url: string; drop: () => Promise<void> };

/** Creates `<prefix>_<random>` through an admin client that is already connected (and ends it). */
export async function createBenchDatabase(
  admin: pg.Client,
  adminUrl: string,
  prefix: string,
): Promise<BenchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs `work` for each index below `count`, `width` at a time; the results in index order. */
export async function inParallel<T>(
  count: number,
  width: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}
