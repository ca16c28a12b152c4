import { type PhotoCrop, photoFileName } from "@kindred/shared";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../../plugins/errors.ts";
import { UNAUTHENTICATED_MESSAGE } from "../../plugins/session.ts";
import { lockUserPhoto, setUserPhoto } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import { photoFileNames } from "./names.ts";
import { admitPhotoWork } from "./photo-pool.ts";
import { type ProcessedPhoto, processPhoto } from "./process.ts";
import { claimPhoto, deletePhotoIfUnused, lockPhoto } from "./repository.ts";
import { openPhotoStorage, type PhotoStorage } from "./storage.ts";
import { acceptPhotoUploads, photoErrors, readUpload } from "./upload.ts";

export { photoWorkInFlight } from "./photo-pool.ts";
export { type ProcessedPhoto, processPhoto } from "./process.ts";

/**
 * What another module needs to take a picture upload of its own (chat photos) without importing
 * this one: the multipart scope, the upload's reading and checks, and the pipeline.
 */
export type PhotoUploads = {
  /** Makes a scope take one photo upload per request (multipart, 10 MB). */
  accept(scope: FastifyInstance): Promise<void>;
  /** The `photo` file of the request, checked (415, 413, 400 as for the profile photo). */
  read(request: FastifyRequest): Promise<{ bytes: Buffer; crop?: PhotoCrop | undefined }>;
  /** Processes one upload (upright, no metadata, three sizes); stores nothing. */
  process(userId: string, bytes: Buffer): Promise<ProcessedPhoto>;
  /** The upload's failures, for a route's OpenAPI responses. */
  errors: Record<number, unknown>;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Where photo files are kept: DATA_DIR/photos, memory, or the S3 bucket. */
    photoStorage: PhotoStorage;
    /** Picture uploads for other modules' routes (chat photos). */
    photoUploads: PhotoUploads;
  }
}

export const PHOTO_CONTENT_TYPE = "image/webp";

/** Opens the configured photo store as `app.photoStorage` (closed with the app). */
export const photoStoragePlugin = fp(
  async (app: FastifyInstance) => {
    const storage = openPhotoStorage({
      s3: app.config.s3,
      dataDir: app.config.dataDir,
      photoDir: app.config.photoDir,
    });
    app.decorate("photoStorage", storage);
    app.decorate("photoUploads", {
      accept: acceptPhotoUploads,
      read: readUpload,
      process: processUpload,
      errors: photoErrors,
    } satisfies PhotoUploads);
    app.addHook("onClose", async () => storage.close());
  },
  { name: "photo-storage" },
);

type Store = { storage: PhotoStorage; log: FastifyBaseLogger };

/** Deletes a photo's files; a store that fails leaves orphans behind, which is only space. */
async function deleteFiles({ storage, log }: Store, key: string): Promise<void> {
  await Promise.all(
    photoFileNames(key).map((name) =>
      storage.delete(name).catch((error: unknown) => {
        log.warn({ err: error, file: name }, "a photo file could not be deleted");
      }),
    ),
  );
}

/**
 * Gives the user `newKey` (null: no photo) in one transaction that holds the photo rows' locks
 * while it puts or deletes their files: the user's row first, then the photo rows in key order,
 * so two changes never wait on each other in a circle. The old photo's row and files go only
 * when no user refers to it any more (someone else may have uploaded the identical picture).
 */
async function changeUserPhoto(
  app: FastifyInstance,
  userId: string,
  processed: ProcessedPhoto | null,
): Promise<UserRow> {
  const store: Store = { storage: app.photoStorage, log: app.log };
  const newKey = processed?.key ?? null;
  const row = await app.db.transaction(async (tx) => {
    const user = await lockUserPhoto(tx, userId);
    if (!user) return undefined;
    const oldKey = user.photoKey;
    const keys = [...new Set([newKey, oldKey].filter((key): key is string => key !== null))];
    for (const key of keys.sort()) {
      if (key === newKey) await claimPhoto(tx, key);
      else await lockPhoto(tx, key);
    }
    if (processed) {
      await Promise.all(
        processed.files.map((file) => store.storage.put(file.name, file.bytes, PHOTO_CONTENT_TYPE)),
      );
    }
    const updated = await setUserPhoto(tx, userId, newKey, app.now());
    if (oldKey && oldKey !== newKey && (await deletePhotoIfUnused(tx, oldKey))) {
      // Still under the row's lock: anyone putting these files back waits for this commit.
      await deleteFiles(store, oldKey);
    }
    return updated;
  });
  if (!row) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
  return row;
}

/** Gives the user a photo already made by processPhoto (demo portraits, copied addresses). */
export function attachProcessedPhoto(
  app: FastifyInstance,
  userId: string,
  processed: ProcessedPhoto,
): Promise<UserRow> {
  return changeUserPhoto(app, userId, processed);
}

/**
 * The whole upload: checks and processes the bytes (processPhoto), stores the files, points the
 * user at them and frees the previous photo's files when nobody else uses them. Throws the
 * contract's HttpError: 400 not an image, too many pixels or a bad crop, 413 over 10 MB, 401
 * when the user is gone, 429 RATE_LIMITED (with Retry-After) while the person's previous photo
 * is still being processed or the process has as much photo work as it takes (admitPhotoWork). Returns the user's row (toMe / toCard give the new addresses).
 */
export async function storePhoto(
  app: FastifyInstance,
  userId: string,
  bytes: Buffer,
  crop?: PhotoCrop,
): Promise<UserRow> {
  const release = admitPhotoWork(userId);
  let processed: ProcessedPhoto;
  try {
    processed = await processPhoto(bytes, crop);
  } finally {
    release();
  }
  return changeUserPhoto(app, userId, processed);
}

/**
 * Checks and processes an uploaded picture for another module (chat photos): one at a time per
 * person, within the process's photo work (429 otherwise), like storePhoto; stores nothing.
 */
export async function processUpload(userId: string, bytes: Buffer): Promise<ProcessedPhoto> {
  const release = admitPhotoWork(userId);
  try {
    return await processPhoto(bytes);
  } finally {
    release();
  }
}

/** Takes the user's photo away (the generated avatar shows again), freeing its files if unused. */
export function removePhoto(app: FastifyInstance, userId: string): Promise<UserRow> {
  return changeUserPhoto(app, userId, null);
}

/**
 * Frees a photo nobody refers to any more, e.g. after an account is deleted (the user row is gone,
 * so its photo is left without a reference).
 */
export async function releasePhotoIfUnused(app: FastifyInstance, key: string): Promise<void> {
  const store: Store = { storage: app.photoStorage, log: app.log };
  await app.db.transaction(async (tx) => {
    if ((await lockPhoto(tx, key)) && (await deletePhotoIfUnused(tx, key))) {
      await deleteFiles(store, key);
    }
  });
}

/** Evidence keeps at most this much of a photo (a thumb is a few kilobytes). */
const EVIDENCE_PHOTO_MAX_BYTES = 256 * 1024;

/**
 * A photo's small size as a data URL, for evidence that must outlive the file (a report's
 * snapshot); null when the file is gone or larger than expected.
 */
export async function photoAsDataUrl(app: FastifyInstance, key: string): Promise<string | null> {
  const stored = await app.photoStorage.get(photoFileName(key, "thumb"));
  if (!stored) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stored.stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > EVIDENCE_PHOTO_MAX_BYTES) {
      stored.stream.destroy();
      return null;
    }
    chunks.push(bytes);
  }
  return `data:${PHOTO_CONTENT_TYPE};base64,${Buffer.concat(chunks).toString("base64")}`;
}
