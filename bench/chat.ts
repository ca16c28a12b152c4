/**
 * Chat benchmark: the real server (the bundle from `node apps/server/build.mjs`) on a fresh data
 * folder, BENCH_SOCKETS accounts made through the API and paired into connections, one chat socket
 * open per account, then every conversation sends a message a second for BENCH_SECONDS (the two
 * people take turns, so each stays within the per-person limit). It measures the time from the
 * POST leaving to the other person's socket receiving the `message` event, and counts the
 * messages acknowledged (201) but never received.
 *
 *   npx tsx bench/chat.ts
 *   BENCH_SOCKETS=1000 BENCH_SECONDS=30 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/chatbench npx tsx bench/chat.ts
 *
 * Without BENCH_DATABASE_URL the server uses the embedded PGlite; with it, that database (it must
 * exist and may be empty).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  type ClientSocket,
  LIGHT_BOT_CHECK_ENV,
  signUpOverHttp,
  WebSocketClient,
} from "./http-client.ts";
import { freePort, inParallel, sleep } from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Another build of the server (e.g. an older version, to compare side by side). */
const SERVER = path.resolve(
  process.env.BENCH_SERVER ?? path.join(root, "apps/server/dist/server.js"),
);

type Client = { cookie: string; xsrf: string; userId: string };

async function post(base: string, client: Client, url: string, body: unknown = {}) {
  return fetch(`${base}${url}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: client.cookie,
      "x-xsrf-token": client.xsrf,
    },
    body: JSON.stringify(body),
  });
}

function signUp(base: string, outbox: string, index: number): Promise<Client> {
  return signUpOverHttp(
    base,
    {
      firstName: "Chat",
      lastName: `Client${index}`,
      emailPrefix: `chat${index}`,
      password: "correct horse battery",
      skills: ["Chess", "Music", "Hiking"],
      // Both adults: people without an age meet nobody.
      age: 25,
    },
    [outbox],
  );
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kindred-chat-bench-"));
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
      RATE_LIMIT_SIGNUP_PER_IP: "1000000",
      ...LIGHT_BOT_CHECK_ENV,
      RATE_LIMIT_LOGIN_PER_IP: "1000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${base}/api/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      if (tries > 600) throw new Error("the server did not start");
      await sleep(200);
    }
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
    console.log(`server ready on ${database}; signing up ${SOCKETS} accounts...`);
    const clients = await inParallel(SOCKETS, 8, (index) =>
      signUp(base, path.join(dataDir, "outbox"), index),
    );
    const pairs: [Client, Client][] = [];
    for (let i = 0; i + 1 < clients.length; i += 2)
      pairs.push([clients[i] as Client, clients[i + 1] as Client]);
    await inParallel(pairs.length, 16, async (index) => {
      const [a, b] = pairs[index] as [Client, Client];
      const answer = await post(base, a, `/api/request/send/interested/${b.userId}`);
      const sent = (await answer.json()) as { data?: { _id: string } };
      if (!sent.data)
        throw new Error(`interest answered ${answer.status}: ${JSON.stringify(sent)}`);
      const reviewed = await post(base, b, `/api/request/review/accepted/${sent.data._id}`);
      if (reviewed.status !== 200) throw new Error(`review answered ${reviewed.status}`);
    });

    // The time each message left, by its text; filled before the send, read on receipt.
    const leftAt = new Map<string, number>();
    const latencies: number[] = [];
    const received = new Set<string>();
    const socketUrl = `ws://127.0.0.1:${port}/api/chat/socket`;
    const sockets = await inParallel(clients.length, 50, (index) => {
      const client = clients[index] as Client;
      return new Promise<ClientSocket>((resolve, reject) => {
        const socket = new WebSocketClient(socketUrl, {
          headers: { origin: base, cookie: client.cookie },
        });
        socket.on("open", () => resolve(socket));
        socket.on("error", reject);
        socket.on("message", (data) => {
          const event = JSON.parse(data.toString()) as {
            type: string;
            message?: { text: string; toUserId: string };
          };
          if (event.type !== "message" || event.message?.toUserId !== client.userId) return;
          const left = leftAt.get(event.message.text);
          if (left === undefined || received.has(event.message.text)) return;
          received.add(event.message.text);
          latencies.push(performance.now() - left);
        });
      });
    });
    console.log(
      `${sockets.length} sockets open; ${pairs.length} conversations send for ${SECONDS} s...`,
    );

    let acknowledged = 0;
    const failures = new Map<number, number>();
    const start = performance.now();
    await Promise.all(
      pairs.map(async ([a, b], index) => {
        // Spread the conversations over the second.
        await sleep((index / pairs.length) * 1000);
        for (let tick = 0; tick < SECONDS; tick++) {
          const due = start + (index / pairs.length) * 1000 + tick * 1000;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          const [from, to] = tick % 2 === 0 ? [a, b] : [b, a];
          const text = `c${index}-t${tick}`;
          leftAt.set(text, performance.now());
          const response = await post(base, from, `/api/chat/${to.userId}/messages`, {
            text,
            clientId: text,
          });
          await response.arrayBuffer();
          if (response.status === 201) acknowledged++;
          else {
            leftAt.delete(text);
            failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
          }
        }
      }),
    );
    await sleep(2000);
    const elapsed = (performance.now() - start) / 1000;
    latencies.sort((x, y) => x - y);
    const lost = acknowledged - received.size;
    console.log(
      JSON.stringify(
        {
          database,
          sockets: sockets.length,
          conversations: pairs.length,
          seconds: Number(elapsed.toFixed(1)),
          acknowledged,
          received: received.size,
          lost,
          failedSends: Object.fromEntries(failures),
          latencyMs: {
            p50: Number(percentile(latencies, 50).toFixed(1)),
            p95: Number(percentile(latencies, 95).toFixed(1)),
            p99: Number(percentile(latencies, 99).toFixed(1)),
            max: Number((latencies.at(-1) ?? Number.NaN).toFixed(1)),
          },
        },
        null,
        2,
      ),
    );
    for (const socket of sockets) socket.close();
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
