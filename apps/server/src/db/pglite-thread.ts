import { Worker } from "node:worker_threads";
import { DatabaseUnavailableError } from "./errors.ts";

/** What a statement returns: PGlite's own result shape, as Drizzle's PGlite driver reads it. */
export type ThreadResults<T = Record<string, unknown>> = {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
};

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };

/** The statement-level part of PGlite that Drizzle's PGlite driver uses. */
export type ThreadQueryable = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>>;
  exec(sql: string): Promise<ThreadResults[]>;
};

export type PGliteThreadOptions = {
  /** A folder, or `memory://` for a database that lives only as long as the thread. */
  dataDir: string;
  /** Start from this dump (dumpDataDir) instead of running initdb. */
  loadDataDir?: Blob;
  /** fsync every commit's WAL (and data files at checkpoints) to the disk. */
  durable?: boolean;
};

type Reply = { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Job =
  | { kind: "statement"; send: () => void }
  | { kind: "transaction"; run: () => Promise<void> };

/** A query() for the worker; the parsers' type ids say which types to keep as text. */
function queryMessage(sql: string, params: unknown[], options: QueryOptions) {
  return {
    type: "query",
    sql,
    params,
    rowMode: options.rowMode,
    textOids: Object.keys(options.parsers ?? {}).map(Number),
  };
}

/** The worker's copy of a database error, rebuilt with PostgreSQL's fields (code, constraint...). */
function rebuildError(data: Record<string, unknown> | undefined): Error {
  const { message, name, ...fields } = data ?? {};
  const error = new Error(typeof message === "string" ? message : "database error");
  if (typeof name === "string") error.name = name;
  return Object.assign(error, fields);
}

/**
 * PGlite in a worker thread. Its WebAssembly runs synchronously, so in the main thread every
 * statement would stop the event loop for as long as it takes: under load, new connections and
 * requests then wait in the kernel's queues. Here the main thread only posts messages.
 *
 * PGlite is one connection, so statements are ordered here: plain statements are sent at once
 * (the worker runs them in arrival order), a transaction waits for its turn and, until it ends,
 * statements from anyone else wait behind it. A transaction must therefore only use its own `tx`:
 * calling the database outside it from inside would wait for the transaction itself.
 */
export class PGliteThread implements ThreadQueryable {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #replies: Reply[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #inTransaction = false;
  #closed = false;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply) => this.#receive(reply));
    worker.on("error", (error) =>
      this.#fail(
        new DatabaseUnavailableError(`the database thread failed: ${error.message}`, {
          cause: error,
        }),
      ),
    );
    worker.on("exit", (code) => {
      this.#fail(new DatabaseUnavailableError(`the database thread stopped (exit code ${code})`));
    });
  }

  /** Starts the thread and opens the database in it. */
  static async start(options: PGliteThreadOptions): Promise<PGliteThread> {
    const loadDataDir = options.loadDataDir
      ? new Uint8Array(await options.loadDataDir.arrayBuffer())
      : undefined;
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir, durable: options.durable ?? false },
      transferList: loadDataDir ? [loadDataDir.buffer as ArrayBuffer] : [],
    });
    const thread = new PGliteThread(worker);
    try {
      await new Promise((resolve, reject) => thread.#pending.set(0, { resolve, reject }));
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    thread.#idle();
    return thread;
  }

  /**
   * Statements not answered yet: those held behind a transaction and those sent to the thread
   * (it runs one at a time, so all but one of them wait there). Read by /metrics.
   */
  get queueLength(): number {
    return this.#queue.length + this.#pending.size;
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.#statement<ThreadResults<T>>(queryMessage(sql, params, options));
  }

  exec(sql: string) {
    return this.#statement<ThreadResults[]>({ type: "exec", sql });
  }

  /**
   * Runs `sql` as the named prepared statement `name` (one text per name): parsed and planned
   * once, then each run skips straight to execution. Not inside a transaction.
   */
  prepared<T>(name: string, sql: string, params: unknown[] = []) {
    return this.#statement<ThreadResults<T>>({ type: "prepared", name, sql, params });
  }

  /**
   * BEGIN, `fn` with a handle whose statements go straight to the worker, then COMMIT, or
   * ROLLBACK when `fn` throws. Nobody else's statements run in between.
   */
  transaction<T>(fn: (tx: ThreadQueryable) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const run = async () => {
        // BEGIN travels with the transaction's first statement: one trip to the thread fewer
        // for every transaction, during which nobody else's statements may run.
        let begun = false;
        const send = <R>(message: Record<string, unknown>) => {
          const first = !begun;
          begun = true;
          return this.#send<R>(first ? { ...message, begin: true } : message);
        };
        const tx: ThreadQueryable = {
          query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
            send<ThreadResults<R>>(queryMessage(sql, params, options)),
          exec: (sql) => send<ThreadResults[]>({ type: "exec", sql }),
        };
        try {
          let result: T;
          try {
            result = await fn(tx);
          } catch (error) {
            if (begun) await this.#send({ type: "exec", sql: "rollback" }).catch(() => {});
            throw error;
          }
          if (begun) await this.#send({ type: "exec", sql: "commit" });
          resolve(result);
        } catch (error) {
          reject(error);
        }
      };
      this.#enqueue({ kind: "transaction", run });
    });
  }

  /** A dump of the whole data folder (a template for tests). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.#statement<Uint8Array>({ type: "dump" });
    return new Blob([bytes]);
  }

  /**
   * A backup of the whole data folder (a gzipped tar PGlite's loadDataDir takes): a checkpoint,
   * then the copy, in the statement queue, so no transaction is half in it.
   */
  async backup(): Promise<Uint8Array> {
    return this.#statement<Uint8Array>({ type: "backup" });
  }

  /** Closes the database (PostgreSQL's shutdown checkpoint) and stops the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#statement({ type: "close" });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #statement<T>(message: Record<string, unknown>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#enqueue({
        kind: "statement",
        send: () => {
          this.#send<T>(message).then(resolve, reject);
        },
      });
    });
  }

  #enqueue(job: Job) {
    this.#queue.push(job);
    this.#drain();
  }

  /** Sends what may go now: statements until the next transaction, which then runs alone. */
  #drain() {
    while (!this.#inTransaction && this.#queue.length > 0) {
      const job = this.#queue.shift() as Job;
      if (job.kind === "statement") {
        job.send();
        continue;
      }
      this.#inTransaction = true;
      void job.run().finally(() => {
        this.#inTransaction = false;
        this.#drain();
      });
    }
  }

  #send<T = unknown>(message: Record<string, unknown>): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new DatabaseUnavailableError("the database is closed"));
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  /**
   * Answers arrive in bursts (the thread keeps working while the event loop is busy, and Node
   * hands over every waiting message at once); settling them all in one go would run all their
   * requests' remaining work back to back while timers and new connections wait. One answer is
   * settled per turn of the event loop instead.
   */
  #receive(reply: Reply) {
    this.#replies.push(reply);
    if (this.#replies.length === 1) setImmediate(() => this.#settleNext());
  }

  #settleNext() {
    const reply = this.#replies.shift();
    if (reply) this.#settle(reply);
    if (this.#replies.length > 0) setImmediate(() => this.#settleNext());
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(rebuildError(reply.error));
    this.#idle();
  }

  /** While nothing is waiting for an answer, the thread does not keep the process alive. */
  #idle() {
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #fail(error: Error) {
    if (this.#closed) return;
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
