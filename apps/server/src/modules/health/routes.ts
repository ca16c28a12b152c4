import { envelope, okSchema } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import type { Lifecycle } from "../../plugins/lifecycle.ts";

type DatabaseKind = "pglite" | "postgres";

export async function healthRoutes(
  app: FastifyInstance,
  opts: { ping: () => Promise<void>; kind: () => DatabaseKind; lifecycle: Lifecycle },
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
      return { status: 1 as const, message: "OK", data: { db: opts.kind() } };
    },
  );

  r.get(
    "/ready",
    {
      schema: {
        tags: ["health"],
        summary: "Whether the server takes traffic: 503 while migrations run and during shutdown",
        response: { 200: okSchema },
      },
    },
    async (_request, reply) => {
      const { phase } = opts.lifecycle;
      if (phase === "ready") return { status: 1 as const, message: "Ready" };
      reply.header("retry-after", "5");
      throw phase === "starting"
        ? new HttpError(503, "STARTING", "Kindred is starting: the database is being prepared.")
        : new HttpError(503, "SHUTTING_DOWN", "Kindred is shutting down.");
    },
  );
}
