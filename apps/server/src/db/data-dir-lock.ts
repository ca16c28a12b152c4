import { randomBytes } from "node:crypto";
import {
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

/** The file inside DATA_DIR that names the process owning the folder. */
export const LOCK_FILE = "kindred.lock";

/** A takeover claim older than this was abandoned by a process that died in the middle of one. */
const ABANDONED_CLAIM_MS = 10_000;

type LockRecord = {
  pid: number;
  /** The holder's start time in the kernel's clock ticks (Linux), so a reused pid is not mistaken for it. */
  startTime?: string;
  hostname: string;
  token: string;
  since: string;
};

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Kindred server (pid ${holderPid}). ` +
        "Stop that server first, or set DATA_DIR to another folder.",
    );
  }
}

export type DataDirLock = {
  dataDir: string;
  lockPath: string;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release: () => void;
};

/** Lock files this process holds: a second acquisition of one of them is refused like any other. */
const heldHere = new Map<string, string>();

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), or undefined off Linux. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function isAlive(record: LockRecord): boolean {
  if (!Number.isInteger(record.pid) || record.pid <= 0) return false;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (record.startTime === undefined) return true;
  const now = processStartTime(record.pid);
  return now === undefined || now === record.startTime;
}

/** Reads the lock file and the identity (inode) of the file it came from; null when there is none. */
function readLock(lockPath: string): { record: LockRecord | null; ino: number } | null {
  let fd: number;
  try {
    fd = openSync(lockPath, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const { ino, size } = fstatSync(fd);
    const buffer = Buffer.alloc(Math.min(size, 4096));
    readSync(fd, buffer, 0, buffer.length, 0);
    try {
      return { record: JSON.parse(buffer.toString("utf8")) as LockRecord, ino };
    } catch {
      // Unreadable content cannot name a live holder: it is stale.
      return { record: null, ino };
    }
  } finally {
    closeSync(fd);
  }
}

function unlinkIfPresent(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Replaces a stale lock (inode `staleIno`) by ours. Only the process that creates the claim file
 * (a second name for the stale lock, made with link(), which fails when the name exists) may
 * remove the lock, so two processes can never both take it over. Returns false to start again.
 */
function takeOver(lockPath: string, ours: string, staleIno: number): boolean {
  const claim = `${lockPath}.takeover`;
  try {
    linkSync(lockPath, claim);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code !== "EEXIST") throw error;
    // Someone else is taking over right now; a claim left by a process that died is cleared.
    try {
      if (Date.now() - statSync(claim).ctimeMs > ABANDONED_CLAIM_MS) unlinkIfPresent(claim);
    } catch {}
    sleepSync(20);
    return false;
  }
  try {
    // The lock may have changed between reading it and claiming it.
    if (statSync(claim).ino !== staleIno) return false;
    unlinkSync(lockPath);
    try {
      linkSync(ours, lockPath);
      return true;
    } catch (error) {
      // A new server created the lock the moment it was free: it is the holder now.
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  } finally {
    unlinkIfPresent(claim);
  }
}

/**
 * Makes this process the only one using `dataDir`, or throws DataDirLockedError naming the live
 * holder. The lock file is written in full under a temporary name and linked into place, so it
 * appears atomically and only when absent (like O_EXCL); a lock whose holder is gone is taken over.
 * The lock is released by `release()` and, as a last resort, when the process exits.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const token = randomBytes(16).toString("hex");
  const record: LockRecord = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    hostname: os.hostname(),
    token,
    since: new Date().toISOString(),
  };
  const ours = `${lockPath}.${process.pid}.${token}`;
  writeFileSync(ours, `${JSON.stringify(record)}\n`, { mode: 0o644, flag: "wx" });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(ours, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const current = readLock(lockPath);
      if (!current) continue;
      const holder = current.record;
      const heldByUs = holder?.token !== undefined && heldHere.get(lockPath) === holder.token;
      if (holder && (heldByUs || (holder.pid !== process.pid && isAlive(holder)))) {
        throw new DataDirLockedError(dataDir, holder.pid);
      }
      if (takeOver(lockPath, ours, current.ino)) break;
      if (attempt > 200) throw new Error(`Could not take over the stale lock ${lockPath}`);
    }
  } finally {
    unlinkIfPresent(ours);
  }
  heldHere.set(lockPath, token);

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener("exit", release);
    if (heldHere.get(lockPath) === token) heldHere.delete(lockPath);
    try {
      // Only our own lock: never remove one another process has taken over since.
      if (readLock(lockPath)?.record?.token === token) unlinkSync(lockPath);
    } catch {}
  };
  process.on("exit", release);
  return { dataDir, lockPath, release };
}
