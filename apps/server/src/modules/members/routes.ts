import {
  communityAuthRequestSchema,
  communityAuthResponseSchema,
  errorBodySchema,
  okSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { memberOf } from "./scope.ts";
import { revokeCommunityTokens, tokenForPassword, tokenForSession } from "./service.ts";

/**
 * `POST /community/fusionauth`: the community token, for a password or for the signed-in
 * account. In the community's public scope: it reads the session cookie, so the XSRF check stays.
 */
export async function memberAuthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/fusionauth",
    {
      schema: {
        tags: ["community"],
        summary:
          "Community token: for an account's email and password, for a community username (its first use creates the member), or, with an empty body, for the signed-in account",
        body: communityAuthRequestSchema,
        response: {
          200: communityAuthResponseSchema,
          401: errorBodySchema.meta({
            description:
              "Wrong password or unknown email (`code` INVALID_CREDENTIALS, one message for all), or an empty body without a session (`code` UNAUTHENTICATED)",
          }),
          429: ERROR_RESPONSES[429],
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body?.uname === undefined || body.password === undefined) {
        return tokenForSession(app, request, reply);
      }
      return tokenForPassword(app, request, reply, { uname: body.uname, password: body.password });
    },
  );
}

/** `POST /community/logout`, in the community's member-only scope. */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/logout",
    {
      schema: {
        tags: ["community"],
        summary:
          "Leave the community: every community token of the member stops working (on every device), this one included",
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await revokeCommunityTokens(app, memberOf(request).id);
      return { status: 1 as const, message: "You left the community." };
    },
  );
}
