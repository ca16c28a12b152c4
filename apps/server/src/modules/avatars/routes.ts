import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { findUserById } from "../users/service.ts";
import { renderAvatarSvg } from "./avatar-svg.ts";

export async function avatarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/avatars/:file",
    {
      schema: {
        tags: ["avatars"],
        summary: "The generated avatar of a user without a photo (GET /api/avatars/<userId>.svg)",
        params: z.object({ file: z.string().max(64) }),
        response: {
          200: {
            description: "An SVG picture with the user's initials",
            content: { "image/svg+xml": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const match = /^(.+)\.svg$/.exec(request.params.file);
      const user = match?.[1] ? await findUserById(app.db, match[1]) : undefined;
      if (!user) throw new HttpError(404, "NOT_FOUND", "No such avatar.");
      return (
        reply
          .type("image/svg+xml; charset=utf-8")
          // Initials change only when the name does; an hour keeps feeds fast and renames visible.
          .header("cache-control", "public, max-age=3600")
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
          .send(renderAvatarSvg(user.id, user.firstName, user.lastName))
      );
    },
  );
}
