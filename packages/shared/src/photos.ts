import { z } from "zod";
import { PHOTO_MESSAGES } from "./photos-constants.ts";

export * from "./photos-constants.ts";

/** The three sizes of an uploaded photo (addresses on this server). */
export const photoSetSchema = z.object({
  thumb: z.string(),
  card: z.string(),
  large: z.string(),
});
export type PhotoSet = z.infer<typeof photoSetSchema>;

const cropNumber = z.number({ error: PHOTO_MESSAGES.badCrop }).finite(PHOTO_MESSAGES.badCrop);

/**
 * The area to keep, in pixels of the picture as it is shown upright (after its EXIF rotation).
 * Fractions are rounded to whole pixels.
 */
export const photoCropSchema = z.strictObject(
  {
    x: cropNumber.min(0, PHOTO_MESSAGES.badCrop),
    y: cropNumber.min(0, PHOTO_MESSAGES.badCrop),
    width: cropNumber.positive(PHOTO_MESSAGES.badCrop),
    height: cropNumber.positive(PHOTO_MESSAGES.badCrop),
  },
  { error: PHOTO_MESSAGES.badCrop },
);
export type PhotoCrop = z.infer<typeof photoCropSchema>;
