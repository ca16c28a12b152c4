import { envelope, publicUserSchema } from "@kindred/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema.ts";
import { HttpError } from "../../plugins/errors.ts";
import { toPublicUser } from "../users/user-view.ts";

export const PROFILE_NOT_FOUND_MESSAGE = "This profile does not exist.";

export async function publicProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/get_public_profile/:publicUserId",
    {
      schema: {
        tags: ["profile"],
        summary: "Anyone's public profile, by its shareable id (no session needed)",
        params: z.object({ publicUserId: z.string().max(64) }),
        response: { 200: envelope(publicUserSchema) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(users)
        .where(eq(users.publicId, request.params.publicUserId))
        .limit(1);
      if (!row) throw new HttpError(404, "NOT_FOUND", PROFILE_NOT_FOUND_MESSAGE);
      return { status: 1 as const, message: "Profile found", data: toPublicUser(row) };
    },
  );
}
