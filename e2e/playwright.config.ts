import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isCI = Boolean(process.env.CI);

// Workers load this file again; the port and the data folder are chosen once, in the runner, and
// handed down through the environment so every worker talks to the same server.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    "-e",
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
}
if (!process.env.E2E_DATA_DIR) {
  const created = mkdtempSync(path.join(os.tmpdir(), "kindred-e2e-"));
  process.env.E2E_DATA_DIR = created;
  // The server is stopped before the runner exits, so its data can go then.
  process.on("exit", () => rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./tests",
  outputDir: "./.artifacts/test-results",
  fullyParallel: true,
  forbidOnly: isCI,
  // A test that passes only on a second try is a flaky test: it fails the run instead.
  retries: 0,
  workers: 2,
  reporter: "list",
  // A whole scenario (up to four browsers, the photo pipeline) took 43-55 s on this machine's
  // slower days with two workers on two cores; each step still fails after 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // Before any system setting: the screens follow the stored theme, never the machine's.
    colorScheme: "light",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
          ],
        },
      },
    },
  ],
  webServer: {
    // The built app, exactly as `npm start` serves it; the build step runs before Playwright.
    command: "node apps/server/dist/server.js",
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: !isCI,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // Every test signs up its own people from this one address.
      RATE_LIMIT_SIGNUP_PER_IP: "10000",
      RATE_LIMIT_LOGIN_PER_IP: "10000",
      // The robot check: real, but a light one (every spec solves it, in the page or the API).
      ALTCHA_MAX_NUMBER: "5000",
      RATE_LIMIT_ALTCHA_PER_IP: "100000",
      // Long conversations are written through the API in a few seconds.
      RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: "100000",
      // moderation.spec.ts signs this address up as the run's admin.
      ADMIN_EMAILS: "e2e.admin@example.com",
    },
  },
});
