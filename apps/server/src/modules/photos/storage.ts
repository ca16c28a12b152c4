import { createReadStream } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../../config.ts";

export type StoredPhoto = { stream: Readable; size: number | undefined };

/**
 * Where photo files live. Names are already checked (`isPhotoFileName`), so a store never sees a
 * path. Every call is idempotent: putting the same name twice stores the same bytes (names are
 * content hashes), deleting a missing one is not an error.
 */
export type PhotoStorage = {
  readonly kind: "disk" | "memory" | "s3";
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream; null when there is no such file. */
  get(name: string): Promise<StoredPhoto | null>;
  delete(name: string): Promise<void>;
  close(): void;
};

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

/** Files in one folder, written under a temporary name and renamed, so a reader never sees half. */
export function diskPhotoStorage(dir: string): PhotoStorage {
  let made: Promise<unknown> | undefined;
  return {
    kind: "disk",
    async put(name, bytes) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      const temporary = path.join(dir, `.${name}.${process.pid}.${Date.now()}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, path.join(dir, name));
    },
    get(name) {
      return new Promise((resolve, reject) => {
        const stream = createReadStream(path.join(dir, name));
        stream.once("error", (error) => (isMissing(error) ? resolve(null) : reject(error)));
        stream.once("open", () => resolve({ stream, size: undefined }));
      });
    },
    async delete(name) {
      await rm(path.join(dir, name), { force: true });
    },
    close() {},
  };
}

/** For a data folder in memory (tests, trying the app): gone when the process ends. */
export function memoryPhotoStorage(): PhotoStorage {
  const files = new Map<string, Buffer>();
  return {
    kind: "memory",
    async put(name, bytes) {
      files.set(name, Buffer.from(bytes));
    },
    async get(name) {
      const bytes = files.get(name);
      return bytes ? { stream: Readable.from([bytes]), size: bytes.length } : null;
    },
    async delete(name) {
      files.delete(name);
    },
    close() {
      files.clear();
    },
  };
}

/** Any S3-compatible store through the AWS SDK; the server streams the files, the bucket stays private. */
export function s3PhotoStorage(settings: S3Settings): PhotoStorage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: contentType }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!answer.Body) return null;
        return { stream: answer.Body as Readable, size: answer.ContentLength };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (error instanceof NoSuchKey || status === 404) return null;
        throw error;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    close() {
      client.destroy();
    },
  };
}

export type PhotoStorageOptions = { s3?: S3Settings; dataDir: string; photoDir?: string };

/** S3 when a bucket is configured, else DATA_DIR/photos (in memory for a memory:// data folder). */
export function openPhotoStorage(options: PhotoStorageOptions): PhotoStorage {
  if (options.s3) return s3PhotoStorage(options.s3);
  if (options.photoDir) return diskPhotoStorage(options.photoDir);
  if (options.dataDir.startsWith("memory://")) return memoryPhotoStorage();
  return diskPhotoStorage(path.join(options.dataDir, "photos"));
}
