import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { preloadDisposableDomains } from "./disposable-email.ts";
import { botCheckSettings, createBotChallenge } from "./service.ts";

const challengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  })
  .describe("An ALTCHA proof-of-work challenge (the widget's `challenge` format)");

/** GET /altcha: the proof of work that sign-up, forgot-password and the public forms ask for. */
export async function botCheckRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  preloadDisposableDomains();

  r.get(
    "/altcha",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "A fresh proof-of-work challenge for sign-up, forgot-password and the public forms (single-use, 10 minutes)",
        response: { 200: challengeSchema, 429: ERROR_RESPONSES[429] },
      },
      preValidation: limitRequests(app, [
        { name: "altcha-ip", rule: botCheckSettings(app.config).challengesPerIp },
      ]),
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return createBotChallenge(app.config);
    },
  );
}
