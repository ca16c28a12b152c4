// What `npm run backup -- [folder]` and `npm run restore -- <folder>` do. A backup is a folder:
// the database (a gzipped tar of the embedded one, or pg_dump's custom format), the data folder's
// secrets, and the photos when they are kept on disk. The embedded database has one owner: while
// a server holds the data folder, the copy is taken through it (its admin socket), between two
// statements after a checkpoint; otherwise the command opens the folder itself.
import { spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import pg from "pg";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { acquireDataDirLock, DataDirLockedError } from "./db/data-dir-lock.ts";
import { PGliteThread } from "./db/pglite-thread.ts";
import { adminSocketPath } from "./plugins/admin-socket.ts";

/** The file that says what a backup folder holds. */
export const BACKUP_MANIFEST = "kindred-backup.json";
const PGLITE_FILE = "database.tar.gz";
const POSTGRES_FILE = "database.pgdump";
/** The data folder's own files worth keeping: without them tokens and push keys change. */
const DATA_FILES = ["community-jwt-secret", "vapid-keys.json", "demo-password"];
const PHOTOS = "photos";

/** How long the command waits for a starting server, or for another holder of the folder. */
const WAIT_MS = 60_000;
const RETRY_MS = 250;

export type BackupManifest = {
  format: 1;
  database: "pglite" | "postgres";
  createdAt: string;
  /** Files copied from the data folder (under files/). */
  files: string[];
  /** Whether photos/ holds the photos (kept on disk; with S3 they stay in the bucket). */
  photos: boolean;
  /** How the embedded database was copied: through the running server, or opened directly. */
  via?: "server" | "direct";
};

/** What the command says, and its exit code: 0 done, 1 refused or failed, 2 a malformed line. */
export type CommandOutcome = { code: 0 | 1 | 2; message: string };

class CommandError extends Error {}

function readConfig(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new CommandError(`Invalid configuration: ${error.message}`);
    }
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Through the running server's socket; null when no server answers there. */
function backupThroughServer(socketPath: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ socketPath, method: "GET", path: "/backup" }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) return resolve(body);
        let message = `The server answered ${response.statusCode}.`;
        try {
          message = (JSON.parse(body.toString("utf8")) as { message?: string }).message ?? message;
        } catch {}
        reject(new CommandError(message));
      });
    });
    req.on("error", () => resolve(null));
    req.end();
  });
}

async function backupDirectly(pgliteDir: string): Promise<Uint8Array> {
  if (!existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    throw new CommandError(`There is no database in ${pgliteDir} to back up.`);
  }
  const thread = await PGliteThread.start({ dataDir: pgliteDir, durable: true });
  try {
    return await thread.backup();
  } finally {
    await thread.close();
  }
}

async function backupEmbedded(
  dataDir: string,
): Promise<{ bytes: Uint8Array; via: "server" | "direct" }> {
  const socketPath = adminSocketPath(dataDir);
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const fromServer = await backupThroughServer(socketPath);
    if (fromServer) return { bytes: fromServer, via: "server" };
    try {
      const lock = acquireDataDirLock(dataDir);
      try {
        return { bytes: await backupDirectly(path.join(dataDir, "pglite")), via: "direct" };
      } finally {
        lock.release();
      }
    } catch (error) {
      // A server is starting (its socket opens once it is ready) or another command runs.
      if (!(error instanceof DataDirLockedError) || Date.now() > until) throw error;
    }
    await sleep(RETRY_MS);
  }
}

/** Runs one of PostgreSQL's client tools; its error output becomes the failure's message. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      errors += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new CommandError(
          error.code === "ENOENT"
            ? `${command} was not found: install PostgreSQL's client tools (the server's major version or newer).`
            : error.message,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new CommandError(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

async function backup(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  if (args.length > 1) throw new CommandError("Usage: npm run backup -- [folder]");
  const config = readConfig(env);
  const createdAt = new Date();
  const target = path.resolve(args[0] ?? `kindred-backup-${timestamp(createdAt)}`);
  if (!isEmptyFolder(target)) {
    throw new CommandError(`${target} is not empty: name a new folder for the backup.`);
  }
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const manifest: BackupManifest = {
    format: 1,
    database: config.databaseUrl ? "postgres" : "pglite",
    createdAt: createdAt.toISOString(),
    files: [],
    photos: false,
  };
  if (config.databaseUrl) {
    await runTool("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${path.join(target, POSTGRES_FILE)}`,
      `--dbname=${config.databaseUrl}`,
    ]);
  } else {
    if (config.dataDir.startsWith("memory://")) {
      throw new CommandError("DATA_DIR is memory://: there is nothing on disk to back up.");
    }
    const { bytes, via } = await backupEmbedded(config.dataDir);
    writeFileSync(path.join(target, PGLITE_FILE), bytes, { mode: 0o600 });
    manifest.via = via;
  }
  // The data folder's secrets and, when kept there, the photos: after the database, so every
  // photo the copied database names is there (files are never changed, only added or removed).
  for (const name of DATA_FILES) {
    const source = path.join(config.dataDir, name);
    if (!existsSync(source)) continue;
    mkdirSync(path.join(target, "files"), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(target, "files", name), readFileSync(source), { mode: 0o600 });
    manifest.files.push(name);
  }
  const photos = path.join(config.dataDir, PHOTOS);
  if (!config.s3 && existsSync(photos)) {
    cpSync(photos, path.join(target, PHOTOS), {
      recursive: true,
      // A photo being written is a dot-file renamed into place once whole.
      filter: (source) => !path.basename(source).startsWith("."),
    });
    manifest.photos = true;
  }
  writeFileSync(path.join(target, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  const how =
    manifest.database === "postgres"
      ? "PostgreSQL (pg_dump)"
      : manifest.via === "server"
        ? "the embedded database through the running server"
        : "the embedded database (no server was running)";
  return `Backed up ${how} to ${target}`;
}

function readManifest(folder: string): BackupManifest {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(folder, BACKUP_MANIFEST), "utf8"),
    ) as BackupManifest;
    if (manifest.format !== 1) throw new Error("unknown format");
    return manifest;
  } catch {
    throw new CommandError(`${folder} is not a Kindred backup (no readable ${BACKUP_MANIFEST}).`);
  }
}

async function restoreEmbedded(config: Config, folder: string): Promise<void> {
  const { dataDir } = config;
  if (dataDir.startsWith("memory://")) {
    throw new CommandError("DATA_DIR is memory://: set it to the folder to restore into.");
  }
  const pgliteDir = path.join(dataDir, "pglite");
  if (!isEmptyFolder(pgliteDir)) {
    throw new CommandError(
      `${dataDir} already holds a database: restore into a new data folder (set DATA_DIR), then point the server at it.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  // Held while restoring, so no server starts on the half-made folder.
  const lock = acquireDataDirLock(dataDir);
  try {
    const bytes = readFileSync(path.join(folder, PGLITE_FILE));
    // Unpacked into the folder, then migrated to this version, then closed cleanly.
    const handle = await openDatabase({ dataDir: pgliteDir, loadDataDir: new Blob([bytes]) });
    await handle.close();
  } finally {
    lock.release();
  }
}

async function restorePostgres(url: string, folder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ count: string }>(
      "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if (Number(tables.rows[0]?.count ?? 0) > 0) {
      throw new CommandError(
        "The database DATABASE_URL names already has tables: restore into a new, empty database.",
      );
    }
  } finally {
    await client.end();
  }
  await runTool("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    `--dbname=${url}`,
    path.join(folder, POSTGRES_FILE),
  ]);
}

async function restore(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const [source, ...rest] = args;
  if (!source || rest.length > 0) throw new CommandError("Usage: npm run restore -- <folder>");
  const folder = path.resolve(source);
  const manifest = readManifest(folder);
  const config = readConfig(env);
  if (manifest.database === "postgres") {
    if (!config.databaseUrl) {
      throw new CommandError(
        "This backup is of a PostgreSQL database: set DATABASE_URL to the empty database to restore into.",
      );
    }
    await restorePostgres(config.databaseUrl, folder);
  } else {
    if (config.databaseUrl) {
      throw new CommandError(
        "This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to the new folder.",
      );
    }
    await restoreEmbedded(config, folder);
  }
  if (!config.dataDir.startsWith("memory://")) {
    for (const name of manifest.files) {
      if (!DATA_FILES.includes(name)) continue;
      mkdirSync(config.dataDir, { recursive: true });
      const targetFile = path.join(config.dataDir, name);
      writeFileSync(targetFile, readFileSync(path.join(folder, "files", name)));
      chmodSync(targetFile, 0o600);
    }
    if (manifest.photos) {
      cpSync(path.join(folder, PHOTOS), path.join(config.dataDir, PHOTOS), { recursive: true });
    }
  }
  const where =
    manifest.database === "postgres" ? "the database DATABASE_URL names" : config.dataDir;
  return `Restored the backup of ${manifest.createdAt} into ${where}.`;
}

async function outcomeOf(run: () => Promise<string>): Promise<CommandOutcome> {
  try {
    return { code: 0, message: await run() };
  } catch (error) {
    if (error instanceof CommandError && error.message.startsWith("Usage:")) {
      return { code: 2, message: error.message };
    }
    return { code: 1, message: error instanceof Error ? error.message : String(error) };
  }
}

/** `npm run backup -- [folder]`: a new folder (default kindred-backup-<time> here). */
export function runBackupCommand(args: string[], env: NodeJS.ProcessEnv): Promise<CommandOutcome> {
  return outcomeOf(() => backup(args, env));
}

/** `npm run restore -- <folder>`: into a new DATA_DIR, or an empty DATABASE_URL database. */
export function runRestoreCommand(args: string[], env: NodeJS.ProcessEnv): Promise<CommandOutcome> {
  return outcomeOf(() => restore(args, env));
}
