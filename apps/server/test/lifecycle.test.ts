import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { DatabaseHandle } from "../src/db/client.ts";
import { drain } from "../src/plugins/lifecycle.ts";
import { createTestApp, openTestDatabase, sendRaw, testConfig } from "./helpers.ts";

const opened: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(opened.map((app) => app.close().catch(() => {})));
});

async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return typeof address === "object" && address ? address.port : 0;
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("time limits, over a real connection", () => {
  const fast: Partial<Config> = {
    timeouts: { requestMs: 600, headersMs: 400, keepAliveMs: 500, socketIdleMs: 5_000 },
  };

  it("cuts a request whose body stops arriving, answering 408 in the contract's body", async () => {
    const app = await createTestApp(fast);
    opened.push(app);
    const port = await listening(app);
    const xsrf = "x".repeat(43);
    const { answer, ms } = await sendRaw(
      port,
      "POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        `Content-Length: 200\r\nCookie: XSRF-TOKEN=${xsrf}\r\nX-XSRF-TOKEN: ${xsrf}\r\n\r\n{"emailId":`,
    );
    expect(ms).toBeLessThan(3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      status: 0,
      code: "REQUEST_TIMEOUT",
      message: "The request took too long to arrive. Please try again.",
    });
  });

  it("cuts a connection whose headers stop arriving", async () => {
    const app = await createTestApp(fast);
    opened.push(app);
    const port = await listening(app);
    const { answer, ms } = await sendRaw(port, "GET /api/health HTTP/1.1\r\nHost: local");
    expect(ms).toBeLessThan(3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("sets the limits on the HTTP server itself", async () => {
    const app = await createTestApp();
    opened.push(app);
    await listening(app);
    expect(app.server.requestTimeout).toBe(30_000);
    expect(app.server.headersTimeout).toBe(10_000);
    expect(app.server.keepAliveTimeout).toBe(72_000);
    expect(app.server.timeout).toBe(120_000);
  });
});

describe("readiness and health", () => {
  it("answers /api/ready 503 while the database is being prepared, and 200 once it is", async () => {
    let open: (handle: DatabaseHandle) => void = () => {};
    const opening = new Promise<DatabaseHandle>((resolve) => {
      open = resolve;
    });
    const app = await buildApp(testConfig(), { database: opening, waitForDatabase: false });
    opened.push(app);

    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 0, code: "STARTING" });
    expect(ready.headers["retry-after"]).toBe("5");
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 0, code: "DB_UNAVAILABLE" });
    const api = await app.inject({ method: "GET", url: "/api/profile/view" });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ status: 0, code: "STARTING" });

    open(await openTestDatabase());
    await app.databaseReady;
    expect((await app.inject({ method: "GET", url: "/api/ready" })).json()).toEqual({
      status: 1,
      message: "Ready",
    });
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({
      status: 1,
      message: "OK",
      data: { db: "pglite" },
    });
  });

  it("reports the database as down when its ping hangs", async () => {
    const handle = await openTestDatabase();
    const app = await buildApp(testConfig(), {
      database: { ...handle, ping: () => new Promise(() => {}) },
    });
    opened.push(app);
    const started = Date.now();
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: "DB_UNAVAILABLE" });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("on close: finishes the request in flight, answers 503 on /api/ready meanwhile, then closes the database", async () => {
    const handle = await openTestDatabase();
    let databaseClosed = false;
    const app = await buildApp(testConfig(), {
      database: {
        ...handle,
        close: async () => {
          databaseClosed = true;
          await handle.close();
        },
      },
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    app.get("/api/test/slow", async () => {
      entered();
      await held;
      return { status: 1, message: "done", closedBefore: databaseClosed };
    });
    const port = await listening(app);
    expect((await get(port, "/api/ready")).status).toBe(200);

    const slow = get(port, "/api/test/slow");
    await inHandler;
    // A request already on its way when shutdown starts: its headers are half sent.
    const accepted = new Promise<Socket>((resolve) => app.server.once("connection", resolve));
    const late = connect(port, "127.0.0.1");
    let lateAnswer = "";
    late.setEncoding("utf8");
    late.on("data", (chunk) => {
      lateAnswer += chunk;
    });
    const lateClosed = new Promise((resolve) => late.on("close", resolve));
    late.write("GET /api/ready HTTP/1.1\r\nHost: localhost\r\n");
    // Only once the server has read those bytes is the connection busy rather than idle.
    const serverSide = await accepted;
    await vi.waitFor(() => expect(serverSide.bytesRead).toBeGreaterThan(0));

    const closing = app.close();
    // The shutdown hooks run as close() begins; the phase is what the server itself reports.
    await vi.waitFor(() => expect(app.lifecycle.phase).toBe("closing"));
    late.write("\r\n");
    await lateClosed;
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(lateAnswer.toLowerCase()).toContain("connection: close");
    expect(lateAnswer).toContain('"code":"SHUTTING_DOWN"');
    expect(databaseClosed).toBe(false);

    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ message: "done", closedBefore: false });
    await closing;
    expect(databaseClosed).toBe(true);
  });

  it("while draining: /api/ready answers 503 at once, every other call is still served", async () => {
    const app = await createTestApp();
    opened.push(app);
    const port = await listening(app);
    expect((await get(port, "/api/ready")).status).toBe(200);

    const draining = drain(app, 10_000);
    const ready = await get(port, "/api/ready");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 0, code: "SHUTTING_DOWN" });
    // A load balancer that has not noticed yet still gets real answers, not 503s.
    const health = await get(port, "/api/health");
    expect(health.status).toBe(200);
    const skills = await get(port, "/api/skills?q=ch");
    expect(skills.status).toBe(200);
    expect(app.lifecycle.phase).toBe("draining");
    void draining;
  });

  it("does not drain when SHUTDOWN_DRAIN_MS is 0", async () => {
    const app = await createTestApp();
    opened.push(app);
    const started = Date.now();
    await drain(app, 0);
    expect(Date.now() - started).toBeLessThan(50);
    expect(app.lifecycle.phase).toBe("ready");
  });
});

describe("SHUTDOWN_DRAIN_MS", () => {
  it("is 0 unless set, and refuses what is not a whole number of milliseconds up to two minutes", () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "15000" }).shutdownDrainMs).toBe(15_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/^SHUTDOWN_DRAIN_MS must be 0/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "soon" })).toThrow(
      /^SHUTDOWN_DRAIN_MS must be a whole number/,
    );
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "600000" })).toThrow(/at most 120000/);
  });
});
