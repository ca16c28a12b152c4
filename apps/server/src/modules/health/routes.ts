import { envelope } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";

export async function healthRoutes(
  app: FastifyInstance,
  opts: { ping: () => Promise<void>; kind: "pglite" | "postgres" },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Whether the server and its database answer",
        response: { 200: envelope(z.object({ db: z.enum(["pglite", "postgres"]) })) },
      },
    },
    async (request) => {
      try {
        await opts.ping();
      } catch (error) {
        request.log.error({ err: error }, "database ping failed");
        throw new HttpError(
          503,
          "DB_UNAVAILABLE",
          "The database is not answering. Try again shortly.",
        );
      }
      return { status: 1 as const, message: "OK", data: { db: opts.kind } };
    },
  );
}
