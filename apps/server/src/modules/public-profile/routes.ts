import { envelope, publicUserSchema } from "@kindred/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { SESSION_COOKIE } from "../../plugins/session.ts";
import { findPublicProfile } from "./service.ts";

export const PROFILE_NOT_FOUND_MESSAGE = "This profile does not exist.";

/** The signed-in viewer's id, or undefined for a visitor (no session is not an error here). */
async function optionalViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | undefined> {
  if (!request.cookies[SESSION_COOKIE]) return undefined;
  try {
    await app.authenticate(request, reply);
    return request.userId;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return undefined;
    throw error;
  }
}

export async function publicProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/get_public_profile/:publicUserId",
    {
      schema: {
        tags: ["profile"],
        summary:
          "Anyone's public profile, by its shareable id (no session needed); with a session, how the viewer stands with that person",
        params: z.object({ publicUserId: z.string().max(64) }),
        response: { 200: envelope(publicUserSchema) },
      },
      config: { auth: "optional" },
    },
    async (request, reply) => {
      const profile = await findPublicProfile(
        app.db,
        request.params.publicUserId,
        () => optionalViewer(app, request, reply),
        app.now(),
      );
      if (!profile) throw new HttpError(404, "NOT_FOUND", PROFILE_NOT_FOUND_MESSAGE);
      return { status: 1 as const, message: "Profile found", data: profile };
    },
  );
}
