import { createHash } from "node:crypto";
import {
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  type PhotoCrop,
  type PhotoSize,
  photoFileName,
} from "@kindred/shared";
import { HttpError } from "../../plugins/errors.ts";
import { type PhotoOutput, PhotoRefusal, runPhotoJob, type SourceFormat } from "./photo-pool.ts";

/** The files of one processed photo, named by the hash of their content. */
export type ProcessedPhoto = {
  key: string;
  files: { name: string; size: PhotoSize; bytes: Buffer; width: number; height: number }[];
};

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/**
 * The format by the file's first bytes, never its name or declared type. Anything else (SVG, GIF,
 * text, TIFF, PDF...) is refused before any decoder sees it.
 */
export function sniffFormat(bytes: Buffer): SourceFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (
    bytes.length >= 12 &&
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "webp";
  }
  if (bytes.length >= 16 && bytes.toString("latin1", 4, 8) === "ftyp") {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const major = bytes.toString("latin1", 8, 12);
    const compatible: string[] = [];
    for (let at = 16; at + 4 <= boxSize; at += 4)
      compatible.push(bytes.toString("latin1", at, at + 4));
    if (major === "avif" || major === "avis") return "avif";
    if (HEIC_BRANDS.has(major)) {
      return compatible.includes("avif") || compatible.includes("avis") ? "avif" : "heic";
    }
  }
  return null;
}

const REFUSALS = {
  notAnImage: () => new HttpError(400, "PHOTO_NOT_AN_IMAGE", PHOTO_MESSAGES.notAnImage),
  tooManyPixels: () => new HttpError(400, "PHOTO_TOO_MANY_PIXELS", PHOTO_MESSAGES.tooManyPixels),
  badCrop: () =>
    new HttpError(400, "PHOTO_BAD_CROP", PHOTO_MESSAGES.badCrop, [
      { path: "crop", message: PHOTO_MESSAGES.badCrop },
    ]),
};

/**
 * Makes the stored files of a photo: decoded only after its format and pixel count are known,
 * turned upright by its EXIF orientation, cropped (in upright pixels), and written as WebP in the
 * three sizes with no metadata at all (no EXIF, GPS, XMP or ICC profile; colours made sRGB).
 * The decoding and encoding run in the photo threads (photo-pool.ts), never on the event loop;
 * the source is decoded once. Throws the contract's 400 HttpError for anything that is not a
 * usable picture or a bad crop.
 */
export async function processPhoto(bytes: Buffer, crop?: PhotoCrop): Promise<ProcessedPhoto> {
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new HttpError(413, "PHOTO_TOO_LARGE", PHOTO_MESSAGES.tooLarge);
  }
  const format = sniffFormat(bytes);
  if (!format) throw REFUSALS.notAnImage();
  let outputs: PhotoOutput[];
  try {
    outputs = await runPhotoJob({ bytes, format, crop });
  } catch (error) {
    if (error instanceof PhotoRefusal) throw REFUSALS[error.reason]();
    throw error;
  }
  const hash = createHash("sha256");
  for (const output of outputs) hash.update(output.bytes);
  const key = hash.digest("base64url");
  return {
    key,
    files: outputs.map((output) => ({ ...output, name: photoFileName(key, output.size) })),
  };
}
