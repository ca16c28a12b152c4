/**
 * Socket flood: the real server (the bundle from `node apps/server/build.mjs`, or BENCH_SERVER) on
 * a fresh data folder; one account floods its chat socket with `resume` frames (each naming a real
 * message, so each costs the database a query) while /api/health is probed every 100 ms, before,
 * during and after the flood. It prints /api/health's latency per phase, what the socket sent and
 * got back, how it was closed, and the server's peak memory.
 *
 *   npx tsx bench/socket-flood.ts
 *   BENCH_SERVER=/tmp/kindred-old/apps/server/dist/server.js npx tsx bench/socket-flood.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/floodbench npx tsx bench/socket-flood.ts
 *
 * FLOOD_SECONDS (6), FLOOD_RATE (frames per second, 7500: what one attacker's socket managed),
 * AFTER_SECONDS (10), FLOOD_FRAME (`resume`, or `typing`: "I am typing to my connection", each
 * one the server would look the connection up for and announce through the hub). Without BENCH_DATABASE_URL the server uses the embedded PGlite.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { LIGHT_BOT_CHECK_ENV, signUpOverHttp, WebSocketClient } from "./http-client.ts";
import { freePort, sleep, stopServer, waitUntilReady } from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = path.resolve(
  process.env.BENCH_SERVER ?? path.join(root, "apps/server/dist/server.js"),
);
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 6);
const FLOOD_RATE = Number(process.env.FLOOD_RATE ?? 7500);
const AFTER_SECONDS = Number(process.env.AFTER_SECONDS ?? 10);
const FLOOD_FRAME = process.env.FLOOD_FRAME === "typing" ? "typing" : "resume";
const HEALTH_TIMEOUT_MS = 5000;

type Client = { cookie: string; xsrf: string; userId: string };

async function post(base: string, client: Client, url: string, body: unknown = {}) {
  const response = await fetch(`${base}${url}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: client.cookie,
      "x-xsrf-token": client.xsrf,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: { _id?: string } };
  if (response.status >= 300) throw new Error(`${url} answered ${response.status}`);
  return json;
}

function signUp(base: string, outbox: string, name: string): Promise<Client> {
  return signUpOverHttp(
    base,
    {
      firstName: name,
      lastName: "Flood",
      emailPrefix: name,
      password: "correct horse battery",
      skills: ["Chess", "Music", "Hiking"],
      // Both adults: people without an age meet nobody.
      age: 25,
    },
    [outbox],
  );
}

/** One /api/health call: when it was answered, and how long it took. */
type Probe = { phase: string; answeredAt: number; ms: number | "timeout" | "error" };

function summary(probes: Probe[], phase: string) {
  const mine = probes.filter((probe) => probe.phase === phase);
  const times = mine.flatMap((probe) => (typeof probe.ms === "number" ? [probe.ms] : []));
  times.sort((x, y) => x - y);
  const at = (p: number) =>
    times.length
      ? Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1))
      : null;
  return {
    probes: mine.length,
    failed: mine.length - times.length,
    p50: at(0.5),
    p99: at(0.99),
    max: times.length ? Number((times.at(-1) ?? 0).toFixed(1)) : null,
  };
}

/** The child's resident memory in MB (Linux; `VmHWM` for the peak), when it can be read. */
function memoryMb(pid: number | undefined, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kindred-flood-bench-"));
  let output = "";
  const child = spawn(process.execPath, [SERVER], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: base,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      REDIS_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: path.join(root, "bench/no-web-dist"),
      ...LIGHT_BOT_CHECK_ENV,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  try {
    await waitUntilReady(child, base, () => output);
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
    const a = await signUp(base, path.join(dataDir, "outbox"), "ana");
    const b = await signUp(base, path.join(dataDir, "outbox"), "bo");
    const request = await post(base, a, `/api/request/send/interested/${b.userId}`);
    await post(base, b, `/api/request/review/accepted/${request.data?._id}`);
    const first = await post(base, a, `/api/chat/${b.userId}/messages`, { text: "first" });
    for (let i = 0; i < 20; i++) {
      await post(base, a, `/api/chat/${b.userId}/messages`, { text: `message ${i}` });
    }

    const probes: Probe[] = [];
    const memory: Record<string, number> = {};
    let phase = "before";
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const started = performance.now();
        const current = phase;
        const rss = memoryMb(child.pid, "VmRSS") ?? 0;
        memory[current] = Math.max(memory[current] ?? 0, rss);
        try {
          const response = await fetch(`${base}/api/health`, {
            signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
          });
          await response.arrayBuffer();
          const ms = response.ok ? performance.now() - started : "error";
          probes.push({ phase: current, answeredAt: performance.now(), ms });
        } catch (error) {
          const timedOut = (error as Error).name === "TimeoutError";
          probes.push({
            phase: current,
            answeredAt: performance.now(),
            ms: timedOut ? "timeout" : "error",
          });
        }
        await sleep(Math.max(0, 100 - (performance.now() - started)));
      }
    })();
    await sleep(2000);

    phase = "during";
    // The attacker reconnects whenever the server closes the socket, until the time is up.
    const frame = JSON.stringify(
      FLOOD_FRAME === "typing"
        ? { type: "typing", to: a.userId }
        : { type: "resume", after: first.data?._id },
    );
    const flood = { sockets: 0, framesSent: 0, framesReceived: 0, bytesReceived: 0 };
    const closeCodes: Record<string, number> = {};
    const floodStart = performance.now();
    const floodEnd = floodStart + FLOOD_SECONDS * 1000;
    while (performance.now() < floodEnd) {
      const socket = new WebSocketClient(`ws://127.0.0.1:${port}/api/chat/socket`, {
        headers: { origin: base, cookie: b.cookie },
      });
      flood.sockets++;
      let open = true;
      socket.on("message", (data) => {
        flood.framesReceived++;
        flood.bytesReceived += data.length;
      });
      const closed = new Promise<void>((resolve) =>
        socket.on("close", (code) => {
          open = false;
          closeCodes[code] = (closeCodes[code] ?? 0) + 1;
          resolve();
        }),
      );
      const opened = await new Promise<boolean>((resolve) => {
        socket.on("open", () => resolve(true));
        socket.on("error", () => resolve(false));
      });
      while (opened && open && performance.now() < floodEnd) {
        const due = Math.floor(((performance.now() - floodStart) / 1000) * FLOOD_RATE);
        for (; flood.framesSent < due && socket.readyState === 1; flood.framesSent++) {
          socket.send(frame);
        }
        await sleep(10);
      }
      if (open) socket.close();
      await Promise.race([closed, sleep(5000)]);
    }
    const floodSeconds = (performance.now() - floodStart) / 1000;
    const floodEnded = performance.now();

    phase = "after";
    await sleep(AFTER_SECONDS * 1000);
    probing = false;
    await prober;
    // How long after the flood the database answered within a second again.
    const healthy = probes.find(
      (probe) => probe.answeredAt > floodEnded && typeof probe.ms === "number" && probe.ms < 1000,
    );
    const healthyAgainMs = healthy ? Math.round(healthy.answeredAt - floodEnded) : null;

    console.log(
      JSON.stringify(
        {
          server: path.relative(root, SERVER),
          database,
          frame: FLOOD_FRAME,
          flood: {
            seconds: Number(floodSeconds.toFixed(1)),
            ...flood,
            bytesSent: flood.framesSent * frame.length,
            closeCodes,
          },
          healthMs: {
            before: summary(probes, "before"),
            during: summary(probes, "during"),
            after: summary(probes, "after"),
          },
          healthyAgainMs,
          serverMemoryMb: { ...memory, peak: memoryMb(child.pid, "VmHWM") },
        },
        null,
        2,
      ),
    );
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
