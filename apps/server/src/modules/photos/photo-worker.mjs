// One thread of the photo pool (photo-pool.ts). Decoding a picture can take seconds of CPU: HEIC
// runs libheif's WebAssembly synchronously wherever it is called, so here it blocks only this
// thread, never the server's event loop. The source is decoded once, to the largest size; the
// smaller sizes are made from that.
//
// Plain JavaScript on purpose: the file runs as is under tsx, Vitest and from the built bundle
// (build.mjs copies it beside dist/server.js).
import { createRequire } from "node:module";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import sharp from "sharp";

/** @type {{ maxPixels: number; sizes: Record<string, { width: number; height: number }>; sizeNames: string[] }} */
const { maxPixels, sizes, sizeNames } = workerData;

// One libvips thread per job: the pool already runs one job per core, and sharp's work runs on
// libuv's shared threads, which password hashing (argon2) and file access also need.
sharp.concurrency(1);
// Nothing is read twice; a cache would only hold memory.
sharp.cache(false);
// Linux gives each thread its own nice value: this thread yields the CPU to the event loop's
// thread (requests, log-ins) whenever both want it. Elsewhere this may fail, which changes nothing.
try {
  os.setPriority(0, 10);
} catch {
  // not permitted here: the thread runs at the process's priority
}

/** A refusal the main thread turns into the contract's error (see photo-pool.ts). */
class Refusal extends Error {
  /** @param {"notAnImage" | "tooManyPixels" | "badCrop"} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

let heicDecoder;

/** HEIC through libheif (WebAssembly): sharp's own libvips has no HEVC decoder. */
async function decodeHeic(bytes) {
  heicDecoder ??= createRequire(import.meta.url)("heic-decode");
  let images;
  try {
    images = await heicDecoder.all({ buffer: bytes });
  } catch {
    throw new Refusal("notAnImage");
  }
  try {
    const first = images[0];
    if (!first) throw new Refusal("notAnImage");
    // Checked before the pixels are decoded.
    if (first.width * first.height > maxPixels) throw new Refusal("tooManyPixels");
    const { data } = await first.decode().catch(() => {
      throw new Refusal("notAnImage");
    });
    return {
      input: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      options: { raw: { width: first.width, height: first.height, channels: 4 } },
      // libheif applies the container's rotation itself; there is no EXIF orientation left.
      rotate: false,
      width: first.width,
      height: first.height,
    };
  } finally {
    images.dispose();
  }
}

/** Any other format through sharp, after its header says what it is and how large. */
async function openWithSharp(bytes, format) {
  const options = { limitInputPixels: maxPixels, failOn: "error" };
  let metadata;
  try {
    // Reads the header only: the pixel count is checked before anything is decoded.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new Refusal("notAnImage");
  }
  const expected = format === "avif" ? "heif" : format;
  if (metadata.format !== expected || !metadata.width || !metadata.height) {
    throw new Refusal("notAnImage");
  }
  if (metadata.width * metadata.height > maxPixels) throw new Refusal("tooManyPixels");
  const sideways = (metadata.orientation ?? 1) >= 5;
  return {
    input: bytes,
    options,
    rotate: true,
    width: sideways ? metadata.height : metadata.width,
    height: sideways ? metadata.width : metadata.height,
  };
}

/** Whole pixels inside the upright picture; fractions from a browser cropper are rounded. */
function cropBox(crop, width, height) {
  const left = Math.round(crop.x);
  const top = Math.round(crop.y);
  // A cropper's float sums may pass the edge by a fraction; more than a pixel is a bad crop.
  const right = Math.round(crop.x + crop.width);
  const bottom = Math.round(crop.y + crop.height);
  if (crop.x + crop.width > width + 1 || crop.y + crop.height > height + 1) {
    throw new Refusal("badCrop");
  }
  const box = {
    left,
    top,
    width: Math.min(right, width) - left,
    height: Math.min(bottom, height) - top,
  };
  if (box.width < 1 || box.height < 1 || left >= width || top >= height) {
    throw new Refusal("badCrop");
  }
  return box;
}

/**
 * Upright, cropped, decoded once to the largest size (colours made sRGB, no metadata kept), then
 * each size encoded as WebP from those pixels, one after another.
 */
async function processPhoto({ bytes: received, format, crop }) {
  // A Buffer posted to a thread arrives as a plain Uint8Array.
  const bytes = Buffer.from(received.buffer, received.byteOffset, received.byteLength);
  const source = format === "heic" ? await decodeHeic(bytes) : await openWithSharp(bytes, format);
  const box = crop ? cropBox(crop, source.width, source.height) : null;
  let pipeline = sharp(source.input, source.options);
  if (source.rotate) pipeline = pipeline.rotate();
  if (box) pipeline = pipeline.extract(box);
  let base;
  try {
    base = await pipeline
      .resize({ ...sizes.large, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A header that promised a picture over a body that is not one (truncated, corrupt).
    throw new Refusal("notAnImage");
  }
  const raw = {
    raw: { width: base.info.width, height: base.info.height, channels: base.info.channels },
  };
  const files = [];
  for (const size of sizeNames) {
    const { data, info } = await sharp(base.data, raw)
      .resize({
        ...sizes[size],
        fit: size === "thumb" ? "cover" : "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: size === "thumb" ? 75 : 80 })
      .toBuffer({ resolveWithObject: true });
    files.push({ size, bytes: data, width: info.width, height: info.height });
  }
  return { files, pixels: source.width * source.height };
}

/**
 * WebAssembly memory never shrinks: after a HEIC this large, libheif's heap stays hundreds of
 * megabytes big. The thread then asks to be replaced, which gives that memory back.
 */
const RECYCLE_AFTER_HEIC_PIXELS = 12_000_000;

parentPort.on("message", async (job) => {
  try {
    const { files, pixels } = await processPhoto(job);
    const recycle = job.format === "heic" && pixels > RECYCLE_AFTER_HEIC_PIXELS;
    parentPort.postMessage({ id: job.id, ok: true, files, recycle });
  } catch (error) {
    // Anything else a decoder or encoder throws is a picture it could not read, as before.
    const reason = error instanceof Refusal ? error.reason : "notAnImage";
    const detail = error instanceof Error ? error.message : String(error);
    parentPort.postMessage({ id: job.id, ok: false, reason, detail });
  }
});
