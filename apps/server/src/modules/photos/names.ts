import { PHOTO_SIZE_NAMES, photoFileName } from "@kindred/shared";

/** The only file names the photo route serves: `<key>-<size>.webp`. */
const PHOTO_FILE = /^([A-Za-z0-9_-]{43})-(thumb|card|large)\.webp$/;

export function photoFileNames(key: string): string[] {
  return PHOTO_SIZE_NAMES.map((size) => photoFileName(key, size));
}

/** True for a name photoFileName can make, and nothing else (no paths, no other extensions). */
export function isPhotoFileName(name: string): boolean {
  return PHOTO_FILE.test(name);
}
