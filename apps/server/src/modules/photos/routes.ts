import { envelope, meSchema, PHOTO_MESSAGES } from "@kindred/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_PHOTO_UPLOADS_PER_ACCOUNT } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { isTwoStepOn } from "../two-step/service.ts";
import { toMe } from "../users/user-view.ts";
import { isPhotoFileName } from "./names.ts";
import { PHOTO_CONTENT_TYPE, removePhoto, storePhoto } from "./service.ts";
import { acceptPhotoUploads, photoErrors, readUpload } from "./upload.ts";

export async function photoRoutes(app: FastifyInstance): Promise<void> {
  const rule = app.config.photoUploadsPerAccount ?? DEFAULT_PHOTO_UPLOADS_PER_ACCOUNT;

  // Multipart is understood by this route only; every other route keeps its 64 KiB JSON body.
  await app.register(async (scope) => {
    await acceptPhotoUploads(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      "/profile/photo",
      {
        schema: {
          tags: ["photos"],
          summary: "Upload the signed-in user's photo (replaces the previous one)",
          description:
            "`multipart/form-data` with the picture in the field `photo` (JPEG, PNG, WebP, AVIF or HEIC, recognised by its content; at most 10 MB and 40 megapixels) and, optionally, `crop`: JSON `{x, y, width, height}` in pixels of the picture as shown upright, that is after its EXIF orientation is applied. The server rotates it upright, strips all metadata (GPS included), crops it and stores three WebP sizes named by their content hash: thumb 96×96, card within 480×720 and large within 1080×1620, never enlarged. Answers Me with `photo` and `photoUrl` (the card size).",
          consumes: ["multipart/form-data"],
          response: { 201: envelope(meSchema), ...photoErrors },
        },
        preHandler: [
          limitRequests(app, [
            {
              name: "photo-upload",
              rule,
              key: (request) => request.userId,
              message: () =>
                "You have changed your photo many times in a short while. Try again in an hour.",
            },
          ]),
        ],
      },
      async (request, reply) => {
        const { bytes, crop } = await readUpload(request);
        const row = await storePhoto(app, request.userId, bytes, crop);
        return reply.code(201).send({
          status: 1 as const,
          message: PHOTO_MESSAGES.saved,
          data: toMe(row, null, await isTwoStepOn(app.db, row.id)),
        });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.delete(
    "/profile/photo",
    {
      schema: {
        tags: ["photos"],
        summary: "Remove the signed-in user's photo: the generated avatar shows again",
        response: { 200: envelope(meSchema) },
      },
    },
    async (request) => {
      const row = await removePhoto(app, request.userId);
      return {
        status: 1 as const,
        message: PHOTO_MESSAGES.removed,
        data: toMe(row, null, await isTwoStepOn(app.db, row.id)),
      };
    },
  );
}

/** The stored photo files: anyone may load them (their names are unguessable hashes). */
export async function photoFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/photos/:file",
    {
      schema: {
        tags: ["photos"],
        summary: "A stored photo file (GET /api/photos/<key>-<thumb|card|large>.webp)",
        params: z.object({ file: z.string().max(80) }),
        response: {
          200: {
            description: "The WebP picture; cached for a year (its name changes with its content)",
            content: { "image/webp": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const stored = isPhotoFileName(file) ? await app.photoStorage.get(file) : null;
      if (!stored) throw new HttpError(404, "NOT_FOUND", "No such photo.");
      reply
        .type(PHOTO_CONTENT_TYPE)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'");
      if (stored.size !== undefined) reply.header("content-length", stored.size);
      // A stream is sent as it is read from the store, never held whole in memory.
      return (reply as FastifyReply).send(stored.stream);
    },
  );
}
