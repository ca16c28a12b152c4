import { randomBytes } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Me, SignupBody } from "@kindred/shared";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll } from "vitest";
import { type BuildOptions, buildApp } from "../src/app.ts";
import { type Config, DEFAULT_TIMEOUTS } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import type { OutboxEntry } from "../src/modules/mail/mailer.ts";

const generous = { max: 100_000, windowMs: 60_000 };

/** A config for tests: nothing seeded, nothing logged, limits out of the way unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: "test",
    port: 0,
    host: "127.0.0.1",
    dataDir: "memory://",
    databaseUrl: undefined,
    publicOrigin: "http://localhost:7777",
    smtpUrl: undefined,
    mailFrom: "Kindred <no-reply@kindred.test>",
    // Each app its own outbox, so a test reads only its own mail.
    outboxDir: path.join(os.tmpdir(), `kindred-outbox-${randomBytes(6).toString("hex")}`),
    supportEmail: "support@kindred.test",
    adminEmails: [],
    seedDemo: false,
    redisUrl: undefined,
    trustProxy: false,
    timeouts: DEFAULT_TIMEOUTS,
    logLevel: "silent",
    webDistDir: "/nonexistent/kindred-web-dist",
    rateLimits: {
      loginPerAccountAndIp: generous,
      loginPerAccount: generous,
      loginPerDevice: generous,
      loginPerIp: generous,
      signupPerIp: generous,
    },
    recoveryLimits: {
      forgotPasswordPerEmail: generous,
      forgotPasswordPerIp: generous,
      verifyCodePerIp: generous,
    },
    ...overrides,
  };
}

function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; dropped again by the returned function. */
async function createPostgresDatabase(adminUrl: string) {
  const name = `kindred_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  return { url: withDatabase(adminUrl, name), drop };
}

/**
 * A fresh app on a fresh database: an in-memory PGlite, or with TEST_DATABASE_URL a new PostgreSQL
 * database that is dropped when the app closes. A dataDir or databaseUrl override is used as given.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, "logStream" | "apiScopes"> = {},
): Promise<FastifyInstance> {
  const config = testConfig(overrides);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const explicit = overrides.dataDir !== undefined || overrides.databaseUrl !== undefined;
  if (adminUrl && !explicit) {
    const fresh = await createPostgresDatabase(adminUrl);
    const handle = await openDatabase({ url: fresh.url, poolSize: 5 });
    // Dropped only once the pool is closed, so no live connection is cut.
    const close = async () => {
      await handle.close();
      await fresh.drop();
    };
    return buildApp(
      { ...config, databaseUrl: fresh.url },
      { ...options, database: { ...handle, close } },
    );
  }
  if (!explicit) {
    const database = await openDatabase({
      dataDir: "memory://",
      loadDataDir: await pgliteTemplate(),
    });
    return buildApp(config, { ...options, database });
  }
  return buildApp(config, options);
}

/**
 * The apps of one test file: each made by `open` on a fresh database, all closed after the file's
 * last test, their outboxes removed.
 */
export function appsForFile(): (overrides?: Partial<Config>) => Promise<FastifyInstance> {
  const opened: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(
      opened.map(async (app) => {
        await app.close();
        await rm(app.config.outboxDir, { recursive: true, force: true });
      }),
    );
  });
  return async (overrides = {}) => {
    const app = await createTestApp(overrides);
    opened.push(app);
    return app;
  };
}

/** One app shared by every test of the file (`await` it at the top of the file). */
export function appForFile(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  return appsForFile()(overrides);
}

/** The mail the app has written to its outbox, oldest first (the files are named by time). */
export async function readOutbox(app: FastifyInstance): Promise<OutboxEntry[]> {
  const dir = app.config.outboxDir;
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    names
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8"))),
  );
}

/**
 * Sends raw bytes on a new connection to the app's port and keeps it open without sending more:
 * what the server answered, and how long it took to close the connection.
 */
export function sendRaw(port: number, text: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
    socket.write(text);
  });
}

export type AuthHeaders = { cookie: string; "x-xsrf-token": string };

/** Reads one cookie's value from a response's Set-Cookie headers. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((c) => c.name === name)?.value;
}

/** An XSRF token as a first-time browser would get it, by GETting something first. */
export async function getXsrf(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: "GET", url: "/api/health" });
  const token = cookieFrom(response, "XSRF-TOKEN");
  if (!token) throw new Error("no XSRF-TOKEN cookie on GET /api/health");
  return token;
}

/** Headers for an anonymous unsafe call that passes the CSRF check. */
export async function anonymousHeaders(app: FastifyInstance) {
  const xsrf = await getXsrf(app);
  return { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf };
}

let template: Promise<Blob> | undefined;

/** A migrated, empty PGlite dump, made once per test worker: starting from it skips initdb. */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const handle = await openDatabase({ dataDir: "memory://" });
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await handle.close();
    return dump;
  })();
  return template;
}

let counter = 0;

export function uniqueEmail(): string {
  counter += 1;
  return `user${counter}-${randomBytes(4).toString("hex")}@example.com`;
}

export function signupBody(body: Partial<SignupBody> = {}): SignupBody {
  return {
    firstName: "Test",
    lastName: "User",
    emailId: uniqueEmail(),
    password: "correct horse battery",
    skills: ["Programming", "Chess", "Hiking"],
    ...body,
  };
}

/** A signed-up user: the profile and the headers of its session. */
export type Session = Awaited<ReturnType<typeof signUpUser>>;

/** A signed-in user's community token, by "Continue as" (an empty body and the session). */
export async function continueAs(
  app: FastifyInstance,
  headers: AuthHeaders,
): Promise<{ memberId: string; token: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/community/fusionauth",
    headers,
    payload: {},
  });
  if (response.statusCode !== 200) {
    throw new Error(`Continue as failed: ${response.statusCode} ${response.body}`);
  }
  const { token, data } = response.json();
  return { memberId: data.id, token };
}

/** Sends a connection request ("interested" or "ignored") from one user to another; its id. */
export async function sendRequest(
  app: FastifyInstance,
  from: Session,
  status: string,
  to: Session,
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: `/api/request/send/${status}/${to.me._id}`,
    headers: from.headers,
    payload: {},
  });
  if (response.statusCode !== 201) {
    throw new Error(`sending a request failed: ${response.statusCode} ${response.body}`);
  }
  return response.json().data._id as string;
}

/** Reviews a received request ("accepted" or "rejected") as its receiver. */
export async function reviewRequest(
  app: FastifyInstance,
  by: Session,
  status: string,
  requestId: string,
): Promise<void> {
  const response = await app.inject({
    method: "POST",
    url: `/api/request/review/${status}/${requestId}`,
    headers: by.headers,
    payload: {},
  });
  if (response.statusCode !== 200) {
    throw new Error(`reviewing a request failed: ${response.statusCode} ${response.body}`);
  }
}

/** Signs a user up through the API; the headers carry its session and pass the CSRF check. */
export async function signUpUser(
  app: FastifyInstance,
  body: Partial<SignupBody> = {},
): Promise<{ me: Me; headers: AuthHeaders }> {
  const xsrf = await getXsrf(app);
  const response = await app.inject({
    method: "POST",
    url: "/api/signup",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf },
    payload: signupBody(body),
  });
  if (response.statusCode !== 201) {
    throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  }
  const token = cookieFrom(response, "token");
  if (!token) throw new Error("signup set no session cookie");
  return {
    me: response.json().data as Me,
    headers: { cookie: `token=${token}; XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf },
  };
}
