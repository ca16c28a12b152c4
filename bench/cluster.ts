/**
 * Cluster check: HAProxy (Debian's package, started here with a generated configuration) in front
 * of three processes of the built server (apps/server/dist/server.js) on a fresh PostgreSQL
 * database, Redis (a database number of its own) and an S3-compatible store (s3rver, in this
 * process). 200 clients, each with a session, a community token and a chat socket through the
 * balancer, mix feed reads, swipes, chat, posts, RSVPs and photo uploads for 60 s. A third of the
 * way in one process is killed with SIGKILL and started again; then every process is restarted in
 * turn (SIGTERM: it drains, answering 503 on /api/ready for SHUTDOWN_DRAIN_MS while still serving,
 * so HAProxy takes it out before it stops).
 *
 * It prints requests, non-2xx answers (those in flight on the killed process apart, found in
 * HAProxy's log), p99 per kind, acknowledged writes not found at the end (in PostgreSQL and through
 * the API), and chat messages acknowledged to a person that their socket never showed (a socket
 * that reconnects resumes after the last message it saw, as the web client does).
 *
 *   npm run bench:cluster          (BENCH_NO_BUILD=true skips the build)
 *
 * BENCH_CLIENTS (200), BENCH_SECONDS (60), BENCH_THINK_MS (15000, the mean pause between one
 * client's actions), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres: the server
 * where a fresh database is made), BENCH_REDIS_URL (redis://127.0.0.1:6379/11), HAPROXY (haproxy).
 * Exits 1 when a check fails.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import sharp from "sharp";
import webPush from "web-push";
import {
  type ClientSocket,
  LIGHT_BOT_CHECK_ENV,
  signUpOverHttp,
  WebSocketClient,
} from "./http-client.ts";
import {
  type BenchDatabase,
  cpuShares,
  cpuTimes,
  createBenchDatabase,
  freePort,
  inParallel,
  sleep,
} from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = path.join(root, "apps/server/dist/server.js");
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 15_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/11";
const HAPROXY = process.env.HAPROXY ?? "haproxy";
const PROCESSES = 3;
const DRAIN_MS = 15_000;
const BUCKET = "kindred-cluster";
const PASSWORD = "correct horse battery";
const EVENTS = 12;

type Kind =
  | "feed"
  | "swipe"
  | "chat send"
  | "chat history"
  | "posts"
  | "post"
  | "event"
  | "rsvp"
  | "upload"
  | "profile";

/** One request as the client saw it; status 0: no answer (the connection failed). */
type Call = { id: string; kind: Kind; start: number; end: number; status: number; error?: string };

type Client = {
  index: number;
  userId: string;
  cookie: string;
  xsrf: string;
  token: string;
  memberId: string;
  partner?: Client;
  /** Message ids the socket showed (live or resumed) sent to this person. */
  seen: Set<string>;
  /** The newest message the socket showed, in the order it showed them: where a resume starts. */
  lastKnown?: string;
  socket?: ClientSocket;
  socketOpen: boolean;
  resuming: boolean;
  reconnects: number;
  closed: boolean;
  /** What the socket did, for explaining a missed message: opened, closed, resumed after an id. */
  trail: string[];
};

// ---------------------------------------------------------------------------------------------
// The parts: PostgreSQL, S3, the server processes, HAProxy.

async function freshDatabase(): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  return createBenchDatabase(admin, ADMIN_URL, "kindred_cluster");
}

async function startS3(dir: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = (await server.run()) as { port: number };
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

type ServerProcess = {
  name: string;
  port: number;
  child: ChildProcess;
  generation: number;
};

function serverEnv(shared: Record<string, string>, port: number, dataDir: string) {
  return {
    ...process.env,
    ...shared,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    WEB_DIST_DIR: path.join(root, "bench/no-web-dist"),
  };
}

function spawnServer(
  work: string,
  shared: Record<string, string>,
  name: string,
  port: number,
  generation: number,
): ServerProcess {
  const dataDir = path.join(work, name);
  mkdirSync(dataDir, { recursive: true });
  const log = createWriteStream(path.join(work, `${name}.${generation}.log`));
  const child = spawn(process.execPath, [SERVER], {
    cwd: root,
    env: serverEnv(shared, port, dataDir),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return { name, port, child, generation };
}

async function waitReady(server: ServerProcess, work: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `${server.name} exited at start:\n${readFileSync(path.join(work, `${server.name}.${server.generation}.log`), "utf8")}`,
      );
    }
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${server.name} did not get ready within 120 s`);
}

/** The HAProxy configuration the run uses (docs/operations.md shows the same). */
function haproxyConfig(frontPort: number, statsSocket: string, servers: ServerProcess[]): string {
  return `global
  maxconn 4096
  log stdout format raw local0 info
  stats socket ${statsSocket} mode 600 level admin

defaults
  mode http
  log global
  # One line per request: the bench's call id, the server that answered, the status, timers.
  log-format "%[capture.req.hdr(0)] %s %ST %tsc %Ta"
  option redispatch 1
  retries 2
  timeout connect 2s
  timeout client 75s
  timeout server 75s
  timeout http-request 30s
  # Under the servers' KEEP_ALIVE_TIMEOUT_MS (72 s): the balancer closes idle connections first.
  timeout http-keep-alive 60s
  # A new connection to the server for each request: a request never goes out on an idle
  # connection to a process that has just died (HAProxy would close the client's connection
  # without an answer); a refused connection is retried on another process (redispatch).
  option http-server-close
  # Chat sockets (WebSocket) once upgraded.
  timeout tunnel 1h
  timeout client-fin 5s

frontend kindred_front
  bind 127.0.0.1:${frontPort}
  http-request capture req.hdr(x-bench-call) len 24
  option forwardfor
  default_backend kindred

backend kindred
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  # Out at the first failed check, back after 2 good ones. A slow answer is not a failure: on a
  # saturated machine /api/ready waits behind the requests, and taking every busy process out
  # would turn slowness into 503s for everyone (a 10 s limit did, with one process restarting).
  # A dead process refuses the connection at once; a draining one answers 503 within its check's
  # time. SHUTDOWN_DRAIN_MS (15 s) covers 1 s and a check answered within 14 s.
  timeout check 30s
  default-server inter 1s downinter 500ms fall 1 rise 2
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`).join("\n")}
`;
}

type LogLine = { server: string; status: number; termination: string };

function startHaproxy(
  configFile: string,
  logFile: string,
  lines: Map<string, LogLine>,
): ChildProcess {
  const child = spawn(HAPROXY, ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  const raw = createWriteStream(logFile);
  let rest = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    raw.write(chunk);
    rest += chunk;
    const parts = rest.split("\n");
    rest = parts.pop() ?? "";
    for (const line of parts) {
      const [id, server, status, termination] = line.trim().split(" ");
      if (id && id !== "-" && server && status) {
        lines.set(id, { server, status: Number(status), termination: termination ?? "" });
      }
    }
  });
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    if (!/Proxy .* started|Server kindred\/|backend .* has no server available/.test(chunk)) {
      process.stderr.write(`haproxy: ${chunk}`);
    }
  });
  return child;
}

/** The backend's servers as HAProxy sees them (UP, DOWN, ...), from its stats socket. */
function serverStates(statsSocket: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const socket = connect(statsSocket);
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const states = new Map<string, string>();
      for (const line of text.split("\n")) {
        const fields = line.split(",");
        if (fields[0] === "kindred" && fields[1] && fields[1] !== "BACKEND") {
          states.set(fields[1], fields[17] ?? "?");
        }
      }
      resolve(states);
    });
    socket.write("show stat\n");
  });
}

async function waitForState(statsSocket: string, name: string, state: string): Promise<number> {
  const start = performance.now();
  for (;;) {
    // The socket appears once HAProxy has started.
    const states = await serverStates(statsSocket).catch(() => new Map<string, string>());
    if (states.get(name)?.startsWith(state)) return performance.now() - start;
    if (performance.now() - start > 60_000) throw new Error(`${name} never became ${state}`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// The clients.

let front = "";
let origin = "";
/** Every process's outbox: a sign-up's code is written by whichever one answered it. */
let outboxDirs: string[] = [];
let runStart = 0;
let nextCall = 0;
const calls: Call[] = [];
const now = () => performance.now() - runStart;

type Answer = { status: number; body: unknown };

async function request(
  kind: Kind | null,
  client: Client | null,
  method: string,
  url: string,
  options: { json?: unknown; form?: FormData; bearer?: boolean } = {},
): Promise<Answer> {
  const id = `c${nextCall++}`;
  const headers: Record<string, string> = { "x-bench-call": id };
  if (client && options.bearer) headers.authorization = `Bearer ${client.token}`;
  else if (client) {
    headers.cookie = client.cookie;
    headers["x-xsrf-token"] = client.xsrf;
  }
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const start = now();
  try {
    const response = await fetch(`${front}${url}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    if (kind) {
      const code = response.ok ? undefined : (parsed as { code?: string } | null)?.code;
      calls.push({ id, kind, start, end: now(), status: response.status, error: code });
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    if (kind) calls.push({ id, kind, start, end: now(), status: 0, error: message });
    return { status: 0, body: message };
  }
}

const data = <T>(answer: Answer) => (answer.body as { data: T }).data;

async function signUp(index: number): Promise<Client> {
  const person = await signUpOverHttp(
    front,
    {
      firstName: "Cluster",
      lastName: `Client${index}`,
      emailPrefix: `cluster${index}`,
      password: PASSWORD,
      skills: ["Chess", "Music", "Hiking", "Programming", "Design"].slice(0, 3 + (index % 3)),
      age: 20 + (index % 30),
    },
    outboxDirs,
  );
  const { userId, cookie, xsrf } = person;
  const client: Client = {
    index,
    userId,
    cookie,
    xsrf,
    token: "",
    memberId: "",
    seen: new Set(),
    socketOpen: false,
    resuming: false,
    reconnects: 0,
    closed: false,
    trail: [],
  };
  const community = await request(null, client, "POST", "/api/community/fusionauth", {
    json: {},
  });
  const answer = community.body as { token?: string; data?: { id?: string } };
  if (community.status !== 200 || !answer.token || !answer.data?.id) {
    throw new Error(`fusionauth answered ${community.status}: ${JSON.stringify(answer)}`);
  }
  client.token = answer.token;
  client.memberId = answer.data.id;
  return client;
}

type MessageEvent = { _id: string; fromUserId: string; toUserId: string };

function showMessage(client: Client, message: MessageEvent) {
  if (message.toUserId === client.userId) client.seen.add(message._id);
  client.lastKnown = message._id;
}

/** Opens the client's chat socket; on any close but the end of the run it opens a new one. */
function openSocket(client: Client): Promise<void> {
  return new Promise((resolve) => {
    const socket = new WebSocketClient(`${front.replace("http", "ws")}/api/chat/socket`, {
      headers: { origin, cookie: client.cookie },
    });
    client.socket = socket;
    let opened = false;
    socket.on("open", () => {
      opened = true;
      client.socketOpen = true;
      // Reconnected: ask for what came since the last message this socket showed.
      client.trail.push(`${fmt(now())} open`);
      if (client.lastKnown && client.reconnects > 0) {
        client.trail.push(`${fmt(now())} resume after ${client.lastKnown}`);
        client.resuming = true;
        socket.send(JSON.stringify({ type: "resume", after: client.lastKnown }));
      } else if (client.reconnects > 0 && client.partner) {
        // No message seen yet to resume after: the conversation over HTTP, as the web app loads it.
        client.trail.push(`${fmt(now())} history over HTTP`);
        client.resuming = true;
        const partner = client.partner;
        void request(null, client, "GET", `/api/chat/${partner.userId}/messages?limit=100`).then(
          (answer) => {
            if (answer.status === 200) {
              const { messages } = data<{ messages: { _id: string; fromUserId: string }[] }>(
                answer,
              );
              for (const message of messages) {
                if (message.fromUserId === partner.userId) client.seen.add(message._id);
              }
              client.lastKnown ??= messages.at(-1)?._id;
            }
            client.resuming = false;
          },
        );
      }
      resolve();
    });
    socket.on("message", (raw) => {
      const event = JSON.parse(raw.toString()) as {
        type: string;
        message?: MessageEvent;
        messages?: MessageEvent[];
        more?: boolean;
      };
      if (event.type === "message" && event.message) showMessage(client, event.message);
      if (event.type === "resumed") {
        for (const message of event.messages ?? []) showMessage(client, message);
        if (event.more && client.lastKnown) {
          socket.send(JSON.stringify({ type: "resume", after: client.lastKnown }));
        } else client.resuming = false;
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      client.socketOpen = false;
      client.resuming = false;
      if (client.closed) return;
      client.trail.push(`${fmt(now())} closed`);
      client.reconnects++;
      // A short pause as the web client takes, then through the balancer again.
      setTimeout(() => void openSocket(client).then(() => {}), 200 + randomInt(300));
      if (!opened) resolve();
    });
  });
}

type Acknowledged = {
  messages: { id: string; to: string; at: number }[];
  swipes: string[];
  posts: string[];
  /** The last RSVP answered per event and member (null: not going); undefined: in doubt. */
  rsvps: Map<string, string | null | undefined>;
  /** The last photo answered per person; undefined: a later upload is in doubt. */
  photos: Map<Client, string | undefined>;
};

const acked: Acknowledged = {
  messages: [],
  swipes: [],
  posts: [],
  rsvps: new Map(),
  photos: new Map(),
};

async function randomPng(): Promise<Buffer> {
  const size = 64;
  return sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** One client's round of actions until `until()` says stop. */
async function runClient(
  client: Client,
  byUserId: Map<string, Client>,
  events: string[],
  until: () => boolean,
) {
  const last = { post: -Infinity, upload: -Infinity, chat: -Infinity };
  await sleep(randomInt(THINK_MS));
  let sent = 0;
  while (!until()) {
    const roll = Math.random();
    if (roll < 0.3) {
      const feed = await request("feed", client, "GET", "/api/feed?limit=10");
      const cards = feed.status === 200 ? data<{ _id: string }[]>(feed) : [];
      // Only people who signed up before this client: two people never swipe each other, so no
      // swipe meets the other's request (a 409 by contract).
      const card = cards.find((c) => (byUserId.get(c._id)?.index ?? CLIENTS) < client.index);
      if (card) {
        const status = Math.random() < 0.5 ? "interested" : "ignored";
        const swipe = await request(
          "swipe",
          client,
          "POST",
          `/api/request/send/${status}/${card._id}`,
          { json: {} },
        );
        if (swipe.status === 201) acked.swipes.push(data<{ _id: string }>(swipe)._id);
      }
    } else if (roll < 0.5 && client.partner && now() - last.chat > 3000) {
      last.chat = now();
      const text = `m${client.index}-${sent++}`;
      const answer = await request(
        "chat send",
        client,
        "POST",
        `/api/chat/${client.partner.userId}/messages`,
        { json: { text, clientId: `${text}-${randomBytes(3).toString("hex")}` } },
      );
      if (answer.status === 201) {
        acked.messages.push({
          id: data<{ _id: string }>(answer)._id,
          to: client.partner.userId,
          at: now(),
        });
      }
    } else if (roll < 0.55 && client.partner) {
      await request(
        "chat history",
        client,
        "GET",
        `/api/chat/${client.partner.userId}/messages?limit=20`,
      );
    } else if (roll < 0.65) {
      if (now() - last.post > 15_000) {
        last.post = now();
        const answer = await request("post", client, "POST", "/api/community/fusionpublish", {
          bearer: true,
          json: {
            userId: client.memberId,
            title: `Notes ${client.index}`,
            content: `Study notes from client ${client.index} at ${Math.round(now())} ms.`,
          },
        });
        if (answer.status === 201) acked.posts.push(data<{ id: string }>(answer).id);
      } else {
        await request("posts", client, "GET", "/api/community/getposts?limit=20", {
          bearer: true,
        });
      }
    } else if (roll < 0.85) {
      // Not an event this client hosts: a host stays going (409 to not going).
      const choices = events.filter((_, index) => index !== client.index);
      const event = choices[randomInt(choices.length)] as string;
      await request("event", client, "GET", `/api/community/event/${event}`, { bearer: true });
      const key = `${event}|${client.memberId}`;
      const status = Math.random() < 0.6 ? "going" : "not_going";
      const answer = await request("rsvp", client, "PUT", `/api/community/event/${event}/rsvp`, {
        bearer: true,
        json: { status },
      });
      if (answer.status === 200) {
        const mine = data<{ myRsvp: string | null }>(answer).myRsvp;
        acked.rsvps.set(key, mine === "not_going" ? null : mine);
      } else acked.rsvps.set(key, undefined);
    } else if (roll < 0.9 && now() - last.upload > 20_000) {
      last.upload = now();
      const form = new FormData();
      form.append("photo", new Blob([await randomPng()], { type: "image/png" }), "me.png");
      const answer = await request("upload", client, "POST", "/api/profile/photo", { form });
      acked.photos.set(
        client,
        answer.status === 201
          ? (data<{ photoUrl: string }>(answer).photoUrl ?? undefined)
          : undefined,
      );
    } else {
      await request("profile", client, "GET", "/api/profile/view");
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

// ---------------------------------------------------------------------------------------------
// The run.

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

async function main(): Promise<number> {
  if (process.env.BENCH_NO_BUILD !== "true") {
    const built = spawnSync(process.execPath, [path.join(root, "apps/server/build.mjs")], {
      stdio: "inherit",
    });
    if (built.status !== 0) return 1;
  }
  const work = mkdtempSync(path.join(tmpdir(), "kindred-cluster-"));
  const database = await freshDatabase();
  const s3 = await startS3(path.join(work, "s3"));
  const frontPort = await freePort();
  front = `http://127.0.0.1:${frontPort}`;
  origin = front;
  const vapid = webPush.generateVAPIDKeys();
  const shared: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL,
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: "127.0.0.1",
    COMMUNITY_JWT_SECRET: randomBytes(32).toString("hex"),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    // Every client comes from 127.0.0.1: the per-address limits would count them all as one.
    RATE_LIMIT_SIGNUP_PER_IP: "1000000",
    ...LIGHT_BOT_CHECK_ENV,
    // 200 accounts made a minute ago: the new-account daily cap on interested requests.
    NEW_ACCOUNT_DAILY_INTERESTED: "100000",
  };
  const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
  const servers = ports.map((port, index) => spawnServer(work, shared, `k${index + 1}`, port, 0));
  outboxDirs = servers.map((server) => path.join(work, server.name, "outbox"));
  const statsSocket = path.join(work, "haproxy.sock");
  const configFile = path.join(work, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig(frontPort, statsSocket, servers));
  const haproxyLog = new Map<string, LogLine>();
  let haproxy: ChildProcess | undefined;
  const sockets: Client[] = [];
  let exitCode = 0;
  try {
    // The first process migrates; the others then find nothing to do (docs/operations.md).
    await waitReady(servers[0] as ServerProcess, work);
    await Promise.all(servers.slice(1).map((server) => waitReady(server, work)));
    haproxy = startHaproxy(configFile, path.join(work, "haproxy.log"), haproxyLog);
    for (const server of servers) await waitForState(statsSocket, server.name, "UP");
    console.log(`${PROCESSES} processes up behind HAProxy at ${front}; signing up ${CLIENTS}`);

    const clients = await inParallel(CLIENTS, 8, (index) => signUp(index));
    const byUserId = new Map(clients.map((client) => [client.userId, client]));
    // Pairs of connections that chat: 0-1, 2-3, ...
    await inParallel(Math.floor(CLIENTS / 2), 8, async (pair) => {
      const a = clients[2 * pair] as Client;
      const b = clients[2 * pair + 1] as Client;
      const sent = await request(null, a, "POST", `/api/request/send/interested/${b.userId}`, {
        json: {},
      });
      const reviewed = await request(
        null,
        b,
        "POST",
        `/api/request/review/accepted/${data<{ _id: string }>(sent)._id}`,
        { json: {} },
      );
      if (reviewed.status !== 200) throw new Error(`review answered ${reviewed.status}`);
      a.partner = b;
      b.partner = a;
    });
    const events = await inParallel(EVENTS, 4, async (index) => {
      const host = clients[index] as Client;
      const answer = await request(null, host, "POST", "/api/community/createevent", {
        bearer: true,
        json: {
          u_id: host.memberId,
          title: `Study night ${index}`,
          description: "Bring questions.",
          date: new Date(Date.now() + (index + 2) * 86_400_000).toISOString(),
          location: `Library room ${index}`,
          ...(index % 3 === 0 ? { capacity: 20 } : {}),
        },
      });
      if (answer.status !== 201) throw new Error(`createevent answered ${answer.status}`);
      return data<{ _id: string }>(answer)._id;
    });
    await inParallel(clients.length, 25, (index) => openSocket(clients[index] as Client));
    sockets.push(...clients);
    console.log(
      `${CLIENTS} sockets open; ${CLIENTS} clients for ${SECONDS} s (think ${THINK_MS} ms)`,
    );

    // The load, and meanwhile the kill and the rolling restart.
    runStart = performance.now();
    const cpuBefore = cpuTimes();
    let stop = false;
    const load = Promise.all(
      clients.map((client) => runClient(client, byUserId, events, () => stop)),
    );
    const timeline: string[] = [];
    const mark = (text: string) => {
      timeline.push(`${(now() / 1000).toFixed(1).padStart(5)} s  ${text}`);
      console.log(timeline.at(-1));
    };

    await sleep(Math.max(0, (SECONDS * 1000) / 3 - now()));
    const victim = servers[1] as ServerProcess;
    const killAt = now();
    victim.child.kill("SIGKILL");
    mark(`${victim.name} killed with SIGKILL`);
    await new Promise((resolve) => victim.child.once("exit", resolve));
    mark(
      `${victim.name} marked DOWN by HAProxy after ${fmt(await waitForState(statsSocket, victim.name, "DOWN"))}`,
    );
    const downAt = now();
    const restarted = spawnServer(work, shared, victim.name, victim.port, victim.generation + 1);
    servers[1] = restarted;
    await waitReady(restarted, work);
    mark(`${victim.name} started again, ready`);
    await waitForState(statsSocket, victim.name, "UP");
    mark(`${victim.name} UP in HAProxy`);

    await sleep(Math.max(0, (SECONDS * 1000) / 2 - now()));
    mark("rolling restart begins");
    const drained: { name: string; start: number; end: number }[] = [];
    for (let index = 0; index < servers.length; index++) {
      const server = servers[index] as ServerProcess;
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      const start = now();
      server.child.kill("SIGTERM");
      mark(`${server.name} SIGTERM (drains ${DRAIN_MS} ms)`);
      const downAfter = await waitForState(statsSocket, server.name, "DOWN");
      mark(`${server.name} taken out by HAProxy after ${fmt(downAfter)}`);
      await exited;
      drained.push({ name: server.name, start, end: now() });
      mark(`${server.name} exited`);
      const next = spawnServer(work, shared, server.name, server.port, server.generation + 1);
      servers[index] = next;
      await waitReady(next, work);
      await waitForState(statsSocket, server.name, "UP");
      mark(`${server.name} back UP`);
    }
    await sleep(Math.max(2000, SECONDS * 1000 - now()));
    stop = true;
    await load;
    const seconds = now() / 1000;
    const cpu = cpuShares(cpuBefore, cpuTimes());
    mark("load stopped");

    // Every socket open again and done resuming, then a moment for events still on their way.
    const settleDeadline = performance.now() + 30_000;
    while (
      clients.some((client) => !client.socketOpen || client.resuming) &&
      performance.now() < settleDeadline
    ) {
      await sleep(100);
    }
    // Then until no acknowledged message is still on its way (on a saturated machine an event can
    // take seconds): the count stops moving for 10 s, or 60 s at most.
    const unseen = () => acked.messages.filter((m) => !byUserId.get(m.to)?.seen.has(m.id)).length;
    let previous = unseen();
    let stableSince = performance.now();
    const chatDeadline = performance.now() + 60_000;
    while (previous > 0 && performance.now() < chatDeadline) {
      await sleep(500);
      const current = unseen();
      if (current !== previous) stableSince = performance.now();
      else if (performance.now() - stableSince > 10_000) break;
      previous = current;
    }
    for (const client of clients) client.closed = true;

    // --- What the clients saw.
    // In flight on the killed process: started before HAProxy marked it down and ended after the
    // kill, either with
    // HAProxy's 502 naming that process, or with no answer at all (HAProxy closes the client's
    // connection without a word, and without a log line, when a server connection it reused dies
    // before answering, so the client may retry as after a keep-alive race).
    const killed = (call: Call) => {
      if (call.start > downAt || call.end < killAt) return false;
      const line = haproxyLog.get(call.id);
      return line ? line.server === victim.name : call.status === 0;
    };
    const failed = calls.filter((call) => call.status < 200 || call.status >= 300);
    const inFlight = failed.filter(killed);
    const others = failed.filter((call) => !killed(call));

    // --- Acknowledged writes, read back at the end.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const missing = async (table: string, ids: string[]) => {
      if (ids.length === 0) return [];
      const found = await db.query(`select id::text from ${table} where id = any($1::uuid[])`, [
        ids,
      ]);
      const present = new Set(found.rows.map((row: { id: string }) => row.id));
      return ids.filter((id) => !present.has(id));
    };
    const lostMessages = await missing(
      "chat_messages",
      acked.messages.map((m) => m.id),
    );
    const lostSwipes = await missing("connection_requests", acked.swipes);
    const lostPosts = await missing("community_posts", acked.posts);
    let lostRsvps = 0;
    let checkedRsvps = 0;
    const rsvpRows = await db.query(
      "select event_id::text as event, member_id::text as member, status from event_rsvps",
    );
    const rsvpNow = new Map(
      rsvpRows.rows.map((row: { event: string; member: string; status: string }) => [
        `${row.event}|${row.member}`,
        row.status === "not_going" ? null : row.status,
      ]),
    );
    for (const [key, expected] of acked.rsvps) {
      if (expected === undefined) continue;
      checkedRsvps++;
      const actual = rsvpNow.get(key) ?? null;
      // A waitlisted place may since have been promoted by someone else's not_going.
      const fine = actual === expected || (expected === "waitlisted" && actual === "going");
      if (!fine) lostRsvps++;
    }
    await db.end();
    let lostPhotos = 0;
    let checkedPhotos = 0;
    for (const [client, photoUrl] of acked.photos) {
      if (!photoUrl) continue;
      checkedPhotos++;
      const me = await request(null, client, "GET", "/api/profile/view");
      const file = await fetch(new URL(photoUrl, front));
      await file.arrayBuffer();
      if ((me.body as { photoUrl?: string }).photoUrl !== photoUrl || file.status !== 200) {
        lostPhotos++;
      }
    }

    // --- Chat: what each socket showed against what was acknowledged to its person.
    const ackedTo = new Map<string, string[]>();
    for (const message of acked.messages) {
      ackedTo.set(message.to, [...(ackedTo.get(message.to) ?? []), message.id]);
    }
    let missed = 0;
    const missedBy: string[] = [];
    const explain = new pg.Client({ connectionString: database.url });
    await explain.connect();
    const seqOf = async (id: string) =>
      (await explain.query("select seq from chat_messages where id = $1", [id])).rows[0]?.seq;
    for (const client of clients) {
      const gone = (ackedTo.get(client.userId) ?? []).filter((id) => !client.seen.has(id));
      missed += gone.length;
      for (const id of gone.slice(0, 3)) {
        const ack = acked.messages.find((m) => m.id === id);
        const trail = await Promise.all(
          client.trail.map(async (step) => {
            const after = / resume after (.+)$/.exec(step)?.[1];
            return after ? `${step} (seq ${await seqOf(after)})` : step;
          }),
        );
        missedBy.push(
          `client ${client.index}: message seq ${await seqOf(id)} acknowledged at ${fmt(ack?.at ?? 0)}; socket: ${trail.join(", ")}`,
        );
      }
    }
    await explain.end();
    const reconnects = clients.reduce((sum, client) => sum + client.reconnects, 0);
    const reconnected = clients.filter((client) => client.reconnects > 0).length;

    // --- The report.
    console.log(
      `\n${CLIENTS} clients, ${seconds.toFixed(1)} s, think time ${THINK_MS} ms; ${PROCESSES} processes behind HAProxy on PostgreSQL, Redis and s3rver; Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}; ${cpu}\n`,
    );
    console.log(timeline.join("\n"));
    console.log("\n| kind | requests | non-2xx | p50 | p99 | max |");
    console.log("| --- | --- | --- | --- | --- | --- |");
    const kinds = [...new Set(calls.map((call) => call.kind))];
    for (const kind of kinds) {
      const mine = calls.filter((call) => call.kind === kind);
      const times = mine.map((call) => call.end - call.start).sort((a, b) => a - b);
      const bad = mine.filter((call) => call.status < 200 || call.status >= 300).length;
      console.log(
        `| ${kind} | ${mine.length} | ${bad} | ${fmt(percentile(times, 0.5))} | ${fmt(percentile(times, 0.99))} | ${fmt(times.at(-1) ?? Number.NaN)} |`,
      );
    }
    const all = calls.map((call) => call.end - call.start).sort((a, b) => a - b);
    console.log(
      `| all | ${calls.length} | ${failed.length} | ${fmt(percentile(all, 0.5))} | ${fmt(percentile(all, 0.99))} | ${fmt(all.at(-1) ?? Number.NaN)} |`,
    );
    console.log(`\nrequests: ${calls.length} (${(calls.length / seconds).toFixed(0)}/s)`);
    console.log(
      `non-2xx: ${failed.length}; in flight on ${victim.name} when it was killed (or sent to it before HAProxy marked it down): ${inFlight.length}; others: ${others.length}`,
    );
    const describe = (call: Call) => {
      const line = haproxyLog.get(call.id);
      return `${call.kind} ${call.status}${call.error ? ` (${call.error})` : ""} at ${fmt(call.start)}, ${line ? `${line.server} ${line.termination}` : "not in HAProxy's log"}`;
    };
    for (const call of inFlight.slice(0, 20)) console.log(`  killed in flight: ${describe(call)}`);
    for (const call of others.slice(0, 30)) console.log(`  other: ${describe(call)}`);
    console.log(
      `acknowledged writes: ${acked.messages.length} messages, ${acked.swipes.length} swipes, ${acked.posts.length} posts, ${checkedRsvps} RSVPs (last answer per event and person), ${checkedPhotos} photos (last per person)`,
    );
    const lost =
      lostMessages.length + lostSwipes.length + lostPosts.length + lostRsvps + lostPhotos;
    console.log(
      `lost acknowledged writes: ${lost} (messages ${lostMessages.length}, swipes ${lostSwipes.length}, posts ${lostPosts.length}, RSVPs ${lostRsvps}, photos ${lostPhotos})`,
    );
    console.log(
      `chat: ${reconnects} socket reconnects (${reconnected} of ${CLIENTS} sockets reconnected at least once); messages acknowledged to a person that their socket never showed: ${missed}`,
    );
    for (const line of missedBy.slice(0, 10)) console.log(`  ${line}`);
    if (others.length > 0 || lost > 0 || missed > 0) exitCode = 1;
    console.log(exitCode === 0 ? "\nAll checks passed." : "\nA check failed.");
    console.log(`(server logs and the HAProxy configuration: ${work})`);
  } finally {
    for (const client of sockets) {
      client.closed = true;
      client.socket?.close();
    }
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.child.exitCode !== null || server.child.signalCode !== null)
              return resolve();
            server.child.once("exit", () => resolve());
            server.child.kill("SIGKILL");
          }),
      ),
    );
    haproxy?.kill("SIGTERM");
    await s3.close();
    await database.drop();
    if (process.env.BENCH_KEEP !== "true" && exitCode === 0) {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return exitCode;
}

process.exit(await main());
