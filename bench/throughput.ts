/**
 * Throughput of the feed, chat messages and interested swipes beside GET /api/health, in one run:
 * the real server (the bundle from `node apps/server/build.mjs`) on a database loaded with
 * bench/generate.ts (10,000 users and 100,000 requests by default), with session cookies for many
 * viewers written straight into it. For each kind (BENCH_KINDS, default feed) and number of
 * connections (10, 50, 200) it alternates health and that kind's phases (health, kind, health,
 * kind), so both see the same machine; each connection keeps its connection alive and sends its
 * next request when the previous one is answered, going round its own viewers (200 by default).
 * Feed requests page by cursor from a first page made in a warm-up. Each viewer writes messages to
 * a connection of their own and swipes on BENCH_TARGETS people (default 2,000) nobody else is
 * related to, each once; viewers, partners and targets are made adults, so the rules allow every
 * write, and made older than the new-account limits' days.
 * BENCH_BEFORE (the path of another build's server.js, such as a copy of apps/server/dist made
 * before a change, kept under apps/server/ so its migrations resolve) runs that build beside this
 * one on the same data, their phases alternating.
 * Runs on PGlite (a data folder in the temporary directory) and PostgreSQL (a fresh database on
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 *
 *   npx tsx bench/throughput.ts
 *   BENCH_USERS=10000 BENCH_REQUESTS=100000 BENCH_SECONDS=5 BENCH_CONNECTIONS=10,50,200 BENCH_ONLY=pglite|postgres npx tsx bench/throughput.ts
 *   BENCH_KINDS=message,swipe,feed BENCH_BEFORE=apps/server/dist-before/server.js npx tsx bench/throughput.ts
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (the server's own Node options)
 *
 * On a shared machine the requests a second swing with whatever else runs; the CPU time each
 * request took (server, PostgreSQL's backends for the bench database, this client; read from
 * /proc, Linux only) swings much less, and is printed beside them. PGlite's share is the server's.
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { sessions } from "../apps/server/src/db/schema.ts";
import { hashSessionId, SESSION_TTL_MS } from "../apps/server/src/plugins/session.ts";
import { createRandom, loadData, recordPicksAsMade } from "./generate.ts";
import { processSeconds, startBuiltServer, stopServer } from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "10,50,200").split(",").map(Number);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const ONLY = process.env.BENCH_ONLY;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Which kinds of request are measured beside health (BENCH_KINDS, default feed). */
const KINDS = (process.env.BENCH_KINDS ?? "feed").split(",") as Kind[];
type Kind = "feed" | "message" | "swipe";
/** The people every viewer may swipe on, each once (none of them is a viewer). */
const TARGETS = Number(process.env.BENCH_TARGETS ?? 2_000);
/** The CSRF token every viewer sends (cookie and header), as the web client does. */
const XSRF = "bench-xsrf-token";

type Viewer = {
  cookie: string;
  /** The next page's cursor on each server (by port): builds may write cursors differently. */
  cursors: Map<number, string | null>;
  /** A connection of theirs, to write to. */
  partner: string;
  /** The next of `targets` to swipe on. */
  swiped: number;
};

/** Everyone a viewer may swipe on (set by prepare). */
let swipeTargets: string[] = [];

/** Loads the data and writes a session for each viewer; returns their cookies. */
async function prepare(options: { dataDir: string } | { url: string }): Promise<Viewer[]> {
  const handle = await openDatabase(options);
  try {
    const start = performance.now();
    const data = await loadData(handle.db, { userCount: USERS, requestCount: REQUESTS });
    const random = createRandom(11);
    const viewers: Viewer[] = [];
    const rows = [];
    // The last TARGETS people are swiped on; the viewers and their partners are drawn from the
    // others, each viewer with a partner of their own.
    const pool = data.userIds.slice(0, data.userIds.length - TARGETS);
    const drawn = new Set<string>();
    const draw = () => {
      for (;;) {
        const id = pool[Math.floor(random() * pool.length)] as string;
        if (!drawn.has(id)) {
          drawn.add(id);
          return id;
        }
      }
    };
    const pairs: [string, string][] = [];
    for (let index = 0; index < VIEWERS; index++) {
      const sessionId = randomBytes(32).toString("base64url");
      const userId = draw();
      const partner = draw();
      pairs.push([userId, partner]);
      rows.push({
        idHash: hashSessionId(sessionId),
        userId,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      viewers.push({
        cookie: `token=${sessionId}; XSRF-TOKEN=${XSRF}`,
        cursors: new Map(),
        partner,
        swiped: 0,
      });
    }
    await handle.db.insert(sessions).values(rows);
    // Viewers, partners and targets are adults past their first days (no new-account limits)
    // with nothing between them but each viewer's accepted request with their partner, so every
    // message and swipe is one the rules allow.
    const targets = data.userIds.slice(-TARGETS);
    const involved = [...drawn, ...targets];
    await handle.db.execute(
      sql`update users set age = 30, created_at = least(created_at, now() - interval '60 days')
        where id in (select unnest(${`{${involved.join(",")}}`}::uuid[]))`,
    );
    await handle.db.execute(sql`
      delete from connection_requests
      where from_user_id in (select unnest(${`{${involved.join(",")}}`}::uuid[]))
        or to_user_id in (select unnest(${`{${involved.join(",")}}`}::uuid[]))
    `);
    await handle.db.execute(sql`
      insert into connection_requests (from_user_id, to_user_id, status)
      select t.a, t.b, 'accepted'
      from json_to_recordset(${JSON.stringify(pairs.map(([a, b]) => ({ a, b })))}::json)
        as t(a uuid, b uuid)
    `);
    swipeTargets = targets;
    await recordPicksAsMade(handle.db);
    await handle.db.execute(sql`vacuum analyze`);
    console.log(
      `Loaded ${data.userIds.length} users and ${data.requestCount} requests, ${VIEWERS} sessions, in ${((performance.now() - start) / 1000).toFixed(1)} s.`,
    );
    return viewers;
  } finally {
    await handle.close();
  }
}

/**
 * The server bundles measured: this tree's, and with BENCH_BEFORE (the path of another build's
 * server.js, e.g. a copy of apps/server/dist made before a change) that one beside it, on the same
 * data, their phases alternating.
 */
const BUILDS: { label: string; entry: string }[] = [
  ...(process.env.BENCH_BEFORE
    ? [{ label: "before", entry: path.resolve(root, process.env.BENCH_BEFORE) }]
    : []),
  {
    label: process.env.BENCH_BEFORE ? "after" : "",
    entry: path.join(root, "apps/server/dist/server.js"),
  },
];

function startServer(env: Record<string, string>, entry: string) {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  return startBuiltServer(
    entry,
    // Each viewer writes far more than a person would; the limit is not what is measured.
    { RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: "1000000", ...env },
    nodeArgs,
  );
}

/**
 * One GET on a kept-alive connection: its status and, for the feed, the next cursor from its
 * X-Next-Cursor header. The body is read to its end but not decoded or parsed: the client shares
 * the machine with the server and the database, and what it spends on an answer is not the
 * server's throughput (the feed's tests hold its bodies to the contract).
 */
function get(
  agent: http.Agent,
  port: number,
  urlPath: string,
  cookie?: string,
  body?: string,
): Promise<{ status: number; next: string | null }> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = cookie ? { cookie } : {};
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["x-xsrf-token"] = XSRF;
    }
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: body === undefined ? "GET" : "POST",
        agent,
        headers,
      },
      (response) => {
        const next = response.headers["x-next-cursor"];
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            next: typeof next === "string" ? next : null,
          }),
        );
        response.resume();
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Unexpected statuses by kind of request, printed at the end of a run. */
const unexpected = new Map<string, number>();

/** CPU seconds used during a phase. */
type Cpu = { server: number; database: number; client: number };

type Phase = { count: number; errors: number; seconds: number; latencies: number[]; cpu: Cpu };

/** Whose CPU time a phase counts: the server's process and the database's (PostgreSQL's backends). */
type CpuSources = { serverPid: number; databasePids: () => Promise<number[]> };

/** Starts counting CPU time; the function returned gives the seconds used since. */
async function cpuMeter(sources: CpuSources): Promise<() => Cpu> {
  const databasePids = await sources.databasePids();
  const server = processSeconds(sources.serverPid);
  const databaseAtStart = new Map(databasePids.map((pid) => [pid, processSeconds(pid)] as const));
  const client = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(client);
    return {
      server: processSeconds(sources.serverPid) - server,
      // A backend that ended during the phase (the pool let it go) no longer counts: 0, not less.
      database: [...databaseAtStart].reduce((total, [pid, start]) => {
        const now = processSeconds(pid);
        return total + (now > 0 ? now - start : 0);
      }, 0),
      client: (used.user + used.system) / 1e6,
    };
  };
}

/** `connections` loops for SECONDS, each sending its next request when the last is answered. */
async function phase(
  port: number,
  connections: number,
  kind: "health" | Kind,
  viewers: Viewer[],
  sources: CpuSources,
): Promise<Phase> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const cpuUsed = await cpuMeter(sources);
  const latencies: number[] = [];
  let errors = 0;
  const failed = (status: number) => {
    errors++;
    unexpected.set(`${kind} ${status}`, (unexpected.get(`${kind} ${status}`) ?? 0) + 1);
  };
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      let turn = 0;
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          // Each connection goes round its own viewers.
          const index = (connection + turn * connections) % viewers.length;
          turn++;
          const viewer = viewers[index] as Viewer;
          if (kind === "health") {
            const { status } = await get(agent, port, "/api/health");
            if (status !== 200) errors++;
          } else if (kind === "message") {
            const { status } = await get(
              agent,
              port,
              `/api/chat/${viewer.partner}/messages`,
              viewer.cookie,
              JSON.stringify({ text: `Hello, shall we practise on Thursday? (${turn})` }),
            );
            if (status !== 201) failed(status);
          } else if (kind === "swipe") {
            const target = swipeTargets[viewer.swiped++ % swipeTargets.length] as string;
            const { status } = await get(
              agent,
              port,
              `/api/request/send/interested/${target}`,
              viewer.cookie,
              "{}",
            );
            // A viewer who has swiped on every target gets 409s: TARGETS bounds a run.
            if (status !== 201) failed(status);
          } else {
            const cursor = viewer.cursors.get(port);
            const query = cursor ? `&cursor=${cursor}` : "";
            const { status, next } = await get(
              agent,
              port,
              `/api/feed?limit=10${query}`,
              viewer.cookie,
            );
            if (status !== 200) failed(status);
            else viewer.cursors.set(port, next);
          }
        } catch {
          errors++;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  agent.destroy();
  return {
    count: latencies.length,
    errors,
    seconds: (performance.now() - start) / 1000,
    latencies,
    cpu: cpuUsed(),
  };
}

const cpuText = (cpu: number[]) => cpu.map((value) => value.toFixed(2)).join(" / ");

function percentile(sorted: number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

function summary(phases: Phase[]) {
  const count = phases.reduce((sum, item) => sum + item.count, 0);
  const seconds = phases.reduce((sum, item) => sum + item.seconds, 0);
  const errors = phases.reduce((sum, item) => sum + item.errors, 0);
  const sorted = phases.flatMap((item) => item.latencies).sort((a, b) => a - b);
  const perRequest = (part: keyof Cpu) =>
    (1000 * phases.reduce((sum, item) => sum + item.cpu[part], 0)) / count;
  return {
    rps: count / seconds,
    /** CPU milliseconds per request: server, database, client. */
    cpu: [perRequest("server"), perRequest("database"), perRequest("client")],
    errors,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}

async function run(
  label: string,
  env: Record<string, string>,
  viewers: Viewer[],
  databasePids: () => Promise<number[]> = async () => [],
) {
  const servers: { label: string; child: ChildProcess; port: number }[] = [];
  try {
    for (const build of BUILDS) {
      servers.push({ label: build.label, ...(await startServer(env, build.entry)) });
    }
    console.log(`\n## ${label}\n`);
    // Warm-up: every viewer's first feed page is made once on each server before measuring.
    for (const server of servers) {
      const warm = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (const viewer of viewers) {
        const { status, next } = await get(warm, server.port, "/api/feed?limit=10", viewer.cookie);
        if (status !== 200) throw new Error(`GET /api/feed: ${status}`);
        viewer.cursors.set(server.port, next);
      }
      warm.destroy();
    }
    for (const kind of KINDS) {
      console.log(
        `\n| ${kind}: build, connections | health req/s | ${kind} req/s | ${kind} / health | health p50 / p95 | ${kind} p50 / p95 / p99 | errors | load average | CPU ms per request, server / database / client: health; ${kind} |`,
      );
      console.log("|---|---|---|---|---|---|---|---|---|");
      for (const connections of CONNECTIONS) {
        const health = servers.map(() => [] as Phase[]);
        const measured = servers.map(() => [] as Phase[]);
        for (let round = 0; round < 2; round++) {
          for (const [index, server] of servers.entries()) {
            const sources = { serverPid: server.child.pid ?? 0, databasePids };
            health[index]?.push(await phase(server.port, connections, "health", viewers, sources));
            measured[index]?.push(await phase(server.port, connections, kind, viewers, sources));
          }
        }
        for (const [index, server] of servers.entries()) {
          const h = summary(health[index] ?? []);
          const f = summary(measured[index] ?? []);
          console.log(
            `| ${server.label} ${connections} | ${h.rps.toFixed(0)} | ${f.rps.toFixed(0)} | ${((100 * f.rps) / h.rps).toFixed(1)} % | ${h.p50.toFixed(1)} / ${h.p95.toFixed(1)} ms | ${f.p50.toFixed(1)} / ${f.p95.toFixed(1)} / ${f.p99.toFixed(1)} ms | ${h.errors + f.errors} | ${loadavg()[0]?.toFixed(1)} | ${cpuText(h.cpu)}; ${cpuText(f.cpu)} |`,
          );
        }
      }
    }
    if (unexpected.size > 0)
      console.log(
        `\nUnexpected statuses: ${[...unexpected].map(([key, count]) => `${key}: ${count}`).join(", ")}`,
      );
    unexpected.clear();
  } finally {
    for (const server of servers) await stopServer(server.child);
  }
}

console.log(
  `# ${KINDS.join(", ")} beside /api/health\n\nMachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}; load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ", ",
    )} at the start. ${USERS} users, ${REQUESTS} requests, ${VIEWERS} viewers, phases of ${SECONDS} s (health, then the kind measured, twice for each row and build).`,
);

if (process.env.BENCH_NO_BUILD !== "true") {
  const built = spawnSync(process.execPath, [path.join(root, "apps/server/build.mjs")], {
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(1);
}

if (ONLY !== "postgres" && process.env.BENCH_BEFORE) {
  // Two servers cannot share an embedded database's folder (it is locked by the first).
  console.log("\nPGlite: not measured with BENCH_BEFORE, since one server holds a data folder.");
} else if (ONLY !== "postgres") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kindred-throughput-"));
  try {
    const viewers = await prepare({ dataDir: path.join(dataDir, "pglite") });
    await run("PGlite", { DATA_DIR: dataDir }, viewers);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (ONLY !== "pglite") {
  const name = `kindred_throughput_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const viewers = await prepare({ url: url.toString() });
    // The server's backends: every connection to the bench database but the admin's own.
    const backends = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        )
      ).rows.map((row) => row.pid);
    await run("PostgreSQL", { DATABASE_URL: url.toString() }, viewers, backends);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
