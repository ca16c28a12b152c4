// The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly and runs
// synchronously wherever it is called; here it blocks only this worker, never the server's event
// loop. The main thread (pglite-thread.ts) sends one message per statement and orders them so that
// a transaction's statements are never interleaved with anyone else's.
//
// Plain JavaScript on purpose: the file runs as is under tsx, Vitest and from the built bundle
// (build.mjs copies it beside dist/server.js).
import { fsyncSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * PGlite's Node file system (Emscripten's NODEFS) writes straight through to the real files but
 * has no fsync: PostgreSQL's fsync() calls do nothing. This one adds it, so with fsync on a
 * commit returns only after its WAL record is on the disk.
 */
class DurableNodeFS extends NodeFS {
  async init(pg, options) {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    const addFsync = (module) => {
      const nodefs = module.NODEFS;
      nodefs.stream_ops.fsync = (stream) => {
        if (typeof stream.nfd === "number") nodefs.tryFSOperation(() => fsyncSync(stream.nfd));
        return 0;
      };
    };
    result.emscriptenOpts = { ...result.emscriptenOpts, preRun: [...preRun, addFsync] };
    return result;
  }
}

/**
 * PGlite starts PostgreSQL with `-F` (fsync off). Without it, and with WAL flushed by fsync()
 * (PGlite's fdatasync() is a no-op, its fsync() reaches DurableNodeFS above), every commit is on
 * the disk before it is acknowledged.
 */
function durableStartParams() {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
    "-c",
    "fsync=on",
    "-c",
    "wal_sync_method=fsync",
    "-c",
    "synchronous_commit=on",
    "-c",
    "full_page_writes=on",
  ];
}

/** Drizzle passes parsers that keep dates and intervals as text; functions cannot cross threads. */
function keepAsText(oids) {
  return Object.fromEntries(oids.map((oid) => [oid, (value) => value]));
}

/**
 * The types Drizzle's PGlite driver always asks to keep as text (timestamp, timestamptz, interval,
 * date and their arrays, numeric[]). Set once on the instance: PGlite copies its whole parser table
 * for every query that brings parsers of its own.
 */
const DRIZZLE_TEXT_OIDS = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/** A database error as plain data: PostgreSQL's fields (code, constraint, detail...) survive. */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || typeof value === "object") continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/** A parameter as the text PostgreSQL reads, or undefined for one only query() can serialize. */
function paramText(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

const { serialize } = protocol;
/** Named statements by name: the text each was prepared with. */
const named = new Map();
/**
 * Statements prepared on their own, by text (least recently used first), as PostgreSQL drivers
 * with a statement cache do: a statement the server runs again is parsed and planned once, and
 * PostgreSQL keeps a generic plan when it costs no more than planning each time.
 */
const cached = new Map();
const CACHE_SIZE = 300;
let nextCachedId = 1;
/** Statements evicted from the cache, closed with the next run. */
let toClose = [];

/**
 * Runs a prepared statement: one call into the database with Bind, Describe, Execute and Sync
 * together (query() makes six calls and parses and plans the text every time), after Parse the
 * first time. Returns undefined when a parameter needs query()'s serializers (arrays, JSON).
 */
async function runPrepared(name, sql, params, options) {
  const values = (params ?? []).map(paramText);
  if (values.includes(undefined)) return undefined;
  if (named.get(name) !== sql) {
    const close = named.has(name) ? [serialize.close({ type: "S", name })] : [];
    named.delete(name);
    await db.execProtocol(
      concat([...close, serialize.parse({ name, text: sql }), serialize.sync()]),
    );
    named.set(name, sql);
  }
  const closing = toClose.map((old) => serialize.close({ type: "S", name: old }));
  toClose = [];
  const { messages } = await db.execProtocol(
    concat([
      ...closing,
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  );
  const [result] = parse.parseResults(messages, db.parsers, options);
  return { rows: result?.rows ?? [], affectedRows: result?.affectedRows, fields: result?.fields };
}

/** A query() through the statement cache; statements without parameters run as they are. */
async function runCached(message, options) {
  const params = message.params ?? [];
  if (params.length > 0) {
    let name = cached.get(message.sql);
    if (name) cached.delete(message.sql);
    else {
      name = `kindred_${nextCachedId++}`;
      if (cached.size >= CACHE_SIZE) {
        const [oldest, oldName] = cached.entries().next().value;
        cached.delete(oldest);
        named.delete(oldName);
        toClose.push(oldName);
      }
    }
    cached.set(message.sql, name);
    const result = await runPrepared(name, message.sql, params, options);
    if (result) return result;
  }
  return plainQuery(message.sql, params, options);
}

/** PGlite's own query(): parsed and planned every time, with its serializers for every type. */
async function plainQuery(sql, params, options) {
  const result = await db.query(sql, params, options);
  return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
}

const { dataDir, loadDataDir, durable } = workerData;
let db;

async function open() {
  const options = {
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
    relaxedDurability: false,
    parsers: keepAsText(DRIZZLE_TEXT_OIDS),
    // Trigram similarity for search (migration 0012 creates the extension).
    extensions: { pg_trgm },
  };
  if (durable && !dataDir.startsWith("memory://")) {
    return PGlite.create({
      ...options,
      fs: new DurableNodeFS(dataDir),
      startParams: durableStartParams(),
    });
  }
  return PGlite.create(dataDir, options);
}

async function handle(message) {
  // A transaction's first statement brings its BEGIN; if BEGIN fails, the statement is not run.
  if (message.begin) await db.exec("begin");
  switch (message.type) {
    case "query": {
      const options = { rowMode: message.rowMode ?? "object" };
      const extra = (message.textOids ?? []).filter((oid) => !DRIZZLE_TEXT_OIDS.includes(oid));
      if (extra.length > 0) options.parsers = keepAsText(extra);
      return runCached(message, options);
    }
    case "prepared": {
      const options = { rowMode: "object" };
      const result = await runPrepared(message.name, message.sql, message.params, options);
      return result ?? plainQuery(message.sql, message.params ?? [], options);
    }
    case "exec": {
      const results = await db.exec(message.sql);
      return results.map((result) => ({
        rows: result.rows,
        affectedRows: result.affectedRows,
        fields: result.fields,
      }));
    }
    case "dump": {
      const dump = await db.dumpDataDir("none");
      return new Uint8Array(await dump.arrayBuffer());
    }
    case "backup": {
      // A checkpoint first, so the copy holds every committed page and starts up without
      // replaying WAL; nothing else runs meanwhile (one message at a time).
      await db.exec("checkpoint");
      const dump = await db.dumpDataDir("gzip");
      return new Uint8Array(await dump.arrayBuffer());
    }
    case "close": {
      await db.close();
      return null;
    }
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

// One statement at a time, in the order they arrive; the first answer (id 0) says it is open.
let queue = open().then(
  (opened) => {
    db = opened;
    parentPort.postMessage({ id: 0, ok: true, result: null });
  },
  (error) => parentPort.postMessage({ id: 0, ok: false, error: serializeError(error) }),
);
parentPort.on("message", (message) => {
  queue = queue.then(async () => {
    try {
      const result = await handle(message);
      parentPort.postMessage({ id: message.id, ok: true, result });
    } catch (error) {
      parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error) });
    }
  });
});
