import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import {
  PHOTO_MAX_PIXELS,
  PHOTO_SIZE_NAMES,
  PHOTO_SIZES,
  type PhotoCrop,
  type PhotoSize,
} from "@kindred/shared";
import { RetryLaterError } from "../../plugins/errors.ts";

export type SourceFormat = "jpeg" | "png" | "webp" | "avif" | "heic";

/** What the pool's threads refuse, as the contract names it (see process.ts). */
export type PhotoRefusalReason = "notAnImage" | "tooManyPixels" | "badCrop";

export class PhotoRefusal extends Error {
  override name = "PhotoRefusal";
  constructor(
    readonly reason: PhotoRefusalReason,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

export type PhotoOutput = { size: PhotoSize; bytes: Buffer; width: number; height: number };

type Job = { bytes: Buffer; format: SourceFormat; crop?: PhotoCrop };
type Reply =
  | {
      id: number;
      ok: true;
      /** The thread holds a large decoder heap: stop it, a new one starts for the next job. */
      recycle?: boolean;
      files: { size: PhotoSize; bytes: Uint8Array; width: number; height: number }[];
    }
  | { id: number; ok: false; reason: PhotoRefusalReason; detail?: string };
type Waiting = Job & {
  id: number;
  resolve: (files: PhotoOutput[]) => void;
  reject: (error: Error) => void;
};
type Slot = { worker?: Worker; job?: Waiting; idleTimer?: NodeJS.Timeout };

/** A thread that has had nothing to do for this long is stopped, and its memory given back. */
const IDLE_MS = 30_000;

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Worker threads that decode and encode photos (photo-worker.mjs), one job per thread at a time,
 * started when first needed and stopped when idle. Jobs wait in arrival order; what may wait at
 * all is bounded by the callers (admitPhotoWork below, or the demo's batches).
 */
class PhotoPool {
  readonly #slots: Slot[];
  readonly #waiting: Waiting[] = [];
  #nextId = 1;

  constructor(readonly threads: number) {
    this.#slots = Array.from({ length: threads }, () => ({}));
  }

  /** Jobs running in a thread plus jobs waiting for one. */
  get inFlight(): number {
    return this.#waiting.length + this.#slots.filter((slot) => slot.job).length;
  }

  run(job: Job): Promise<PhotoOutput[]> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ ...job, id: this.#nextId++, resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch() {
    for (const slot of this.#slots) {
      if (this.#waiting.length === 0) return;
      if (slot.job) continue;
      const job = this.#waiting.shift() as Waiting;
      slot.job = job;
      clearTimeout(slot.idleTimer);
      const worker = slot.worker ?? this.#start(slot);
      worker.ref();
      worker.postMessage({ id: job.id, bytes: job.bytes, format: job.format, crop: job.crop });
    }
  }

  #start(slot: Slot): Worker {
    const worker = new Worker(new URL("./photo-worker.mjs", import.meta.url), {
      workerData: { maxPixels: PHOTO_MAX_PIXELS, sizes: PHOTO_SIZES, sizeNames: PHOTO_SIZE_NAMES },
    });
    slot.worker = worker;
    worker.on("message", (reply: Reply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = undefined;
      if (reply.ok) {
        job.resolve(reply.files.map((file) => ({ ...file, bytes: asBuffer(file.bytes) })));
      } else {
        job.reject(new PhotoRefusal(reply.reason, reply.detail));
      }
      if (reply.ok && reply.recycle) {
        slot.worker = undefined;
        void worker.terminate();
      } else {
        this.#idle(slot, worker);
      }
      this.#dispatch();
    });
    // A thread that dies (out of memory on a hostile file, a crash in a decoder) takes only its
    // own job with it; the next job starts a new thread.
    const lost = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      clearTimeout(slot.idleTimer);
      const job = slot.job;
      slot.job = undefined;
      job?.reject(new PhotoRefusal("notAnImage", error.message));
      this.#dispatch();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the photo thread stopped (exit code ${code})`)));
    return worker;
  }

  /** An idle thread does not keep the process alive, and stops after IDLE_MS. */
  #idle(slot: Slot, worker: Worker) {
    worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.worker !== worker || slot.job) return;
      slot.worker = undefined;
      void worker.terminate();
    }, IDLE_MS);
    slot.idleTimer.unref();
  }
}

/** One thread per core: photo work never runs on the event loop's thread. */
const pool = new PhotoPool(Math.max(1, availableParallelism()));

/** Decodes, crops and encodes one photo in the pool's threads (see photo-worker.mjs). */
export function runPhotoJob(job: Job): Promise<PhotoOutput[]> {
  return pool.run(job);
}

/** Photo jobs running or waiting in this process (for /metrics). */
export function photoWorkInFlight(): number {
  return pool.inFlight;
}

/** Seconds a person is asked to wait when photo work is refused for now. */
export const PHOTO_BUSY_RETRY_SECONDS = 5;
/** Uploads and pasted photos admitted at once in this process: each thread's plus a short queue. */
export const PHOTO_WORK_LIMIT = pool.threads * 4;

export const PHOTO_BUSY_MESSAGES = {
  account: "Your previous photo is still being processed. Try again in a few seconds.",
  server: "Many photos are being processed right now. Try again in a few seconds.",
};

const busyAccounts = new Set<string>();
let admitted = 0;

/**
 * Admits one person's photo work, or throws a 429 RATE_LIMITED with Retry-After: one photo at a
 * time per account, and at most PHOTO_WORK_LIMIT in this process. Returns the release.
 */
export function admitPhotoWork(accountId: string): () => void {
  if (busyAccounts.has(accountId)) {
    throw new RetryLaterError(
      "RATE_LIMITED",
      PHOTO_BUSY_MESSAGES.account,
      PHOTO_BUSY_RETRY_SECONDS,
    );
  }
  if (admitted >= PHOTO_WORK_LIMIT) {
    throw new RetryLaterError("RATE_LIMITED", PHOTO_BUSY_MESSAGES.server, PHOTO_BUSY_RETRY_SECONDS);
  }
  busyAccounts.add(accountId);
  admitted += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    busyAccounts.delete(accountId);
    admitted -= 1;
  };
}
