import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FEED_DEFAULT_LIMIT } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP, LANDING_FIRST, ROUTE_NEEDS } from "../src/plugins/route-preloads.ts";
import { createTestApp } from "./helpers.ts";

// A build as Vite writes it: index.html loads the entry, the manifest names each chunk's imports.
const INDEX_HTML = `<!doctype html><html><head><title>Kindred</title>
<script type="module" crossorigin src="/assets/index-entry1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/main-e1.js">
<link rel="modulepreload" crossorigin href="/assets/react-r1.js"></head>
<body><div id=root></div></body></html>`;
const MANIFEST = {
  "index.html": { file: "assets/index-entry1.js", isEntry: true, imports: ["_main-e1.js"] },
  // As Vite writes it: main.tsx's code in a chunk of its own, and app.tsx merged into the chunk
  // the router shares with the screens, named by its file only.
  "_main-e1.js": {
    file: "assets/main-e1.js",
    imports: ["_react-r1.js"],
    dynamicImports: ["src/app/landing-first.tsx", "_app-a1.js"],
  },
  "_react-r1.js": { file: "assets/react-r1.js" },
  "src/app/landing-first.tsx": {
    file: "assets/landing-first-v1.js",
    imports: ["_react-r1.js", "_landing-page-p1.js"],
  },
  "_landing-page-p1.js": { file: "assets/landing-page-p1.js", imports: ["_react-r1.js"] },
  "_app-a1.js": { file: "assets/app-a1.js", imports: ["_react-r1.js", "_router-o1.js"] },
  "_router-o1.js": { file: "assets/router-o1.js", imports: ["_react-r1.js"] },
  "src/app/landing-route.tsx": {
    file: "assets/landing-route-t1.js",
    imports: ["_landing-page-p1.js", "_router-o1.js"],
  },
  "_query-q1.js": { file: "assets/query-q1.js", imports: ["_react-r1.js"] },
  "src/app/app-shell.tsx": {
    file: "assets/app-shell-s1.js",
    imports: ["index.html", "_query-q1.js"],
    css: ["assets/styles-c1.css"],
  },
  "src/app/layouts/main-layout.tsx": { file: "assets/main-layout-l1.js", imports: ["index.html"] },
  "src/app/guards.tsx": { file: "assets/guards-g1.js", imports: ["_query-q1.js"] },
  "src/features/feed/routes/feed-page.tsx": {
    file: "assets/feed-page-f1.js",
    imports: ["index.html", "_motion-m1.js"],
  },
  "_motion-m1.js": { file: "assets/motion-m1.js" },
  "src/features/chat/routes/chat-page.tsx": { file: "assets/chat-page-h1.js" },
};

let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "kindred-preloads-"));
  mkdirSync(path.join(dist, "assets"));
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, "index.html"), INDEX_HTML);
  writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  app = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, cookie?: string, status = 200) {
  const response = await app.inject({
    method: "GET",
    url,
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
  });
  expect(response.statusCode, url).toBe(status);
  // Only the tags the server added; index.html's own stay as they are.
  const links = [...response.body.matchAll(/<link rel="(modulepreload|preload)"[^>]*>/g)]
    .map((match) => match[0])
    .filter((link) => !INDEX_HTML.includes(link));
  const hrefs = (kind: string) =>
    links.filter((link) => link.includes(kind)).map((link) => /href="([^"]+)"/.exec(link)?.[1]);
  return { response, modules: hrefs('rel="modulepreload"'), fetches: hrefs('as="fetch"'), links };
}

describe("index.html for a screen opened directly", () => {
  it("preloads every chunk Discover loads, but none the entry already loads", async () => {
    const { response, modules, links } = await page("/home");
    expect(modules.sort()).toEqual(
      [
        "/assets/app-a1.js",
        "/assets/router-o1.js",
        "/assets/app-shell-s1.js",
        "/assets/feed-page-f1.js",
        "/assets/guards-g1.js",
        "/assets/main-layout-l1.js",
        "/assets/motion-m1.js",
        "/assets/query-q1.js",
      ].sort(),
    );
    // The app and its router are needed before anything draws; the screen's chunks come after.
    const priorityOf = (file: string) =>
      links.find((link) => link.includes(file))?.includes('fetchpriority="low"') ? "low" : "auto";
    expect(priorityOf("app-a1.js")).toBe("auto");
    expect(priorityOf("router-o1.js")).toBe("auto");
    expect(priorityOf("feed-page-f1.js")).toBe("low");
    expect(response.body).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/styles-c1.css">',
    );
    // The tags sit in the head, where the browser finds them before the entry runs.
    expect(response.body.indexOf("feed-page-f1.js")).toBeLessThan(response.body.indexOf("</head>"));
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("preloads the landing page without the router for a visitor, and the app for everyone else", async () => {
    expect((await page("/")).modules.sort()).toEqual(
      ["/assets/landing-first-v1.js", "/assets/landing-page-p1.js"].sort(),
    );
    expect((await page("/", "token=some-session")).modules.sort()).toEqual(
      [
        "/assets/app-a1.js",
        "/assets/router-o1.js",
        "/assets/landing-route-t1.js",
        "/assets/landing-page-p1.js",
      ].sort(),
    );
    // An unknown address is answered 404 with the same page: the app then shows its not-found.
    for (const [url, status] of [
      ["/about", 200],
      ["/login", 200],
      ["/some/unknown/page", 404],
    ] as const) {
      expect((await page(url, undefined, status)).modules.sort(), url).toEqual(
        ["/assets/app-a1.js", "/assets/router-o1.js"].sort(),
      );
    }
  });

  it("starts the session and the screen's first read with the page when a session cookie comes with it", async () => {
    const visitor = await page("/home");
    expect(visitor.fetches).toEqual([]);

    const signedIn = await page("/home", "token=some-session");
    expect(signedIn.fetches).toEqual([
      "/api/profile/view",
      `/api/feed?limit=${FEED_DEFAULT_LIMIT}`,
    ]);
    for (const link of signedIn.links.filter((tag) => tag.includes('as="fetch"'))) {
      // The app's own requests send credentials; only a preload made the same way is reused.
      expect(link).toContain('crossorigin="use-credentials"');
    }
    expect((await page("/chat", "token=some-session")).fetches).toEqual([
      "/api/profile/view",
      "/api/chat/conversations",
    ]);
    expect((await page("/", "token=some-session")).fetches).toEqual(["/api/profile/view"]);
  });

  it("adds nothing to a build without a manifest", async () => {
    const bare = mkdtempSync(path.join(tmpdir(), "kindred-preloads-"));
    writeFileSync(path.join(bare, "index.html"), INDEX_HTML);
    const server = await createTestApp({ webDistDir: bare });
    try {
      for (const url of ["/", "/about", "/home"]) {
        const response = await server.inject({
          method: "GET",
          url,
          headers: { accept: "text/html" },
        });
        // Only the language the server chose is written on <html> (plugins/locale.ts).
        expect(response.body, url).toBe(
          INDEX_HTML.replace("<html>", '<html lang="en" dir="ltr" data-lang-from="server">'),
        );
      }
    } finally {
      await server.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it("does not hand the build manifest to browsers", async () => {
    const response = await app.inject({ method: "GET", url: "/.vite/manifest.json" });
    expect(response.statusCode).toBe(404);
  });
});

describe("the screens' first loads", () => {
  it("name modules the web app's router really loads lazily", () => {
    const router = readFileSync(
      path.join(import.meta.dirname, "../../web/src/app/router.tsx"),
      "utf8",
    );
    for (const [screen, needs] of Object.entries(ROUTE_NEEDS)) {
      for (const module of needs.modules) {
        const specifier = module.startsWith("src/app/")
          ? `./${module.slice("src/app/".length)}`
          : `@/${module.slice("src/".length)}`;
        expect(router, `${screen}: ${module}`).toContain(`import("${specifier}")`);
      }
    }
  });

  it("start from the modules the web app's entry really imports", () => {
    const main = readFileSync(path.join(import.meta.dirname, "../../web/src/main.tsx"), "utf8");
    for (const module of [APP, LANDING_FIRST]) {
      expect(main, module).toContain(`import("./${module.slice("src/".length)}")`);
    }
  });
});
