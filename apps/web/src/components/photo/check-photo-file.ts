import { PHOTO_MAX_BYTES } from "@kindred/shared";
import { PHOTO_MESSAGES } from "@/config/copy.ts";

/** What the file input offers; the server still decides by the file's content. */
export const PHOTO_ACCEPT =
  "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.avif,.heic,.heif";

const PHOTO_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
  "image/heic",
  "image/heif",
]);
const PHOTO_NAME = /\.(jpe?g|png|webp|avif|heic|heif)$/i;
/** Types a browser gives a file it does not know (HEIC on most systems but Apple's). */
const UNKNOWN_TYPES = new Set(["", "application/octet-stream"]);

/**
 * Why a chosen file cannot be a photo, in the server's own words, or null when it may be sent:
 * the same type and size limits, checked before a long upload.
 */
export function photoFileProblem(file: File): string | null {
  const type = file.type.toLowerCase();
  const known = UNKNOWN_TYPES.has(type) ? PHOTO_NAME.test(file.name) : PHOTO_TYPES.has(type);
  if (!known || file.size === 0) return PHOTO_MESSAGES.notAnImage;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}
