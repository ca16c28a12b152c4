import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { DEMO_PASSWORD_FILE } from "../src/demo/password.ts";
import { DEMO_EMAIL } from "../src/demo/seed.ts";
import { anonymousHeaders, createTestApp, tempDirsForFile, testConfig } from "./helpers.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const tempDir = tempDirsForFile("kindred-delivery-");

/** A built web app as the Vite build leaves it: each text file with its .br and .gz beside it. */
function fakeBuild(): { dir: string; script: string; page: string } {
  const dir = tempDir();
  mkdirSync(path.join(dir, "assets"));
  const page = `<!doctype html><title>Kindred</title><div id=root></div>${"<!-- pad -->".repeat(200)}`;
  const script = `console.log(${JSON.stringify("kindred ".repeat(400))});`;
  const files: Record<string, string> = {
    "index.html": page,
    "assets/index-abc123.js": script,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  writeFileSync(path.join(dir, "assets", "logo-def456.png"), Buffer.alloc(2000, 7));
  return { dir, script, page };
}

describe("delivery of the built web app", () => {
  it("sends the prebuilt brotli or gzip file, hashed assets cached for a year, index.html revalidated", async () => {
    const build = fakeBuild();
    const app = await createTestApp({ webDistDir: build.dir });
    try {
      const br = await app.inject({
        method: "GET",
        url: "/assets/index-abc123.js",
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/javascript/);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      // Exactly the prebuilt file: compressed once, not again on the fly.
      expect(br.rawPayload.equals(readFileSync(`${build.dir}/assets/index-abc123.js.br`))).toBe(
        true,
      );
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(build.script);

      const gz = await app.inject({
        method: "GET",
        url: "/assets/index-abc123.js",
        headers: { "accept-encoding": "gzip" },
      });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gz.rawPayload).toString()).toBe(build.script);

      const plain = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(build.script);

      const image = await app.inject({
        method: "GET",
        url: "/assets/logo-def456.png",
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(image.headers["content-encoding"]).toBeUndefined();
      expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

      for (const url of ["/", "/profile"]) {
        const page = await app.inject({
          method: "GET",
          url,
          headers: { accept: "text/html", "accept-encoding": "br" },
        });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers["content-encoding"], url).toBe("br");
        expect(page.headers["cache-control"], url).toBe("no-cache");
        expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(build.page);
        expect(page.headers.vary, url).toContain("accept-encoding");

        const gzPage = await app.inject({
          method: "GET",
          url,
          headers: { accept: "text/html", "accept-encoding": "br;q=0, gzip" },
        });
        expect(gzPage.headers["content-encoding"], url).toBe("gzip");
        expect(gunzipSync(gzPage.rawPayload).toString(), url).toBe(build.page);

        const plainPage = await app.inject({
          method: "GET",
          url,
          headers: { accept: "text/html" },
        });
        expect(plainPage.headers["content-encoding"], url).toBeUndefined();
        expect(plainPage.body, url).toBe(build.page);
      }
    } finally {
      await app.close();
    }
  });

  it("compresses JSON answers over 1 kB, and leaves small ones alone", async () => {
    const app = await createTestApp();
    app.get("/api/test/big", async () => ({ status: 1, message: "x".repeat(5000) }));
    try {
      const big = await app.inject({
        method: "GET",
        url: "/api/test/big",
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(big.headers["content-encoding"]).toBe("br");
      expect(big.rawPayload.length).toBeLessThan(1000);
      expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).message).toHaveLength(
        5000,
      );
      const small = await app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(small.headers["content-encoding"]).toBeUndefined();
      expect(small.json().status).toBe(1);
      // A compressed request body is not inflated: 64 KiB on the wire stays the limit.
      const inflated = await app.inject({
        method: "POST",
        url: "/api/login",
        headers: {
          ...(await anonymousHeaders(app)),
          "content-type": "application/json",
          "content-encoding": "gzip",
        },
        payload: gzipSync(JSON.stringify({ emailId: "a@b.co", password: "secret secret" })),
      });
      expect(inflated.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe("demo data defaults", () => {
  it("seeds by default only on the embedded database; with DATABASE_URL only when SEED_DEMO=true", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://u@db/kindred" }).seedDemo).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: "postgres://u@db/kindred", SEED_DEMO: "true" }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("generates the demo password per data folder, keeps it there readable by its owner only, and keeps it across restarts", async () => {
    const dataDir = tempDir();
    const first = await buildApp(testConfig({ dataDir, seedDemo: true }));
    const password = first.demoLogin?.password;
    try {
      expect(password).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      const file = path.join(dataDir, DEMO_PASSWORD_FILE);
      expect(first.demoLogin).toEqual({ email: DEMO_EMAIL, password, file });
      expect(readFileSync(file, "utf8").trim()).toBe(password);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const login = await first.inject({
        method: "POST",
        url: "/api/login",
        headers: await anonymousHeaders(first),
        payload: { emailId: DEMO_EMAIL, password },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await first.close();
    }
    const again = await buildApp(testConfig({ dataDir, seedDemo: true }));
    try {
      expect(again.demoLogin?.password).toBe(password);
    } finally {
      await again.close();
    }
    const other = await buildApp(testConfig({ seedDemo: true }));
    try {
      expect(other.demoLogin?.password).toBeTruthy();
      expect(other.demoLogin?.password).not.toBe(password);
    } finally {
      await other.close();
    }
  }, 120_000);

  it("has no constant demo password anywhere in the code, README, scripts or e2e tests", () => {
    const grep = spawnSync(
      "git",
      ["grep", "-n", "-I", "kindred-demo", "--", ".", ":!apps/server/test/delivery.test.ts"],
      { cwd: repoRoot, encoding: "utf8" },
    );
    // git grep exits 1 when nothing matches.
    expect(grep.status).toBe(1);
    expect(grep.stdout).toBe("");
  });
});
