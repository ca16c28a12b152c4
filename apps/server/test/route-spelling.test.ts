import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import {
  type AuthHeaders,
  createTestApp,
  openTestDatabase,
  signUpUser,
  testConfig,
} from "./helpers.ts";

type Answer = { status: number; body: string; contentType: string };
type Send = (method: string, url: string, headers: Record<string, string>) => Promise<Answer>;

const opened: FastifyInstance[] = [];
const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(opened.map((app) => app.close().catch(() => {})));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** Through app.inject, which parses the URL itself (it resolves dot segments, for one). */
const viaInject =
  (app: FastifyInstance): Send =>
  async (method, url, headers) => {
    const response = await app.inject({
      method: method as "POST",
      url,
      headers: { ...headers, "content-type": "application/json" },
      payload: "{}",
    });
    return {
      status: response.statusCode,
      body: response.body,
      contentType: String(response.headers["content-type"] ?? ""),
    };
  };

/** Over a real connection, the path sent byte for byte as a browser or a script could. */
const viaSocket =
  (port: number): Send =>
  (method, url, headers) =>
    new Promise((resolve, reject) => {
      const body = method === "GET" || method === "HEAD" ? undefined : "{}";
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method,
          path: url,
          agent: false,
          headers: {
            ...headers,
            // Set by hand: Node's client sends a DELETE body with neither length nor chunking.
            ...(body ? { "content-type": "application/json", "content-length": "2" } : {}),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text,
              contentType: String(res.headers["content-type"] ?? ""),
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });

/** Percent-encodes the character at `index` of the path. */
function encodeAt(pathname: string, index: number): string {
  const hex = pathname.charCodeAt(index).toString(16).toUpperCase().padStart(2, "0");
  return `${pathname.slice(0, index)}%${hex}${pathname.slice(index + 1)}`;
}

/** Ways to write the same API address: each either reaches the route or no route at all. */
function spellings(pathname: string): string[] {
  const rest = pathname.slice("/api".length); // "/request/send/..."
  const firstLetterOfRest = "/api/".length;
  return [
    pathname,
    encodeAt(pathname, 1), // /%61pi/...
    encodeAt(pathname, 2), // /a%70i/...
    encodeAt(pathname, 3), // /ap%69/...
    `/%61%70%69${rest}`,
    `/%2561pi${rest}`,
    encodeAt(pathname, firstLetterOfRest),
    encodeAt(encodeAt(pathname, 1), firstLetterOfRest + 2),
    `/api%2F${rest.slice(1)}`,
    `/api%2f${rest.slice(1)}`,
    `/%2Fapi${rest}`,
    `/x/../api${rest}`,
    `/x/%2e%2e/api${rest}`,
    `/%2e%2e/api${rest}`,
    `/./api${rest}`,
    `/api/.${rest}`,
    `/api/x/..${rest}`,
    `//api${rest}`,
    `//api/${rest}`,
    `/api//${rest.slice(1)}`,
    `/api${rest.replaceAll("/", "//")}`,
    `/API${rest}`,
    `/Api${rest}`,
    `/%41pi${rest}`,
    `${pathname}/`,
    `${pathname}//`,
    `${pathname}?x=1`,
    `${pathname};x=1`,
    `/%61pi${rest}/?x=1`,
    `/\\api${rest}`,
    `/api${rest.replaceAll("/", "\\")}`,
  ];
}

const UNSAFE = ["POST", "PUT", "PATCH", "DELETE"];

describe("the CSRF check, however an API address is spelled", () => {
  let app: FastifyInstance;
  let port: number;
  let alice: { id: string; headers: AuthHeaders };
  let bobRequestId: string;
  let carolId: string;
  let daveId: string;

  beforeAll(async () => {
    app = await createTestApp();
    opened.push(app);
    const a = await signUpUser(app);
    const edited = await app.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: a.headers,
      payload: { about: "original about" },
    });
    expect(edited.statusCode).toBe(200);
    const bob = await signUpUser(app);
    const carol = await signUpUser(app);
    const dave = await signUpUser(app);
    alice = { id: a.me._id, headers: a.headers };
    carolId = carol.me._id;
    daveId = dave.me._id;
    const sent = await app.inject({
      method: "POST",
      url: `/api/request/send/interested/${alice.id}`,
      headers: bob.headers,
      payload: {},
    });
    expect(sent.statusCode).toBe(201);
    bobRequestId = sent.json().data._id;
    // Alice and Carol are connected, so there is a connection to remove.
    const toCarol = await app.inject({
      method: "POST",
      url: `/api/request/send/interested/${carolId}`,
      headers: alice.headers,
      payload: {},
    });
    const accepted = await app.inject({
      method: "POST",
      url: `/api/request/review/accepted/${toCarol.json().data._id}`,
      headers: carol.headers,
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
    port = await listen(app);
  });

  /** What each forged call would change, read back with Alice's own session. */
  async function aliceState() {
    const get = async (url: string) =>
      app.inject({ method: "GET", url, headers: alice.headers }).then((r) => ({
        status: r.statusCode,
        body: r.json(),
      }));
    const profile = await get("/api/profile/view");
    const received = await get("/api/user/requests/received");
    const connections = await get("/api/user/connections");
    const blocked = await get("/api/user/blocked");
    return {
      signedIn: profile.status,
      about: profile.body.about,
      received: received.body.data.map((r: { _id: string }) => r._id),
      connections: connections.body.data.map((c: { _id: string }) => c._id),
      blocked: blocked.body.data.map((c: { _id: string }) => c._id),
    };
  }

  it("refuses with 403 CSRF, or finds no route, and changes nothing: 6 session routes x 31 spellings x 4 methods, by inject and over a socket", async () => {
    const before = await aliceState();
    expect(before).toEqual({
      signedIn: 200,
      about: "original about",
      received: [bobRequestId],
      connections: [carolId],
      blocked: [],
    });
    const routes = [
      `/api/request/send/interested/${daveId}`,
      `/api/request/review/accepted/${bobRequestId}`,
      "/api/profile/edit",
      `/api/user/connections/${carolId}`,
      `/api/user/block/${daveId}`,
      "/api/logout",
    ];
    const token = /token=([^;]+)/.exec(alice.headers.cookie)?.[1] ?? "";
    // The session cookie rides along, as a browser sends it on a forged cross-site request; the
    // XSRF cookie too (a browser sends that as well), but no header: the attacker cannot read it.
    const forged = { cookie: `token=${token}; XSRF-TOKEN=${alice.headers["x-xsrf-token"]}` };
    const refused = new Set<string>();
    const answers: string[] = [];
    for (const [transport, send] of [
      ["inject", viaInject(app)],
      ["socket", viaSocket(port)],
    ] as const) {
      for (const route of routes) {
        for (const url of spellings(route)) {
          for (const method of UNSAFE) {
            const answer = await send(method, url, forged);
            const label = `${transport} ${method} ${url} -> ${answer.status}`;
            answers.push(label);
            expect([403, 404], label).toContain(answer.status);
            expect(answer.contentType, label).toMatch(/application\/json/);
            const body = JSON.parse(answer.body);
            expect(body.status, label).toBe(0);
            expect(body.code, label).toBe(answer.status === 403 ? "CSRF" : "NOT_FOUND");
            if (answer.status === 403) refused.add(`${transport} ${url}`);
          }
        }
      }
    }
    // The spellings the router decodes to a real route did reach it, and were refused there.
    for (const transport of ["inject", "socket"]) {
      for (const route of routes) {
        for (const url of [route, encodeAt(route, 1), `/%61%70%69${route.slice(4)}`, `${route}/`]) {
          expect(refused.has(`${transport} ${url}`), `${transport} ${url}`).toBe(true);
        }
      }
    }
    expect(answers).toHaveLength(2 * routes.length * 31 * UNSAFE.length);
    expect(await aliceState()).toEqual(before);
  });
});

describe("the request log, however an API address is spelled", () => {
  it("logs every API call at info under its route, and an unknown API address under (no route)", async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const app = await createTestApp({ logLevel: "info" }, { logStream });
    opened.push(app);
    const port = await listen(app);
    const { headers } = await signUpUser(app);
    lines.length = 0;
    const calls: [string, string, string][] = [
      ["GET", "/%61pi/profile/view", "/api/profile/view"],
      ["GET", "/api/profile/vie%77", "/api/profile/view"],
      ["GET", "/api/profile/view/", "/api/profile/view"],
      ["PATCH", "/%61pi/profile/edit", "/api/profile/edit"],
      ["POST", "/a%70i/logout", "/api/logout"],
      ["GET", "/%61pi/no/such/thing", "(no route)"],
      ["GET", "//api/no/such/thing", "(no route)"],
      ["GET", "/x/../api/no/such/thing", "(no route)"],
    ];
    const send = viaSocket(port);
    for (const [method, url] of calls) await send(method, url, headers);
    // onResponse runs after the answer is sent: wait (bounded) for the last line to be written.
    const deadline = Date.now() + 5_000;
    while (lines.filter((line) => "route" in line).length < calls.length && Date.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const logged = lines
      .filter((line) => "route" in line)
      .map((line) => [line.level, line.method, line.route]);
    expect(logged).toEqual(calls.map(([method, , route]) => [30, method, route]));
  });
});

describe("the JSON 404 for an unknown API address, however it is spelled", () => {
  it("never answers with the web app, over a socket and through inject", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "kindred-spa-"));
    tempDirs.push(dist);
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
    const app = await createTestApp({ webDistDir: dist });
    opened.push(app);
    const port = await listen(app);
    const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    for (const [transport, send] of [
      ["inject", viaInject(app)],
      ["socket", viaSocket(port)],
    ] as const) {
      for (const url of spellings("/api/no/such/thing")) {
        // inject parses "/\\api/..." as a URL does: "api" becomes a host name, not a path segment.
        if (transport === "inject" && url.startsWith("/\\")) continue;
        for (const method of ["GET", "HEAD", "POST"]) {
          const answer = await send(method, url, html);
          const label = `${transport} ${method} ${url}`;
          expect(answer.status, label).toBe(404);
          expect(answer.contentType, label).toMatch(/application\/json/);
          if (method !== "HEAD") expect(JSON.parse(answer.body).code, label).toBe("NOT_FOUND");
        }
      }
      // The web app's own addresses still get the page.
      const page = await send("GET", "/profile", html);
      expect(page.status).toBe(200);
      expect(page.body).toContain("<div id=root>");
    }
  });
});

describe("the start gate, however an API address is spelled", () => {
  it("holds every spelling of an API route while starting, and lets health answer in every spelling", async () => {
    let open: () => void = () => {};
    const opening = new Promise<void>((resolve) => {
      open = resolve;
    });
    const app = await buildApp(testConfig(), {
      database: opening.then(() => openTestDatabase()),
      waitForDatabase: false,
    });
    opened.push(app);
    const port = await listen(app);
    for (const send of [viaInject(app), viaSocket(port)]) {
      for (const url of ["/api/openapi.json", "/%61pi/openapi.json", "/api/openapi.jso%6E"]) {
        const answer = await send("GET", url, {});
        expect(answer.status, url).toBe(503);
        expect(JSON.parse(answer.body).code, url).toBe("STARTING");
      }
      for (const url of ["/api/health", "/api/health/", "/%61pi/health", "/api/healt%68?x=1"]) {
        const answer = await send("GET", url, {});
        // The health route itself answered: the database is not open yet.
        expect(answer.status, url).toBe(503);
        expect(JSON.parse(answer.body).code, url).toBe("DB_UNAVAILABLE");
      }
    }
    open();
    await app.databaseReady;
  });
});
