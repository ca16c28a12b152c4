import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { BACKUP_MANIFEST, runBackupCommand, runRestoreCommand } from "../src/backup-command.ts";
import { createTestApp, signUpUser } from "./helpers.ts";

const folders: string[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close().catch(() => {})));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "kindred-backup-test-"));
  folders.push(folder);
  return folder;
}

/** Three databases on disk per test (made, restored, opened again): slow on a shared machine. */
const ON_DISK_MS = 240_000;

const quiet = { ...process.env, LOG_LEVEL: "silent", DATABASE_URL: "" };

/** Logs in through the API (with the XSRF pair the sign-up used): the person and their password. */
async function logIn(app: FastifyInstance, person: Awaited<ReturnType<typeof signUpUser>>) {
  const xsrf = person.headers["x-xsrf-token"];
  return app.inject({
    method: "POST",
    url: "/api/login",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf },
    payload: { emailId: person.me.emailId, password: "correct horse battery" },
  });
}

describe.skipIf(process.env.TEST_DATABASE_URL)("backup and restore, embedded database", () => {
  it(
    "copies the database while the server runs and restores it into a fresh data folder",
    async () => {
      const dataDir = tempDir();
      const app = await createTestApp({ dataDir });
      apps.push(app);
      await app.ready(); // the admin socket the command goes through opens here
      const person = await signUpUser(app, { firstName: "Backed" });
      const secret = readFileSync(path.join(dataDir, "community-jwt-secret"), "utf8");

      const target = path.join(tempDir(), "backup");
      const backedUp = await runBackupCommand([target], { ...quiet, DATA_DIR: dataDir });
      expect(backedUp).toEqual({
        code: 0,
        message: `Backed up the embedded database through the running server to ${target}`,
      });
      // The server kept serving: the copy did not take its folder.
      expect((await logIn(app, person)).statusCode).toBe(200);
      const manifest = JSON.parse(readFileSync(path.join(target, BACKUP_MANIFEST), "utf8"));
      expect(manifest).toMatchObject({ format: 1, database: "pglite", via: "server" });
      expect(manifest.files).toContain("community-jwt-secret");

      // Written after the backup: not in it.
      const later = await signUpUser(app, { firstName: "Later" });

      const fresh = path.join(tempDir(), "restored");
      const restored = await runRestoreCommand([target], { ...quiet, DATA_DIR: fresh });
      expect(restored.code).toBe(0);
      expect(restored.message).toContain(`into ${fresh}`);
      expect(readFileSync(path.join(fresh, "community-jwt-secret"), "utf8")).toBe(secret);

      const again = await createTestApp({ dataDir: fresh });
      apps.push(again);
      const login = await logIn(again, person);
      expect(login.statusCode).toBe(200);
      expect(login.json().data).toMatchObject({ _id: person.me._id, firstName: "Backed" });
      expect((await logIn(again, later)).statusCode).toBe(401);
    },
    ON_DISK_MS,
  );

  it(
    "opens the folder itself when no server runs, and restores only into a fresh folder",
    async () => {
      const dataDir = tempDir();
      const app = await createTestApp({ dataDir });
      const person = await signUpUser(app, { firstName: "Offline" });
      await app.close();

      const target = path.join(tempDir(), "backup");
      const backedUp = await runBackupCommand([target], { ...quiet, DATA_DIR: dataDir });
      expect(backedUp.message).toBe(
        `Backed up the embedded database (no server was running) to ${target}`,
      );
      // A second backup into the same folder is refused rather than mixed in.
      const twice = await runBackupCommand([target], { ...quiet, DATA_DIR: dataDir });
      expect(twice.code).toBe(1);
      expect(twice.message).toContain("is not empty");

      // A folder that already holds a database is never overwritten.
      const refused = await runRestoreCommand([target], { ...quiet, DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.message).toContain("already holds a database");
      const notABackup = await runRestoreCommand([tempDir()], { ...quiet, DATA_DIR: tempDir() });
      expect(notABackup.code).toBe(1);
      expect(notABackup.message).toContain("is not a Kindred backup");

      const fresh = path.join(tempDir(), "restored");
      expect((await runRestoreCommand([target], { ...quiet, DATA_DIR: fresh })).code).toBe(0);
      const again = await createTestApp({ dataDir: fresh });
      apps.push(again);
      const login = await logIn(again, person);
      expect(login.statusCode).toBe(200);
      expect(login.json().data.firstName).toBe("Offline");
    },
    ON_DISK_MS,
  );

  it("answers usage for a malformed line", async () => {
    const outcome = await runRestoreCommand([], quiet);
    expect(outcome).toEqual({ code: 2, message: "Usage: npm run restore -- <folder>" });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("backup and restore, PostgreSQL", () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const made: string[] = [];
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  async function database(): Promise<string> {
    const name = `kindred_backup_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    made.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  it(
    "dumps with pg_dump and restores into an empty database only",
    async () => {
      const source = await database();
      const dataDir = tempDir();
      const app = await createTestApp({ databaseUrl: source, dataDir });
      apps.push(app);
      const person = await signUpUser(app, { firstName: "Dumped" });

      const target = path.join(tempDir(), "backup");
      const env = { ...quiet, DATA_DIR: dataDir };
      const backedUp = await runBackupCommand([target], { ...env, DATABASE_URL: source });
      expect(backedUp.message).toBe(`Backed up PostgreSQL (pg_dump) to ${target}`);
      expect(existsSync(path.join(target, "database.pgdump"))).toBe(true);

      const refused = await runRestoreCommand([target], { ...env, DATABASE_URL: source });
      expect(refused.code).toBe(1);
      expect(refused.message).toContain("already has tables");

      const empty = await database();
      const fresh = tempDir();
      const restored = await runRestoreCommand([target], {
        ...quiet,
        DATA_DIR: fresh,
        DATABASE_URL: empty,
      });
      expect(restored.code).toBe(0);
      const again = await createTestApp({ databaseUrl: empty, dataDir: fresh });
      apps.push(again);
      const login = await logIn(again, person);
      expect(login.statusCode).toBe(200);
      expect(login.json().data.firstName).toBe("Dumped");
    },
    ON_DISK_MS,
  );
});

describe("backup folder checks", () => {
  it("refuses a folder that is not a backup, before touching the data folder", async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, BACKUP_MANIFEST), "{}");
    const dataDir = path.join(tempDir(), "untouched");
    mkdirSync(dataDir);
    const outcome = await runRestoreCommand([folder], { ...quiet, DATA_DIR: dataDir });
    expect(outcome.code).toBe(1);
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });
});
