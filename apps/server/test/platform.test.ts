import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BLOG_POSTS, PAGE_PATTERNS } from "@kindred/shared";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { connectionRequests, jobs, userSkills, users } from "../src/db/schema.ts";
import { DEMO_EMAIL } from "../src/demo/seed.ts";
import { PAGE_PREVIEWS } from "../src/pages.ts";
import { previewTags, withHead } from "../src/plugins/page-meta.ts";
import {
  anonymousHeaders,
  cookieFrom,
  createTestApp,
  metaOf,
  openPage,
  openTestDatabase,
  signUpUser,
  tempDirsForFile,
  testConfig,
  titleOf,
  webDistForFile,
} from "./helpers.ts";

let app: FastifyInstance;
const tempDir = tempDirsForFile("kindred-test-");

beforeAll(async () => {
  app = await createTestApp();
  app.get("/api/test/explode", async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/secret.ts:42');
  });
});
afterAll(async () => {
  await app.close();
});

describe("health", () => {
  it("reports which database answers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 1,
      message: "OK",
      data: { db: process.env.TEST_DATABASE_URL ? "postgres" : "pglite" },
    });
  });

  it("answers 503 DB_UNAVAILABLE when the database does not answer", async () => {
    const handle = await openTestDatabase();
    const broken = await buildApp(testConfig(), {
      database: {
        ...handle,
        ping: async () => {
          throw new Error("connection refused");
        },
      },
    });
    try {
      const response = await broken.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 0, code: "DB_UNAVAILABLE" });
      expect(response.body).not.toContain("connection refused");
    } finally {
      await broken.close();
    }
  });
});

describe("errors", () => {
  it("answers an unknown /api path with a JSON 404, for any method", async () => {
    const get = await app.inject({
      method: "GET",
      url: "/api/no/such/thing",
      headers: { accept: "text/html" },
    });
    expect(get.statusCode).toBe(404);
    expect(get.headers["content-type"]).toMatch(/application\/json/);
    expect(get.json()).toMatchObject({ status: 0, code: "NOT_FOUND" });
    const post = await app.inject({
      method: "POST",
      url: "/api/no/such/thing",
      headers: await anonymousHeaders(app),
      payload: {},
    });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe("NOT_FOUND");
  });

  it("hides the internals of a 500 and carries the request id", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/explode" });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      status: 0,
      code: "INTERNAL",
      message: "Something went wrong on our side. Please try again.",
      requestId: response.headers["x-request-id"],
    });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).not.toMatch(/secret|relation|stack|\.ts/);
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const { headers } = await signUpUser(app);
    const response = await app.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: { ...headers, "content-type": "application/json" },
      payload: JSON.stringify({ about: "x".repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 0, code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers malformed JSON with a 400 error body", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { ...(await anonymousHeaders(app)), "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, code: "BAD_REQUEST" });
  });
});

describe("security headers", () => {
  it("sends a strict Content-Security-Policy and the other helmet headers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Images from this origin only: a pasted photo address is copied by the server, never linked.
    expect(csp).toMatch(/(^|;)\s*img-src 'self' data: blob:\s*(;|$)/);
    expect(csp).not.toMatch(/img-src[^;]*(https?:|\*)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sets a readable XSRF-TOKEN cookie on a GET under /api when absent, and not again when present", async () => {
    const first = await app.inject({ method: "GET", url: "/api/health" });
    const cookie = first.cookies.find((c) => c.name === "XSRF-TOKEN");
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe("/");
    const second = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { cookie: `XSRF-TOKEN=${cookie?.value}` },
    });
    expect(second.cookies.find((c) => c.name === "XSRF-TOKEN")).toBeUndefined();
  });

  it("refuses a sign-up without the XSRF header with 403 CSRF", async () => {
    const response = await app.inject({ method: "POST", url: "/api/signup", payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("CSRF");
  });
});

describe("avatars", () => {
  it("draws an SVG with the initials, escaped, on a colour derived from the id", async () => {
    const { me } = await signUpUser(app, { firstName: "<script>", lastName: "&Co" });
    const response = await app.inject({ method: "GET", url: me.photoUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers["cache-control"]).toMatch(/max-age=\d+/);
    expect(response.body).toContain("<svg");
    expect(response.body).toContain("&#60;&#38;");
    expect(response.body).not.toContain("<script");
    expect(response.body).not.toContain("<&");
    const again = await app.inject({ method: "GET", url: me.photoUrl });
    expect(again.body).toBe(response.body);
  });

  it("answers 404 for an unknown user or a malformed name", async () => {
    for (const url of [
      "/api/avatars/00000000-0000-4000-8000-000000000000.svg",
      "/api/avatars/not-a-uuid.svg",
      "/api/avatars/00000000-0000-4000-8000-000000000000.png",
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("NOT_FOUND");
    }
  });
});

describe("openapi", () => {
  it("serves the generated OpenAPI document", async () => {
    const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/signup", "/api/login", "/api/profile/edit", "/api/health"]),
    );
  });
});

describe("the built web app", () => {
  it("serves index.html for client routes, assets with a long cache, and keeps /api 404s JSON", async () => {
    const dist = tempDir();
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(
      path.join(dist, "index.html"),
      "<!doctype html><title>Kindred</title><div id=root></div>",
    );
    writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('hi')");
    const web = await createTestApp({ webDistDir: dist });
    try {
      for (const url of ["/", "/profile", "/chat/abc", "/services/events/"]) {
        const response = await web.inject({ method: "GET", url, headers: { accept: "text/html" } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-type"]).toMatch(/text\/html/);
        expect(response.body).toContain("<div id=root>");
        expect(response.headers["cache-control"]).toBe("no-cache");
        expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
      }
      const asset = await web.inject({ method: "GET", url: "/assets/index-abc123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toContain("immutable");
      const missingAsset = await web.inject({ method: "GET", url: "/assets/gone-123.js" });
      expect(missingAsset.statusCode).toBe(404);
      const api = await web.inject({
        method: "GET",
        url: "/api/nothing",
        headers: { accept: "text/html" },
      });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe("NOT_FOUND");
    } finally {
      await web.close();
    }
  });

  it("answers an address the web app has no page for with its index.html and 404", async () => {
    const web = await createTestApp({ webDistDir: webDistForFile() });
    try {
      for (const url of [
        "/no-such-page",
        "/not-found",
        "/profile/extra",
        "/GetToKnowMe",
        "/GetToKnowMe/no-such-person",
        "/blog/no-such-post",
        "/services/events/not-an-id",
        "/services/groups/7d4f9a1e-0000-4000-8000-000000000000",
      ]) {
        const page = await openPage(web, url);
        expect(page.status, url).toBe(404);
        expect(page.type).toMatch(/text\/html/);
        // The app (which then draws its not-found page), titled so, and kept out of search indexes.
        expect(page.html).toContain('<div id="root">');
        expect(titleOf(page.html), url).toBe("Page not found · Kindred");
        expect(page.html).toContain('<meta name="robots" content="noindex">');
        expect(metaOf(page.html, "og:title")).toBeUndefined();
      }
      const api = await web.inject({ method: "GET", url: "/api/no-such-call" });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe("NOT_FOUND");
      const asset = await web.inject({ method: "GET", url: "/assets/missing-1.js" });
      expect(asset.statusCode).toBe(404);
      expect(asset.headers["content-type"]).toMatch(/application\/json/);
    } finally {
      await web.close();
    }
  });

  it("answers every page pattern of the web app with 200", async () => {
    const web = await createTestApp({ webDistDir: webDistForFile() });
    // The pages whose id must name something are shown with a real one in their modules' tests.
    const withIds = new Set<string>(Object.keys(PAGE_PREVIEWS));
    const patterns = Object.values(PAGE_PATTERNS).filter(
      (pattern) => pattern !== PAGE_PATTERNS.notFound,
    );
    try {
      for (const pattern of patterns) {
        const url = withIds.has(pattern)
          ? pattern.replace(":slug", BLOG_POSTS[0]?.id ?? "")
          : pattern.replace(/:[A-Za-z]+/g, "some-id");
        if (url.includes(":")) continue;
        const page = await openPage(web, url);
        expect(page.status, url).toBe(200);
        expect(page.html).toContain('<div id="root">');
        expect(page.html).not.toContain("noindex");
        // The same page with a trailing slash and a query.
        expect((await openPage(web, `${url === "/" ? "" : url}/?from=mail`)).status, url).toBe(200);
      }
    } finally {
      await web.close();
    }
  });

  it("writes a blog post's title and Open Graph tags into its page", async () => {
    const web = await createTestApp({ webDistDir: webDistForFile() });
    const post = BLOG_POSTS[0] as (typeof BLOG_POSTS)[number];
    try {
      const page = await openPage(web, `/blog/${post.id}`);
      expect(page.status).toBe(200);
      expect(titleOf(page.html)).toBe(`${post.title} · Kindred`);
      expect(metaOf(page.html, "og:title")).toBe(post.title);
      expect(metaOf(page.html, "og:type")).toBe("article");
      expect(metaOf(page.html, "og:url")).toBe(`http://localhost:7777/blog/${post.id}`);
      expect(metaOf(page.html, "og:description")).toBe(`${post.content.slice(0, 199)}…`);
      // No inline script: the strict CSP still holds.
      expect(page.html.match(/<script/g)).toHaveLength(1);
    } finally {
      await web.close();
    }
  });

  it("escapes what it writes into a page and drops control characters", () => {
    const tags = previewTags("https://kindred.example", "/x", {
      title: `Ada "the" <b>Count</b>\u0000ess & 'co'`,
      description: "line </title><script>alert(1)</script>",
      image: '/api/photos/a.webp?x="y"',
    });
    expect(tags).toContain(
      'content="Ada &quot;the&quot; &lt;b&gt;Count&lt;/b&gt;ess &amp; &#39;co&#39;"',
    );
    expect(tags).not.toMatch(/<script|<\/title>/);
    expect(tags).not.toContain(String.fromCharCode(0));
    expect(tags).toContain('content="https://kindred.example/api/photos/a.webp?x=%22y%22"');
    const page = withHead("<head><title>Kindred</title></head>", '<x> & "y"', "");
    expect(page).toBe("<head><title>&lt;x&gt; &amp; &quot;y&quot;</title></head>");
  });

  it("says clearly that the web app is not built when its folder is missing", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/profile",
      headers: { accept: "text/html" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain("not built");
  });
});

// These open a database in a folder or seed one: slow on a busy machine, hence the longer limits.
describe("persistence", () => {
  it("keeps accounts across a restart on the same DATA_DIR", async () => {
    const dataDir = tempDir();
    const first = await buildApp(testConfig({ dataDir }));
    let email: string;
    try {
      const { me } = await signUpUser(first, { password: "survives restarts" });
      email = me.emailId;
    } finally {
      await first.close();
    }
    const second = await buildApp(testConfig({ dataDir }));
    try {
      const response = await second.inject({
        method: "POST",
        url: "/api/login",
        headers: await anonymousHeaders(second),
        payload: { emailId: email, password: "survives restarts" },
      });
      expect(response.statusCode).toBe(200);
      expect((await second.inject({ method: "GET", url: "/api/health" })).json().data.db).toBe(
        "pglite",
      );
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe("demo data", () => {
  it("seeds an empty database once: ~40 people with skills, the demo account and requests to it", async () => {
    const handle = await openTestDatabase();
    const seeded = await buildApp(testConfig({ seedDemo: true }), { database: handle });
    try {
      const [people] = await seeded.db.select({ n: count() }).from(users);
      expect(people?.n).toBeGreaterThanOrEqual(40);
      const [skills] = await seeded.db.select({ n: count() }).from(userSkills);
      expect(skills?.n).toBeGreaterThanOrEqual(120);
      const [demo] = await seeded.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
      if (!demo) throw new Error("no demo account");
      const requests = await seeded.db
        .select()
        .from(connectionRequests)
        .where(eq(connectionRequests.toUserId, demo.id));
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.every((r) => r.status === "interested")).toBe(true);

      const login = await seeded.inject({
        method: "POST",
        url: "/api/login",
        headers: await anonymousHeaders(seeded),
        payload: { emailId: DEMO_EMAIL, password: seeded.demoLogin?.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.skills.length).toBeGreaterThanOrEqual(3);
      const ages = (await seeded.db.select({ age: users.age }).from(users)).map((r) => r.age ?? 0);
      expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
      expect(Math.max(...ages)).toBeLessThanOrEqual(45);

      // A lived-in community: groups in all four topics with members, board posts with replies
      // and likes, upcoming events with people going.
      const session = cookieFrom(login, "token");
      const anonymous = await anonymousHeaders(seeded);
      const tokenAnswer = await seeded.inject({
        method: "POST",
        url: "/api/community/fusionauth",
        headers: { ...anonymous, cookie: `token=${session}; ${anonymous.cookie}` },
        payload: {},
      });
      expect(tokenAnswer.statusCode, tokenAnswer.body).toBe(200);
      const bearer = { authorization: `Bearer ${tokenAnswer.json().token}` };
      const groups = (
        await seeded.inject({ method: "GET", url: "/api/community/all", headers: bearer })
      ).json() as { _id: string; tag: string }[];
      expect(new Set(groups.map((group) => group.tag))).toEqual(
        new Set(["Math", "Programming", "DSA", "Machine Learning"]),
      );
      for (const group of groups) {
        const detail = await seeded.inject({
          method: "GET",
          url: `/api/community/group/${group._id}`,
          headers: bearer,
        });
        expect(detail.json().data.members).toBeGreaterThanOrEqual(4);
      }
      const posts = (
        await seeded.inject({ method: "GET", url: "/api/community/getposts", headers: bearer })
      ).json() as { replies: number; likes: number }[];
      expect(posts.length).toBeGreaterThanOrEqual(3);
      expect(posts.every((post) => post.replies > 0 && post.likes > 0)).toBe(true);
      const events = (
        await seeded.inject({
          method: "GET",
          url: "/api/community/allevents?when=upcoming",
          headers: bearer,
        })
      ).json().events as { _id: string }[];
      expect(events.length).toBeGreaterThanOrEqual(3);
      const first = await seeded.inject({
        method: "GET",
        url: `/api/community/event/${events[0]?._id}`,
        headers: bearer,
      });
      expect(first.json().data.going).toBeGreaterThan(0);
      // Their reminders wait in the job table, as an event made through the API has them.
      const [reminders] = await seeded.db
        .select({ n: count() })
        .from(jobs)
        .where(eq(jobs.kind, "event_reminder"));
      expect(reminders?.n).toBeGreaterThanOrEqual(events.length);
    } finally {
      await seeded.close();
    }
  }, 120_000);

  it("does not seed a database that already has people", async () => {
    const dataDir = tempDir();
    const first = await buildApp(testConfig({ dataDir }));
    await signUpUser(first);
    await first.close();
    const second = await buildApp(testConfig({ dataDir, seedDemo: true }));
    try {
      const [people] = await second.db.select({ n: count() }).from(users);
      expect(people?.n).toBe(1);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe("configuration", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 7777,
      host: "0.0.0.0",
      publicOrigin: "http://localhost:7777",
      seedDemo: true,
      trustProxy: false,
      databaseUrl: undefined,
      logLevel: "info",
    });
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.webDistDir.endsWith(path.join("apps", "web", "dist"))).toBe(true);
  });

  it("reads every value from the environment", () => {
    const config = loadConfig({
      PORT: "8080",
      PUBLIC_ORIGIN: "https://kindred.example/",
      SEED_DEMO: "false",
      DATABASE_URL: "postgres://u@db:5432/kindred",
      TRUST_PROXY: "10.0.0.1, 10.1.0.0/16",
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: "5",
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "50",
      RATE_LIMIT_LOGIN_PER_DEVICE: "7",
    });
    expect(config).toMatchObject({
      port: 8080,
      publicOrigin: "https://kindred.example",
      seedDemo: false,
      databaseUrl: "postgres://u@db:5432/kindred",
      trustProxy: ["10.0.0.1", "10.1.0.0/16"],
    });
    expect(config.rateLimits.loginPerAccountAndIp.max).toBe(5);
    expect(config.rateLimits.loginPerAccount.max).toBe(50);
    expect(config.rateLimits.loginPerDevice.max).toBe(7);
  });

  it.each([
    [{ PORT: "abc" }, /^PORT must be/],
    [{ PORT: "70000" }, /^PORT must be/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL must be/],
    [{ SEED_DEMO: "maybe" }, /^SEED_DEMO must be true or false/],
    [{ PUBLIC_ORIGIN: "localhost" }, /^PUBLIC_ORIGIN must be/],
    [{ RATE_LIMIT_LOGIN_PER_EMAIL: "10" }, /^RATE_LIMIT_LOGIN_PER_EMAIL is no longer read/],
    [{ RATE_LIMIT_LOGIN_PER_ACCOUNT: "5" }, /^RATE_LIMIT_LOGIN_PER_ACCOUNT \(5\) must be at least/],
  ])("stops with one clear message for %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
