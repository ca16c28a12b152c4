// The constants and texts of photos.ts, without zod: a screen that needs only these does
// not load it.

/** An uploaded photo may weigh this much at most (the whole file, before processing). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Images with more pixels are refused before they are decoded (decompression bombs). */
export const PHOTO_MAX_PIXELS = 40_000_000;

/**
 * The stored sizes, in pixels, never upscaled: the thumbnail is a square (lists, chat), the card
 * and the large one keep the crop's shape within these boxes.
 */
export const PHOTO_SIZES = {
  thumb: { width: 96, height: 96 },
  card: { width: 480, height: 720 },
  large: { width: 1080, height: 1620 },
} as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
export const PHOTO_SIZE_NAMES = ["thumb", "card", "large"] as const satisfies readonly PhotoSize[];

/** A stored photo's file for one size: `<key>-<size>.webp`. */
export function photoFileName(key: string, size: PhotoSize): string {
  return `${key}-${size}.webp`;
}

/** The addresses of a stored photo's sizes, on this server (`GET /api/photos/:file`). */
export function photoUrls(key: string): Record<PhotoSize, string> {
  const url = (size: PhotoSize) => `/api/photos/${photoFileName(key, size)}`;
  return { thumb: url("thumb"), card: url("card"), large: url("large") };
}

/** Uploads per account and hour. */
export const PHOTO_UPLOADS_PER_HOUR = 30;

/** The texts of the photo calls: each tells the person what to do next. */
export const PHOTO_MESSAGES = {
  saved: "Photo saved",
  removed: "Photo removed",
  notMultipart:
    "Send the photo as a file upload (multipart/form-data) with the picture in a field named photo.",
  noFile: "Choose a photo to upload.",
  oneFile: "Send one photo at a time.",
  tooLarge: "This photo is larger than 10 MB. Choose a smaller one, or export it at a lower size.",
  notAnImage:
    "This file is not a picture we can use. Choose a JPEG, PNG, WebP, AVIF or HEIC photo.",
  typeMismatch:
    "This file's name or type says one kind of picture but it holds another (a PNG named .jpg, say). Rename it to match, or export it again, and try again.",
  tooManyPixels:
    "This photo has more than 40 megapixels. Resize it to a smaller picture and try again.",
  badCrop:
    "The crop must be a rectangle inside the photo: {x, y, width, height} in pixels of the upright picture. Choose the area again.",
  unknownField: "Send only the fields photo and crop.",
} as const;
