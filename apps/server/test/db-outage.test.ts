import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import {
  type AuthHeaders,
  anonymousHeaders,
  botCheck,
  openTestDatabase,
  signUpUser,
  testConfig,
} from "./helpers.ts";
import { relayTo } from "./tcp-relay.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Closing twice is harmless: the test closes the database under the app, then the app closes. */
function closableOnce(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    close: () => {
      closing ??= handle.close();
      return closing;
    },
  };
}

type Fixture = { app: FastifyInstance; headers: AuthHeaders; otherId: string; email: string };

/** An app with two people, one of them signed in, on the given database. */
async function appWith(
  database: DatabaseHandle,
  prepare: (app: FastifyInstance) => void = () => {},
): Promise<Fixture> {
  const app = await buildApp(testConfig(), { database });
  cleanups.push(() => app.close());
  prepare(app);
  const email = `owner-${randomBytes(4).toString("hex")}@example.com`;
  const { headers } = await signUpUser(app, { emailId: email, password: "right password" });
  const other = await signUpUser(app);
  return { app, headers, otherId: other.me._id, email };
}

/** Signed-in and public routes, reads and writes, log-in and sign-up. */
async function callEveryKind({ app, headers, otherId, email }: Fixture) {
  const anonymous = await anonymousHeaders(app);
  const calls: {
    method: "GET" | "POST" | "PATCH";
    url: string;
    signedIn: boolean;
    body?: object;
  }[] = [
    { method: "GET", url: "/api/health", signedIn: false },
    { method: "GET", url: "/api/profile/view", signedIn: true },
    { method: "PATCH", url: "/api/profile/edit", signedIn: true, body: { about: "new" } },
    { method: "GET", url: "/api/feed", signedIn: true },
    { method: "GET", url: "/api/user/connections", signedIn: true },
    { method: "POST", url: `/api/request/send/interested/${otherId}`, signedIn: true, body: {} },
    { method: "GET", url: "/api/chat/conversations", signedIn: true },
    {
      method: "POST",
      url: "/api/login",
      signedIn: false,
      body: { emailId: email, password: "right password" },
    },
    {
      method: "POST",
      url: "/api/signup",
      signedIn: false,
      body: {
        ...(await botCheck(app)),
        firstName: "New",
        lastName: "Person",
        emailId: `new-${randomBytes(4).toString("hex")}@example.com`,
        password: "a long enough password",
        skills: ["Chess", "Hiking", "Cooking"],
      },
    },
    {
      method: "POST",
      url: "/api/forgot_password",
      signedIn: false,
      body: { emailId: email, ...(await botCheck(app)) },
    },
    {
      method: "POST",
      url: "/api/community/fusionauth",
      signedIn: false,
      body: { uname: email, password: "right password" },
    },
    { method: "GET", url: `/api/get_public_profile/${otherId}`, signedIn: false },
  ];
  const answers = [];
  for (const call of calls) {
    const response = await app.inject({
      method: call.method,
      url: call.url,
      headers: call.signedIn ? headers : anonymous,
      ...(call.body ? { payload: call.body } : {}),
    });
    answers.push({
      call: `${call.method} ${call.url}`,
      status: response.statusCode,
      retryAfter: response.headers["retry-after"],
      body: response.json(),
    });
  }
  return answers;
}

function expectHonestOutage(answers: Awaited<ReturnType<typeof callEveryKind>>) {
  for (const answer of answers) {
    expect(answer, answer.call).toMatchObject({
      status: 503,
      retryAfter: "5",
      body: { status: 0, code: "DB_UNAVAILABLE", message: expect.stringMatching(/try again/i) },
    });
    // Nothing of the driver's own words reaches the client.
    expect(JSON.stringify(answer.body), answer.call).not.toMatch(
      /ECONNREFUSED|terminated|pool|closed|thread|select|insert/i,
    );
  }
}

describe("a database outage on the embedded database (PGlite)", () => {
  it("answers every route 503 DB_UNAVAILABLE with Retry-After once the database is closed under the app", async () => {
    const handle = closableOnce(await openTestDatabase());
    const fixture = await appWith(handle);
    const before = await fixture.app.inject({
      method: "GET",
      url: "/api/profile/view",
      headers: fixture.headers,
    });
    expect(before.statusCode).toBe(200);
    await handle.close();
    expectHonestOutage(await callEveryKind(fixture));
  });

  it("keeps a failed statement what it is: bad SQL is a 500, a taken email a 409", async () => {
    const handle = closableOnce(await openTestDatabase());
    const fixture = await appWith(handle, (app) => {
      app.get("/api/test/bad-sql", async () => {
        await app.db.execute(sql`select * from no_such_table`);
        return { status: 1 };
      });
    });
    const bad = await fixture.app.inject({ method: "GET", url: "/api/test/bad-sql" });
    expect(bad.statusCode).toBe(500);
    expect(bad.json().code).toBe("INTERNAL");
    const taken = await fixture.app.inject({
      method: "POST",
      url: "/api/signup",
      headers: await anonymousHeaders(fixture.app),
      payload: {
        ...(await botCheck(fixture.app)),
        firstName: "Again",
        lastName: "Person",
        emailId: fixture.email,
        password: "a long enough password",
        skills: ["Chess", "Hiking", "Cooking"],
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("EMAIL_TAKEN");
  });
});

describe.runIf(adminUrl)("a database outage on PostgreSQL", () => {
  async function freshDatabase(): Promise<URL> {
    const name = `kindred_outage_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${name}`;
    return url;
  }

  it("answers every route 503 DB_UNAVAILABLE with Retry-After while the server is unreachable, and recovers", async () => {
    const relay = await relayTo(await freshDatabase());
    cleanups.push(relay.cut);
    const handle = closableOnce(await openDatabase({ url: relay.url(), poolSize: 3 }));
    const fixture = await appWith(handle);
    await relay.cut();
    // Connections open before the cut fail as "terminated", new ones as "refused": both are 503.
    expectHonestOutage(await callEveryKind(fixture));
    expectHonestOutage(await callEveryKind(fixture));

    await relay.restore();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      const response = await fixture.app.inject({
        method: "GET",
        url: "/api/profile/view",
        headers: fixture.headers,
      });
      status = response.statusCode;
    }
    expect(status).toBe(200);
  });

  it("answers 503 DB_UNAVAILABLE with Retry-After once the pool is ended under the app", async () => {
    const url = await freshDatabase();
    const handle = closableOnce(await openDatabase({ url: url.toString(), poolSize: 3 }));
    const fixture = await appWith(handle);
    await handle.close();
    expectHonestOutage(await callEveryKind(fixture));
  });
});
