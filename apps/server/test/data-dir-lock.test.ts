import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from "../src/db/data-dir-lock.ts";
import { tempDirsForFile, testConfig } from "./helpers.ts";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Registered first, so its hook runs last: the children are killed before their folders go.
const tempDir = tempDirsForFile("kindred-lock-");
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  if (!child.pid) throw new Error("no pid");
  return child.pid;
}

/** Runs a TypeScript file of this package in a child Node process (through tsx). */
function runTs(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  const waitFor = async (pattern: RegExp, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(stdout)) {
      if (child.exitCode !== null) throw new Error(`exited early: ${stdout} ${stderr}`);
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${pattern}: ${stdout} ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, output, waitFor };
}

function lockHolder(dataDir: string): number {
  return JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), "utf8")).pid;
}

describe("the data folder lock", () => {
  it("refuses a second holder in the same process and lets go on release", () => {
    const dataDir = tempDir();
    const lock = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `The data folder ${dataDir} is in use by another Kindred server (pid ${process.pid})`,
    );
    lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it("takes over a lock whose holder is gone, and an unreadable one", async () => {
    const dataDir = tempDir();
    const lockPath = path.join(dataDir, LOCK_FILE);
    writeFileSync(lockPath, JSON.stringify({ pid: await deadPid(), token: "old" }));
    const app = await buildApp(testConfig({ dataDir }));
    expect(lockHolder(dataDir)).toBe(process.pid);
    await app.close();
    expect(existsSync(lockPath)).toBe(false);

    writeFileSync(lockPath, "not json");
    const lock = acquireDataDirLock(dataDir);
    expect(lockHolder(dataDir)).toBe(process.pid);
    lock.release();
  });

  it("is released when the database fails to open", async () => {
    const dataDir = tempDir();
    // A file where the database folder should be: opening it fails.
    writeFileSync(path.join(dataDir, "pglite"), "not a folder");
    await expect(buildApp(testConfig({ dataDir }))).rejects.toThrow();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it("is released when the process exits without releasing it", async () => {
    const dataDir = tempDir();
    const run = runTs(
      [
        "--input-type=module",
        "-e",
        `import { acquireDataDirLock } from "./src/db/data-dir-lock.ts";
         acquireDataDirLock(process.env.DIR);
         console.log("HELD");
         setTimeout(() => process.exit(0), 200);`,
      ],
      { DIR: dataDir },
    );
    await run.waitFor(/HELD/);
    expect(await run.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it("lets exactly one of several processes take over the same stale lock", async () => {
    const dataDir = tempDir();
    writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: await deadPid(), token: "old" }),
    );
    const script = `
      import { acquireDataDirLock } from "./src/db/data-dir-lock.ts";
      const start = Number(process.env.START_AT);
      while (Date.now() < start) {}
      try {
        const lock = acquireDataDirLock(process.env.DIR);
        console.log("HELD");
        setTimeout(() => { lock.release(); process.exit(0); }, 3000);
      } catch (error) {
        console.log("REFUSED " + error.message);
        process.exit(3);
      }`;
    const startAt = String(Date.now() + 4000);
    const runs = Array.from({ length: 4 }, () =>
      runTs(["--input-type=module", "-e", script], { DIR: dataDir, START_AT: startAt }),
    );
    const codes = await Promise.all(runs.map((run) => run.exited));
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === 3)).toHaveLength(3);
    for (const run of runs) {
      if (run.child.exitCode === 3) expect(run.output().stdout).toMatch(/REFUSED .*in use/);
    }
  }, 60_000);

  it("a second server on a folder a live server holds refuses to start, naming the folder and the pid; SIGTERM releases it", async () => {
    const dataDir = tempDir();
    const env = {
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
      WEB_DIST_DIR: "/nonexistent",
    };
    const first = runTs(["src/server.ts"], env);
    await first.waitFor(/Kindred is running/);
    const pid = first.child.pid;
    expect(lockHolder(dataDir)).toBe(pid);

    // In this process, through buildApp.
    await expect(buildApp(testConfig({ dataDir }))).rejects.toThrow(
      `The data folder ${dataDir} is in use by another Kindred server (pid ${pid})`,
    );
    // As a second server process: one line, exit code 1.
    const second = runTs(["src/server.ts"], env);
    expect(await second.exited).toBe(1);
    const lines = second.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(dataDir);
    expect(lines[0]).toContain(`pid ${pid}`);
    expect(lockHolder(dataDir)).toBe(pid);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const next = await buildApp(testConfig({ dataDir }));
    await next.close();
  }, 120_000);
});

describe("the server process", () => {
  it("prints a banner with the URL, the database and the demo login, and logs one line per API call but none per static file", async () => {
    const dataDir = tempDir();
    const dist = tempDir();
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
    const server = runTs(["src/server.ts"], {
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO: "",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      DATABASE_URL: "",
      REDIS_URL: "",
      WEB_DIST_DIR: dist,
    });
    await server.waitFor(/Kindred is running[\s\S]*Demo login/, 110_000);
    const { stdout } = server.output();
    const url = /URL +(http:\/\/\S+)/.exec(stdout)?.[1];
    const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
    expect(url).toBe(`http://localhost:${port}`);
    expect(stdout).toContain(`Database   embedded PostgreSQL (PGlite) in ${dataDir}`);
    const password = readFileSync(path.join(dataDir, "demo-password"), "utf8").trim();
    expect(stdout).toContain(`Demo login demo@kindred.app / ${password}`);

    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/assets/app-abc123.js`)).status).toBe(200);
    expect((await fetch(`${base}/`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = server
      .output()
      .stdout.split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => "status" in entry);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      method: "GET",
      route: "/api/health",
      status: 200,
      ms: expect.any(Number),
      reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      msg: expect.stringMatching(/^GET \/api\/health 200 [\d.]+ ms$/),
    });

    server.child.kill("SIGINT");
    expect(await server.exited).toBe(0);
  }, 150_000);
});
