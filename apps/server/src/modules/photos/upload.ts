import multipart from "@fastify/multipart";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, type PhotoCrop, photoCropSchema } from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { sniffFormat } from "./process.ts";

// Taking one picture upload: the multipart scope, the file read whole (or refused with the
// contract's error), its claimed format checked against its content. Used by the profile photo's
// route here and, through app.photoUploads, by chat's.

/** The crop field's text: JSON of {x, y, width, height}, or a 400 that says how to fix it. */
function parseCrop(text: string): PhotoCrop {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = photoCropSchema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(400, "PHOTO_BAD_CROP", PHOTO_MESSAGES.badCrop, [
      { path: "crop", message: PHOTO_MESSAGES.badCrop },
    ]);
  }
  return parsed.data;
}

const badRequest = (code: string, message: string) => new HttpError(400, code, message);

/** The multipart plugin's own failures, in the contract's words. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new HttpError(413, "PHOTO_TOO_LARGE", PHOTO_MESSAGES.tooLarge);
    case "FST_FILES_LIMIT":
      return badRequest("PHOTO_ONE_FILE", PHOTO_MESSAGES.oneFile);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
    case "FST_PROTO_VIOLATION":
      return badRequest("PHOTO_UNKNOWN_FIELD", PHOTO_MESSAGES.unknownField);
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", PHOTO_MESSAGES.notMultipart);
    case "FST_MP_PREMATURE_CLOSE":
      return badRequest(
        "BAD_REQUEST",
        "The upload ended before the whole file arrived. Try again.",
      );
    default:
      // busboy's own complaints (a broken multipart body) are the client's, not ours.
      if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
        return badRequest("BAD_REQUEST", "The upload could not be read. Try again.");
      }
      return error;
  }
}

type ClaimedFormat = "jpeg" | "png" | "webp" | "heif";

const FORMAT_BY_EXTENSION: Record<string, ClaimedFormat> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  jpe: "jpeg",
  jfif: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
  heic: "heif",
  heif: "heif",
};

const FORMAT_BY_TYPE: Record<string, ClaimedFormat> = {
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/pjpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "heif",
  "image/heic": "heif",
  "image/heif": "heif",
  "image/heic-sequence": "heif",
  "image/heif-sequence": "heif",
};

/**
 * The content decides what a file is; a name or declared type that names another picture format
 * (a PNG named .jpg) is refused rather than trusted or silently overruled. AVIF and HEIC share
 * one container, so either name fits either. A name or type that names no picture format
 * (`application/octet-stream`, no extension) claims nothing.
 */
function checkClaimedFormat(bytes: Buffer, filename: string, mimetype: string): void {
  const actual = sniffFormat(bytes);
  if (!actual) return; // Not a picture at all: the pipeline says so.
  const content: ClaimedFormat = actual === "avif" || actual === "heic" ? "heif" : actual;
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const claims = [
    extension ? FORMAT_BY_EXTENSION[extension] : undefined,
    FORMAT_BY_TYPE[mimetype.toLowerCase().split(";")[0]?.trim() ?? ""],
  ];
  if (claims.some((claim) => claim !== undefined && claim !== content)) {
    throw badRequest("PHOTO_TYPE_MISMATCH", PHOTO_MESSAGES.typeMismatch);
  }
}

/** Reads the one `photo` file (whole, or a 413 when it passes the limit) and the `crop` field. */
export async function readUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; crop?: PhotoCrop }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", PHOTO_MESSAGES.notMultipart);
  }
  let bytes: Buffer | undefined;
  let crop: PhotoCrop | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "photo") {
          throw badRequest("PHOTO_UNKNOWN_FIELD", PHOTO_MESSAGES.unknownField);
        }
        if (bytes) throw badRequest("PHOTO_ONE_FILE", PHOTO_MESSAGES.oneFile);
        // Throws when the file passes the limit, rather than handing back a cut one.
        bytes = await part.toBuffer();
        checkClaimedFormat(bytes, part.filename ?? "", part.mimetype ?? "");
      } else if (part.fieldname === "crop" && crop === undefined) {
        crop = parseCrop(String(part.value));
      } else {
        throw badRequest("PHOTO_UNKNOWN_FIELD", PHOTO_MESSAGES.unknownField);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!bytes || bytes.length === 0) throw badRequest("PHOTO_MISSING", PHOTO_MESSAGES.noFile);
  return { bytes, crop };
}

export const photoErrors = {
  400: errorResponse(
    "Not a JPEG, PNG, WebP, AVIF or HEIC picture (`code` PHOTO_NOT_AN_IMAGE), over 40 megapixels (PHOTO_TOO_MANY_PIXELS), a name or type that names another picture format than the content (PHOTO_TYPE_MISMATCH), a crop outside the picture (PHOTO_BAD_CROP), no file (PHOTO_MISSING), two files (PHOTO_ONE_FILE) or another field (PHOTO_UNKNOWN_FIELD)",
  ),
  413: errorResponse("The file is larger than 10 MB (`code` PHOTO_TOO_LARGE)"),
  415: errorResponse("The body is not multipart/form-data (`code` UNSUPPORTED_MEDIA_TYPE)"),
  429: errorResponse(
    "Over the hourly limit of uploads, while the person's previous photo is still being processed, or while the server has as much photo work as it takes (`code` RATE_LIMITED); see the Retry-After header",
  ),
};

/**
 * Makes a scope take one photo upload per request (multipart, 10 MB); any other body type reaches
 * the handler unread, for readUpload to say what to send (415). Only for the upload routes' own
 * scope: every other route keeps its 64 KiB JSON body.
 */
export async function acceptPhotoUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: PHOTO_MAX_BYTES,
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: 1024,
      fieldNameSize: 64,
      headerPairs: 20,
    },
  });
  scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
}
