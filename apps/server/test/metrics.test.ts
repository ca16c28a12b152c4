import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { openChatListener } from "./chat-listener.ts";
import {
  appsForFile,
  forgotPassword,
  MANUAL_JOBS,
  readOutbox,
  sendRequest,
  signUpUser,
  tempDirsForFile,
} from "./helpers.ts";
import { startPushService, subscribeDevice, waitFor } from "./push-service.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const openApp = appsForFile();
const tempDir = tempDirsForFile("kindred-metrics-web-");

/** A built web app of one page, so an unknown address answers the app's ordinary 404 page. */
function builtWebApp(): string {
  const dir = tempDir();
  writeFileSync(
    path.join(dir, "index.html"),
    "<!doctype html><html><head><title>Kindred</title></head><body></body></html>",
  );
  return dir;
}

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(/,(?=[a-zA-Z_]\w*=")/);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

async function scrape(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** What the app answers an address: what a client can tell apart. */
async function answerTo(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
) {
  const response = await app.inject({ method, url, headers });
  return {
    status: response.statusCode,
    type: response.headers["content-type"],
    cache: response.headers["cache-control"],
    body: response.body,
    cookie: response.headers["set-cookie"],
  };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await openApp({
    metrics: { token: TOKEN, host: "127.0.0.1" },
    webDistDir: builtWebApp(),
    jobs: MANUAL_JOBS,
    push: { allowPrivateEndpoints: true },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  // The first app of a worker also migrates the template database, slow on a busy machine.
}, 180_000);

describe("GET /metrics with METRICS_TOKEN", () => {
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => push?.close());

  it("times requests by method, matched route pattern and status, never by raw address", async () => {
    await app.inject({ method: "GET", url: "/api/health" });
    await app.inject({ method: "GET", url: "/api/health" });
    await app.inject({ method: "GET", url: "/api/avatars/a-person-4711.svg" });
    await app.inject({ method: "GET", url: "/api/no-such-call-4712" });
    const text = await scrape(app);
    const health = { method: "GET", route: "/api/health", status_code: "200" };
    expect(sample(text, "http_request_duration_seconds_count", health)).toBe(2);
    expect(sample(text, "http_request_duration_seconds_bucket", { ...health, le: "+Inf" })).toBe(2);
    expect(
      sample(text, "http_request_duration_seconds_count", {
        route: "/api/avatars/:file",
        status_code: "404",
      }),
    ).toBe(1);
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "(no route)" }),
    ).toBeGreaterThanOrEqual(1);
    // The raw paths, not their numbers alone: a heap size may well hold the digits 4712.
    expect(text).not.toContain("a-person-4711");
    expect(text).not.toContain("no-such-call-4712");
  });

  it("reports event loop lag, the database's queue, sockets, jobs, push, mail and photo work", async () => {
    const text = await scrape(app);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    if (app.config.databaseUrl) {
      expect(sample(text, "kindred_db_pool_connections")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "kindred_db_pool_idle")).toBeGreaterThanOrEqual(0);
      expect(sample(text, "kindred_db_pool_waiting")).toBe(0);
    } else {
      // The scrape's own job count is the only statement in flight while it is collected.
      expect(sample(text, "kindred_pglite_queue_length")).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, "kindred_chat_sockets_open")).toBe(0);
    expect(sample(text, "kindred_push_sends_total", { outcome: "sent" })).toBe(0);
    expect(sample(text, "kindred_push_sends_total", { outcome: "failed" })).toBe(0);
    expect(sample(text, "kindred_mail_sends_total", { outcome: "sent" })).toBe(0);
    expect(sample(text, "kindred_mail_sends_total", { outcome: "failed" })).toBe(0);
    expect(sample(text, "kindred_photo_work_in_flight")).toBe(0);
    expect(text).toContain("# TYPE kindred_jobs_waiting gauge");
    expect(text).toContain("# TYPE kindred_jobs_failed gauge");
  });

  it("counts the chat sockets open on this process", async () => {
    const ana = await signUpUser(app, { firstName: "Ana" });
    const listener = await openChatListener(app, ana);
    expect(sample(await scrape(app), "kindred_chat_sockets_open")).toBe(1);
    listener.close();
    await waitFor(
      "the socket to close",
      async () => sample(await scrape(app), "kindred_chat_sockets_open") === 0,
    );
  });

  it("counts mail sent", async () => {
    const before = (await readOutbox(app)).length;
    const eve = await signUpUser(app, { firstName: "Eve" });
    expect((await forgotPassword(app, eve.me.emailId)).statusCode).toBe(200);
    const sent = (await readOutbox(app)).length;
    expect(sent).toBeGreaterThan(before);
    expect(sample(await scrape(app), "kindred_mail_sends_total", { outcome: "sent" })).toBe(sent);
  });

  it("counts jobs waiting and failed by kind, and pushes sent and failed", async () => {
    const cat = await signUpUser(app, { firstName: "Cat" });
    const dan = await signUpUser(app, { firstName: "Dan" });
    await subscribeDevice(app, push, dan, "/push/answers");
    const broken = await subscribeDevice(app, push, dan, "/push/broken");
    push.respond(broken.path, [{ status: 500 }]);
    await sendRequest(app, cat, "interested", dan);

    let text = await scrape(app);
    expect(sample(text, "kindred_jobs_waiting", { kind: "notify" })).toBe(1);
    expect(sample(text, "kindred_jobs_failed", { kind: "notify" })).toBe(0);

    await app.jobs.runDueJobs(); // notify: a push job per device
    await app.jobs.runDueJobs(); // the two pushes: one delivered, one answered 500
    text = await scrape(app);
    expect(sample(text, "kindred_push_sends_total", { outcome: "sent" })).toBe(1);
    expect(sample(text, "kindred_push_sends_total", { outcome: "failed" })).toBe(1);
    expect(sample(text, "kindred_job_failures_total", { kind: "push" })).toBe(1);
    // The failed push waits for its retry; the notify queue is empty but keeps its series.
    expect(sample(text, "kindred_jobs_waiting", { kind: "push" })).toBe(1);
    expect(sample(text, "kindred_jobs_failed", { kind: "push" })).toBe(1);
    expect(sample(text, "kindred_jobs_waiting", { kind: "notify" })).toBe(0);
  });
});

describe("who can reach /metrics", () => {
  // Prometheus's own Accept header names */*, as curl's does: such a client gets what a browser
  // gets at an unknown address (the web app's page); one asking for JSON gets the JSON 404.
  const clients = [
    { name: "a browser", headers: { accept: "text/html" } },
    {
      name: "Prometheus",
      headers: {
        accept:
          "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1",
      },
    },
    { name: "an API client", headers: { accept: "application/json" }, status: 404 },
  ];
  const refusals = [
    { name: "no Authorization", authorization: undefined },
    { name: "a wrong token", authorization: `Bearer ${TOKEN}x` },
    { name: "a token's prefix", authorization: `Bearer ${TOKEN.slice(0, -1)}` },
    { name: "the token as Basic", authorization: `Basic ${TOKEN}` },
    { name: "the bare token", authorization: TOKEN },
  ];
  for (const client of clients) {
    for (const refusal of refusals) {
      it(`answers ${client.name} with ${refusal.name} as it answers an unknown address`, async () => {
        const headers = {
          ...client.headers,
          ...(refusal.authorization ? { authorization: refusal.authorization } : {}),
        };
        const unknown = await answerTo(app, "/metrix", headers);
        const answer = await answerTo(app, "/metrics", headers);
        expect(answer).toEqual(unknown);
        expect(answer.body).not.toContain("http_request_duration_seconds");
        if (client.status) expect(answer.status).toBe(client.status);
      });
    }
  }

  it("answers HEAD and POST as an unknown address, even with the token", async () => {
    for (const method of ["HEAD", "POST"] as const) {
      const headers = { authorization: `Bearer ${TOKEN}`, accept: "application/json" };
      const unknown = await app.inject({ method, url: "/metrix", headers });
      const answer = await app.inject({ method, url: "/metrics", headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(unknown.body);
    }
  });

  it("answers the right token however Bearer is capitalised", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("http_request_duration_seconds");
  });
});

describe("without METRICS_TOKEN, with METRICS_PORT", () => {
  let portOnly: FastifyInstance;
  beforeAll(async () => {
    portOnly = await openApp({
      metrics: { port: 0, host: "127.0.0.1" },
      webDistDir: builtWebApp(),
    });
    await portOnly.ready();
  }, 180_000);

  it("has no /metrics on the app's port, token or not", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`, "Bearer undefined", "Bearer "]) {
      for (const accept of ["text/html", "*/*", "application/json"]) {
        const headers = { accept, ...(authorization ? { authorization } : {}) };
        const unknown = await answerTo(portOnly, "/metrix", headers);
        const answer = await answerTo(portOnly, "/metrics", headers);
        expect(answer).toEqual(unknown);
        expect(answer.body).not.toContain("nodejs_eventloop_lag_seconds");
        if (accept === "application/json") expect(answer.status).toBe(404);
      }
    }
  });

  it("serves it on its own listener without a token, and nothing else there", async () => {
    await portOnly.inject({ method: "GET", url: "/api/health" });
    const server = portOnly.metrics.server;
    if (!server) throw new Error("no metrics listener");
    const { address, port } = server.address() as AddressInfo;
    expect(address).toBe("127.0.0.1");
    const base = `http://127.0.0.1:${port}`;

    const answer = await fetch(`${base}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(sample(text, "http_request_duration_seconds_count", { route: "/api/health" })).toBe(1);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "kindred_chat_sockets_open")).toBe(0);
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(404);
  });
});

describe("the metrics settings", () => {
  it("reads METRICS_TOKEN, METRICS_PORT, METRICS_HOST and the OTLP endpoint", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({
      token: TOKEN,
      port: undefined,
      host: "127.0.0.1",
    });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: "10.0.0.5",
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).tracing).toEqual({
      endpoint: "http://collector:4318",
      serviceName: "kindred",
    });
  });

  it("stops the start on a weak token, a port shared with the app, or a bad endpoint", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: "a token with spaces in it" })).toThrow(/spaces/);
    expect(() => loadConfig({ PORT: "9464", METRICS_PORT: "9464" })).toThrow(/must differ/);
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });
});
