import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MESSAGES,
  PHOTO_SIZE_NAMES,
  PHOTO_SIZES,
  type PhotoCrop,
  type PhotoSize,
  photoFileName,
} from "@kindred/shared";
import sharp, { type Metadata, type Sharp } from "sharp";
import { HttpError } from "../../plugins/errors.ts";

/** The files of one processed photo, named by the hash of their content. */
export type ProcessedPhoto = {
  key: string;
  files: { name: string; size: PhotoSize; bytes: Buffer; width: number; height: number }[];
};

type SourceFormat = "jpeg" | "png" | "webp" | "avif" | "heic";

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

const notAnImage = () => new HttpError(400, "PHOTO_NOT_AN_IMAGE", PHOTO_MESSAGES.notAnImage);
const tooManyPixels = () =>
  new HttpError(400, "PHOTO_TOO_MANY_PIXELS", PHOTO_MESSAGES.tooManyPixels);
const badCrop = () =>
  new HttpError(400, "PHOTO_BAD_CROP", PHOTO_MESSAGES.badCrop, [
    { path: "crop", message: PHOTO_MESSAGES.badCrop },
  ]);

type HeicImage = { width: number; height: number; decode(): Promise<{ data: Uint8ClampedArray }> };
type HeicDecoder = { all(input: { buffer: Buffer }): Promise<HeicImage[] & { dispose(): void }> };
let heicDecoder: HeicDecoder | undefined;

/** HEIC through libheif (WebAssembly): sharp's own libvips has no HEVC decoder. */
async function decodeHeic(
  bytes: Buffer,
): Promise<{ input: Buffer; width: number; height: number }> {
  heicDecoder ??= createRequire(import.meta.url)("heic-decode") as HeicDecoder;
  let images: Awaited<ReturnType<HeicDecoder["all"]>>;
  try {
    images = await heicDecoder.all({ buffer: bytes });
  } catch {
    throw notAnImage();
  }
  try {
    const first = images[0];
    if (!first) throw notAnImage();
    // Checked before the pixels are decoded.
    if (first.width * first.height > PHOTO_MAX_PIXELS) throw tooManyPixels();
    const { data } = await first.decode().catch(() => {
      throw notAnImage();
    });
    return {
      input: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      width: first.width,
      height: first.height,
    };
  } finally {
    images.dispose();
  }
}

/** Whole pixels inside the upright picture; fractions from a browser cropper are rounded. */
function cropBox(crop: PhotoCrop, width: number, height: number) {
  const left = Math.round(crop.x);
  const top = Math.round(crop.y);
  // A cropper's float sums may pass the edge by a fraction; more than a pixel is a bad crop.
  const right = Math.round(crop.x + crop.width);
  const bottom = Math.round(crop.y + crop.height);
  if (crop.x + crop.width > width + 1 || crop.y + crop.height > height + 1) throw badCrop();
  const box = {
    left,
    top,
    width: Math.min(right, width) - left,
    height: Math.min(bottom, height) - top,
  };
  if (box.width < 1 || box.height < 1 || left >= width || top >= height) throw badCrop();
  return box;
}

/**
 * Makes the stored files of a photo: decoded only after its format and pixel count are known,
 * turned upright by its EXIF orientation, cropped (in upright pixels), and written as WebP in the
 * three sizes with no metadata at all (no EXIF, GPS, XMP or ICC profile; colours made sRGB).
 * Throws the contract's 400 HttpError for anything that is not a usable picture or a bad crop.
 */
export async function processPhoto(bytes: Buffer, crop?: PhotoCrop): Promise<ProcessedPhoto> {
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new HttpError(413, "PHOTO_TOO_LARGE", PHOTO_MESSAGES.tooLarge);
  }
  const format = sniffFormat(bytes);
  if (!format) throw notAnImage();

  let source: () => Sharp;
  let width: number;
  let height: number;
  if (format === "heic") {
    const raw = await decodeHeic(bytes);
    // libheif applies the container's rotation itself; there is no EXIF orientation left to read.
    source = () => sharp(raw.input, { raw: { width: raw.width, height: raw.height, channels: 4 } });
    width = raw.width;
    height = raw.height;
  } else {
    const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" } as const;
    let metadata: Metadata;
    try {
      // Reads the header only: the pixel count is checked before anything is decoded.
      metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    } catch {
      throw notAnImage();
    }
    const expected = format === "avif" ? "heif" : format;
    if (metadata.format !== expected || !metadata.width || !metadata.height) throw notAnImage();
    if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw tooManyPixels();
    const sideways = (metadata.orientation ?? 1) >= 5;
    width = sideways ? metadata.height : metadata.width;
    height = sideways ? metadata.width : metadata.height;
    source = () => sharp(bytes, options).rotate();
  }

  const box = crop ? cropBox(crop, width, height) : null;
  try {
    const outputs = await Promise.all(
      PHOTO_SIZE_NAMES.map(async (size) => {
        const target = PHOTO_SIZES[size];
        const image = box ? source().extract(box) : source();
        const { data, info } = await image
          .resize({
            width: target.width,
            height: target.height,
            fit: size === "thumb" ? "cover" : "inside",
            withoutEnlargement: true,
          })
          .webp({ quality: size === "thumb" ? 75 : 80 })
          .toBuffer({ resolveWithObject: true });
        return { size, bytes: data, width: info.width, height: info.height };
      }),
    );
    const hash = createHash("sha256");
    for (const output of outputs) hash.update(output.bytes);
    const key = hash.digest("base64url");
    return {
      key,
      files: outputs.map((output) => ({ ...output, name: photoFileName(key, output.size) })),
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A header that promised a picture over a body that is not one (truncated, corrupt).
    throw notAnImage();
  }
}
