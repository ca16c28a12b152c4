/**
 * Crash check for the embedded database: starts the built server (apps/server/dist/server.js) on
 * a fresh data folder, signs people up from 8 clients at once, kills the server with SIGKILL while
 * sign-ups are still in flight, starts it again on the same folder and logs in as every person
 * whose sign-up was answered 201. Any acknowledged sign-up that cannot log in is a lost write.
 *
 *   npm run bench:crash            (CRASH_ROUNDS=3 by default; BENCH_NO_BUILD=true skips the build)
 *
 * Exits 1 when a write was lost or the server did not come back.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { botCheckOverHttp, cookieValue, LIGHT_BOT_CHECK_ENV } from "./http-client.ts";
import { freePort, sleep, waitUntilReady } from "./server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const PASSWORD = "correct horse battery";

async function start(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "apps/server/dist/server.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: path.join(root, "bench/no-web-dist"),
      RATE_LIMIT_SIGNUP_PER_IP: "1000000",
      ...LIGHT_BOT_CHECK_ENV,
      RATE_LIMIT_LOGIN_PER_IP: "1000000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, base, () => errors);
  return { child, base };
}

async function xsrfFor(base: string): Promise<string> {
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
  const xsrf = cookieValue(response, "XSRF-TOKEN");
  if (!xsrf) throw new Error("no XSRF-TOKEN cookie");
  return xsrf;
}

async function post(base: string, url: string, body: unknown): Promise<Response> {
  const xsrf = await xsrfFor(base);
  return fetch(`${base}${url}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${xsrf}`,
      "x-xsrf-token": xsrf,
    },
    body: JSON.stringify(body),
  });
}

/** Signs people up until stopped; returns the emails answered 201. */
function signUpUntilKilled(base: string) {
  const acknowledged: string[] = [];
  let running = true;
  const workers = Array.from({ length: 8 }, async () => {
    while (running) {
      const email = `crash-${randomBytes(6).toString("hex")}@example.com`;
      try {
        const response = await post(base, "/api/signup", {
          ...(await botCheckOverHttp(base)),
          firstName: "Crash",
          lastName: "Check",
          emailId: email,
          password: PASSWORD,
          skills: ["Programming", "Chess", "Hiking"],
        });
        await response.arrayBuffer();
        if (response.status === 201) acknowledged.push(email);
      } catch {
        // the server is gone: this sign-up was never acknowledged
      }
    }
  });
  return {
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

if (process.env.BENCH_NO_BUILD !== "true") {
  const built = spawnSync(process.execPath, [path.join(root, "apps/server/build.mjs")], {
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "kindred-crash-"));
let lost = 0;
let total = 0;
try {
  const everyone: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const server = await start(dataDir);
    const load = signUpUntilKilled(server.base);
    // Let some sign-ups through, then kill without warning while others are in flight.
    const until = Date.now() + 30_000;
    while (load.acknowledged.length < 10 && Date.now() < until) await sleep(20);
    await sleep(Math.random() * 500);
    server.child.kill("SIGKILL");
    await new Promise((resolve) => server.child.once("exit", resolve));
    await load.stop();
    everyone.push(...load.acknowledged);
    console.log(
      `round ${round}: ${load.acknowledged.length} sign-ups answered 201, then SIGKILL mid-flight`,
    );
  }
  // Started once more on the same folder: every acknowledged person must be able to log in.
  const server = await start(dataDir);
  for (const email of everyone) {
    const response = await post(server.base, "/api/login", { emailId: email, password: PASSWORD });
    await response.arrayBuffer();
    total += 1;
    if (response.status !== 200) {
      lost += 1;
      console.log(`LOST: ${email} answers ${response.status} after the restart`);
    }
  }
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`${total} acknowledged sign-ups, ${lost} lost after ${ROUNDS} kill -9 restarts`);
process.exit(lost === 0 && total > 0 ? 0 : 1);
