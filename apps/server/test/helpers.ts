import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { type AddressInfo, connect } from "node:net";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { ChatMessage, Me, Notification, SignupBody } from "@kindred/shared";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll } from "vitest";
import { type BuildOptions, buildApp } from "../src/app.ts";
import { type Config, DEFAULT_TIMEOUTS, type JobSettings } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
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
    // Rankings made at sign-in would race the tests that pin people's data in SQL; the tests of
    // that work turn it on.
    feedRankAhead: false,
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
    verificationLimits: { verifyEmailPerIp: generous, mailCodePerAccount: generous },
    // A proof of work of a few dozen hashes: real checks, solved at once.
    botCheck: {
      maxNumber: 50,
      blockDisposableEmail: true,
      challengesPerIp: generous,
    },
    // Every test account is new: its daily limits only where a test sets them.
    newAccountLimits: { interestedPerDay: 100_000, firstMessagesPerDay: 100_000 },
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
  if (!explicit) return buildApp(config, { ...options, database: await openTestDatabase() });
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

/**
 * The job settings of a file whose tests run the jobs themselves (`app.jobs.runDueJobs()`) or read
 * them queued: the worker looks only at start, then once an hour.
 */
export const MANUAL_JOBS: JobSettings = {
  pollIntervalMs: 60 * 60_000,
  leaseMs: 10_000,
  maxAttempts: 5,
  retryBaseMs: 20,
  batchSize: 50,
};

/** The job settings of a file that waits for the worker itself: it looks every 20 ms. */
export const FAST_JOBS: JobSettings = {
  pollIntervalMs: 20,
  leaseMs: 10_000,
  maxAttempts: 5,
  retryBaseMs: 20,
  batchSize: 10,
};

/** Folders of one test file: each new one named `<prefix>…`, all removed after its last test. */
export function tempDirsForFile(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}

/** What a path of a local site answers. */
export type SiteRoute = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * A local web site on 127.0.0.1 for one test file, closed after its last test: each test chooses
 * what a path answers in `routes` (404 otherwise); `counts` has the requests and connections so far.
 */
export async function localSiteForFile() {
  const routes = new Map<string, SiteRoute>();
  const counts = { requests: 0, connections: 0 };
  const site = http.createServer((request, response) => {
    counts.requests += 1;
    const route = routes.get(new URL(request.url ?? "/", "http://x").pathname);
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  site.on("connection", () => {
    counts.connections += 1;
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  afterAll(async () => {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });
  const { port } = site.address() as AddressInfo;
  return { routes, counts, port, base: `http://127.0.0.1:${port}` };
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

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who makes a call: a signed-up user, the headers of a session, or nobody (null or undefined). */
export type Caller = { headers: AuthHeaders } | AuthHeaders | null | undefined;

/**
 * A call to the app as `who`. The payload is sent when given; without one, POST, PUT and PATCH send
 * `{}` and GET and DELETE send no body.
 */
export function call(
  app: FastifyInstance,
  who: Caller,
  method: HttpMethod,
  url: string,
  payload?: unknown,
) {
  const headers = !who ? undefined : "headers" in who ? who.headers : who;
  const body =
    payload !== undefined ? payload : method === "GET" || method === "DELETE" ? undefined : {};
  return app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Throws, naming the step and the answer, unless the response has the status. */
function answered(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) {
    throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  }
}

/**
 * An empty migrated in-memory PGlite for an app the test builds itself (two apps sharing one,
 * a database handle the test breaks): loaded from the worker's template, a second where
 * migrating a new one takes several.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: "memory://", loadDataDir: await pgliteTemplate() });
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

/** The password `signupBody` gives everyone unless told otherwise. */
export const PASSWORD = "correct horse battery";

export function uniqueEmail(): string {
  counter += 1;
  return `user${counter}-${randomBytes(4).toString("hex")}@example.com`;
}

export function signupBody(body: Partial<SignupBody> = {}): SignupBody {
  return {
    firstName: "Test",
    lastName: "User",
    emailId: uniqueEmail(),
    password: PASSWORD,
    skills: ["Programming", "Chess", "Hiking"],
    ...body,
  };
}

/** A solved proof of work from GET /api/altcha, as the widget sends it (base64 JSON). */
export async function solveAltcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: "GET", url: "/api/altcha" });
  if (response.statusCode !== 200) {
    throw new Error(`altcha challenge failed: ${response.statusCode} ${response.body}`);
  }
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the altcha challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** The bot-check fields a form sends: a fresh solution and the empty honeypot. */
export async function botCheck(app: FastifyInstance): Promise<{ altcha: string; website: string }> {
  return { altcha: await solveAltcha(app), website: "" };
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
  const response = await call(app, from, "POST", `/api/request/send/${status}/${to.me._id}`);
  answered(response, 201, "sending a request");
  return response.json().data._id as string;
}

/** Reviews a received request ("accepted" or "rejected") as its receiver. */
export async function reviewRequest(
  app: FastifyInstance,
  by: Session,
  status: string,
  requestId: string,
): Promise<void> {
  const response = await call(app, by, "POST", `/api/request/review/${status}/${requestId}`);
  answered(response, 200, "reviewing a request");
}

/** A person of a pair: a first name, or what their signup says differently. */
export type PairMember = string | Partial<SignupBody>;

/** Two people with an accepted request between them: the first asked, the second accepted. */
export async function connectedPair(
  app: FastifyInstance,
  names: [PairMember, PairMember] = ["Ana", "Bo"],
): Promise<[Session, Session]> {
  const body = (name: PairMember) => (typeof name === "string" ? { firstName: name } : name);
  const a = await signUpUser(app, body(names[0]));
  const b = await signUpUser(app, body(names[1]));
  await reviewRequest(app, b, "accepted", await sendRequest(app, a, "interested", b));
  return [a, b];
}

/**
 * The age signUpUser gives unless told otherwise: an adult, so that the people a test makes
 * meet each other (a person without an age meets nobody; 13-17 and 18+ never meet).
 */
export const TEST_AGE = 30;

/** What the outbox of an app held at the last look: the files read, the codes found by address. */
type OutboxCursor = { seen: Set<string>; codes: Map<string, string> };
const outboxCursors = new WeakMap<FastifyInstance, OutboxCursor>();

/** The verification mail's subject, in each language a person can have signed up in. */
const VERIFICATION_SUBJECT =
  /(?:verification code|verificación de Kindred|التحقق الخاص بك على Kindred): (\d{6})$/;

/**
 * The latest verification code mailed to the address. Reads only the outbox files not read
 * before (the suite signs up thousands of people, so the folder grows).
 */
export function verificationCodeFor(app: FastifyInstance, email: string): Promise<string> {
  // One look at a time per app: a file marked read by one look is in the codes before another
  // look starts (sign-ups run side by side in Promise.all).
  const previous = outboxLooks.get(app) ?? Promise.resolve();
  const look = previous.then(() => readVerificationCode(app, email));
  outboxLooks.set(
    app,
    look.then(
      () => undefined,
      () => undefined,
    ),
  );
  return look;
}

const outboxLooks = new WeakMap<FastifyInstance, Promise<void>>();

async function readVerificationCode(app: FastifyInstance, email: string): Promise<string> {
  let cursor = outboxCursors.get(app);
  if (!cursor) {
    cursor = { seen: new Set(), codes: new Map() };
    outboxCursors.set(app, cursor);
  }
  const dir = app.config.outboxDir;
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".json") && !cursor.seen.has(name))
    .sort();
  for (const name of names) {
    cursor.seen.add(name);
    const mail = JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxEntry;
    const code = VERIFICATION_SUBJECT.exec(mail.subject)?.[1];
    if (code) cursor.codes.set(mail.to.toLowerCase(), code);
  }
  const code = cursor.codes.get(email.toLowerCase());
  if (!code) throw new Error(`no verification code was mailed to ${email}`);
  return code;
}

/** Verifies the signed-in person's email with the code from the outbox; Me afterwards. */
export async function verifyEmail(
  app: FastifyInstance,
  headers: AuthHeaders,
  email: string,
): Promise<Me> {
  const code = await verificationCodeFor(app, email);
  const response = await call(app, headers, "POST", "/api/email/verify", { code });
  answered(response, 200, "verifying the email");
  return response.json().data as Me;
}

/**
 * Signs a user up through the API (aged TEST_AGE unless `age` is given; `age: undefined` signs
 * up without one) and verifies the email with the mailed code, unless `verified: false`; the
 * headers carry its session and pass the CSRF check.
 */
export async function signUpUser(
  app: FastifyInstance,
  body: Partial<SignupBody> = {},
  options: { verified?: boolean } = {},
): Promise<{ me: Me; headers: AuthHeaders }> {
  const xsrf = await getXsrf(app);
  const response = await app.inject({
    method: "POST",
    url: "/api/signup",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf },
    payload: {
      ...(await botCheck(app)),
      ...signupBody("age" in body ? body : { age: TEST_AGE, ...body }),
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  }
  const token = cookieFrom(response, "token");
  if (!token) throw new Error("signup set no session cookie");
  const headers = { cookie: `token=${token}; XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf };
  const me = response.json().data as Me;
  if (options.verified === false) return { me, headers };
  return { me: await verifyEmail(app, headers, me.emailId), headers };
}

/** A chat message from one user to another (201 expected): the message as stored. */
export async function sendMessage(
  app: FastifyInstance,
  from: Caller,
  to: Session,
  text: string,
  clientId?: string,
): Promise<ChatMessage> {
  const response = await call(app, from, "POST", `/api/chat/${to.me._id}/messages`, {
    text,
    ...(clientId ? { clientId } : {}),
  });
  answered(response, 201, "sending a message");
  return response.json().data;
}

/** Blocks (POST) or unblocks (DELETE) the user as `by`: 201 or 200 expected. */
export async function blockUser(
  app: FastifyInstance,
  by: Caller,
  userId: string,
  method: "POST" | "DELETE" = "POST",
): Promise<void> {
  const response = await call(app, by, method, `/api/user/block/${userId}`);
  answered(response, method === "POST" ? 201 : 200, method === "POST" ? "blocking" : "unblocking");
}

/** The notification centre's first page, as `who` sees it. */
export async function notificationsOf(app: FastifyInstance, who: Caller): Promise<Notification[]> {
  const response = await call(app, who, "GET", "/api/notifications");
  answered(response, 200, "reading the notifications");
  return response.json().data;
}

/** The answer to a login with the password (and the device's playerId when given). */
export async function logInAnswer(
  app: FastifyInstance,
  emailId: string,
  options: { password?: string; playerId?: string } = {},
) {
  const anonymous = await anonymousHeaders(app);
  const response = await call(app, anonymous, "POST", "/api/login", {
    emailId,
    password: options.password ?? PASSWORD,
    ...(options.playerId === undefined ? {} : { playerId: options.playerId }),
  });
  const token = response.statusCode === 200 ? cookieFrom(response, "token") : undefined;
  const headers: AuthHeaders | undefined = token
    ? { ...anonymous, cookie: `token=${token}; ${anonymous.cookie}` }
    : undefined;
  return { response, headers };
}

/** A new session by logging in, as on another device; undefined when the login is refused. */
export async function tryLogIn(
  app: FastifyInstance,
  emailId: string,
  options: { password?: string; playerId?: string } = {},
): Promise<AuthHeaders | undefined> {
  return (await logInAnswer(app, emailId, options)).headers;
}

/** A new session by logging in, as on another device; throws when the login is refused. */
export async function logIn(
  app: FastifyInstance,
  emailId: string,
  options: { password?: string; playerId?: string } = {},
): Promise<AuthHeaders> {
  const { response, headers } = await logInAnswer(app, emailId, options);
  if (!headers) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return headers;
}

// ---------- password recovery, as the web app runs it ----------

/** The mail the app has written to one address, oldest first. */
export async function mailsTo(app: FastifyInstance, email: string): Promise<OutboxEntry[]> {
  return (await readOutbox(app)).filter((mail) => mail.to === email);
}

/** The code an authenticator app shows for the otpauth URL's secret at `now`, `offset` steps on. */
export function twoStepCodeAt(otpauthUrl: string, now: Date, offset = 0): string {
  const secret = new URL(otpauthUrl).searchParams.get("secret") ?? "";
  const step = Math.floor(now.getTime() / 30_000) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

/** Turns two-step codes on for the session's person: the otpauth URL and the recovery codes. */
export async function turnOnTwoStep(
  app: FastifyInstance,
  session: Caller,
): Promise<{ otpauthUrl: string; recoveryCodes: string[] }> {
  const setup = await call(app, session, "GET", "/api/account/two-step/setup");
  answered(setup, 200, "setting two-step codes up");
  const { otpauthUrl } = setup.json().data as { otpauthUrl: string };
  const on = await call(app, session, "POST", "/api/account/two-step", {
    code: twoStepCodeAt(otpauthUrl, app.now()),
  });
  answered(on, 200, "turning two-step codes on");
  return { otpauthUrl, recoveryCodes: on.json().data.recoveryCodes };
}

/** The mails to one address other than the sign-up's verification code. */
export async function mailsAfterSignUpTo(
  app: FastifyInstance,
  email: string,
): Promise<OutboxEntry[]> {
  return (await mailsTo(app, email)).filter((mail) => !VERIFICATION_SUBJECT.test(mail.subject));
}

/** The 6-digit code in a recovery mail; throws when there is none. */
export function recoveryCodeIn(mail: OutboxEntry | undefined): string {
  const code = mail?.text.match(/^\s+(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail?.text}`);
  return code;
}

/** POST /api/forgot_password: a code by mail. */
export async function forgotPassword(app: FastifyInstance, emailId: string) {
  return call(app, await anonymousHeaders(app), "POST", "/api/forgot_password", {
    emailId,
    ...(await botCheck(app)),
  });
}

/** POST /api/verify_OTP: on success, a reset_grant cookie. */
export async function verifyCode(app: FastifyInstance, emailId: string, otp: string) {
  return call(app, await anonymousHeaders(app), "POST", "/api/verify_OTP", { emailId, otp });
}

/** PUT /api/update_password, with the reset_grant cookie when given. */
export async function updatePassword(
  app: FastifyInstance,
  emailId: string,
  password: string,
  grant?: string,
) {
  const headers = await anonymousHeaders(app);
  const withGrant = grant
    ? { ...headers, cookie: `${headers.cookie}; reset_grant=${grant}` }
    : headers;
  return call(app, withGrant, "PUT", "/api/update_password", { emailId, password });
}

/** The whole recovery: a code asked for, read from the outbox and verified, the password set. */
export async function resetPasswordThroughMail(
  app: FastifyInstance,
  email: string,
  newPassword: string,
): Promise<void> {
  answered(await forgotPassword(app, email), 200, "asking for a code");
  const verified = await verifyCode(app, email, recoveryCodeIn((await mailsTo(app, email)).at(-1)));
  answered(verified, 200, "verifying the code");
  const grant = cookieFrom(verified, "reset_grant");
  if (!grant) throw new Error("no reset_grant cookie");
  answered(await updatePassword(app, email, newPassword, grant), 200, "setting the password");
}

export type MultipartPart = {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
};

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----kindred${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.filename
      ? `Content-Type: ${part.type ?? "application/octet-stream"}\r\n`
      : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** index.html as a build writes it, enough for the pages the server answers with it. */
export const TEST_INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Kindred</title>' +
  '<script type="module" src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** A built web app (only its index.html) in a folder removed after the file's last test. */
export function webDistForFile(): string {
  const dir = tempDirsForFile("kindred-web-")();
  writeFileSync(path.join(dir, "index.html"), TEST_INDEX_HTML);
  return dir;
}

/** The page at `url` as a browser asks for it: status and HTML. */
export async function openPage(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: "GET",
    url,
    headers: { accept: "text/html", ...headers },
  });
  return {
    status: response.statusCode,
    html: response.body,
    type: response.headers["content-type"],
  };
}

/** The content of each `<meta property|name="key">` of a page (undefined for none). */
export function metaOf(html: string, key: string): string | undefined {
  const pattern = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`);
  return pattern.exec(html)?.[1];
}

/** The text of a page's `<title>`. */
export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}
