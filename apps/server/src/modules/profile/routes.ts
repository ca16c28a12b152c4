import {
  envelope,
  MESSAGES,
  meSchema,
  profileEditBodySchema,
  publicProfilePath,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { UNAUTHENTICATED_MESSAGE } from "../../plugins/session.ts";
import { isTwoStepOn } from "../two-step/service.ts";
import { findUserById } from "../users/service.ts";
import { toMe } from "../users/user-view.ts";
import { editProfile } from "./service.ts";

/** The session's user vanished (deleted account): treat it as signed out. */
function noUser(): never {
  throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
}

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/profile/view",
    {
      schema: {
        tags: ["profile"],
        summary: "The signed-in user (the Me object itself, not wrapped)",
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const user = (await findUserById(app.db, request.userId)) ?? noUser();
      return toMe(user, await app.moderation.noticeFor(user), await isTwoStepOn(app.db, user.id));
    },
  );

  r.patch(
    "/profile/edit",
    {
      schema: {
        tags: ["profile"],
        summary: "Change any subset of the profile fields",
        body: profileEditBodySchema,
        response: {
          200: envelope(meSchema),
          429: errorResponse(
            "A new `photoUrl` while the person's previous photo is still being processed, or while the server has as much photo work as it takes (`code` RATE_LIMITED); see the Retry-After header",
          ),
        },
      },
    },
    async (request) => {
      const row = (await editProfile(app, request.userId, request.body)) ?? noUser();
      return {
        status: 1 as const,
        message: MESSAGES.profileSaved,
        data: toMe(row, await app.moderation.noticeFor(row), await isTwoStepOn(app.db, row.id)),
      };
    },
  );

  r.get(
    "/generate_public_url",
    {
      schema: {
        tags: ["profile"],
        summary: "The shareable address of the signed-in user's public profile",
        response: { 200: envelope(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      const row = (await findUserById(app.db, request.userId)) ?? noUser();
      return {
        status: 1 as const,
        message: "Public profile URL",
        data: { url: `${app.config.publicOrigin}${publicProfilePath(row.publicId)}` },
      };
    },
  );
}
