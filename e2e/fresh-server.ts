import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The built server started on its own empty database, for a test that must know everything in
 * it (the run's shared server holds every other test's people too). Stopped by `stop()`, which
 * also removes its data folder.
 */
export type FreshServer = { baseURL: string; stop: () => Promise<void> };

/** The outboxes of the fresh servers running now: the fixtures read mails there too. */
export const freshOutboxDirs = new Set<string>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timeout = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timeout);
}

/**
 * `hostname: "localhost"` serves the same loopback address under a name: WebAuthn (passkeys)
 * refuses an IP address as the relying party.
 */
export async function startFreshServer(
  options: {
    hostname?: "127.0.0.1" | "localhost";
    /** A PostgreSQL database (shared by servers given the same one) instead of its own PGlite. */
    databaseUrl?: string;
    /** Redis, for servers that share live chat events, presence and limits. */
    redisUrl?: string;
  } = {},
): Promise<FreshServer> {
  const port = await freePort();
  const baseURL = `http://${options.hostname ?? "127.0.0.1"}:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kindred-e2e-fresh-"));
  let output = "";
  const child = spawn(process.execPath, ["apps/server/dist/server.js"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      REDIS_URL: options.redisUrl ?? "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      RATE_LIMIT_SIGNUP_PER_IP: "10000",
      RATE_LIMIT_LOGIN_PER_IP: "10000",
      // The robot check: real, but a light one (every spec solves it, in the page or the API).
      ALTCHA_MAX_NUMBER: "5000",
      RATE_LIMIT_ALTCHA_PER_IP: "100000",
      // Long conversations are written through the API in a few seconds.
      RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: "100000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const outboxDir = path.join(dataDir, "outbox");
  freshOutboxDirs.add(outboxDir);
  const stop = async () => {
    await stopProcess(child);
    freshOutboxDirs.delete(outboxDir);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the fresh server exited at start:\n${output}`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseURL, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the fresh server was not ready within 90 s:\n${output}`);
}
