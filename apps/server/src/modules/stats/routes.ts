import { envelope, siteStatsSchema } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { siteStatsReader } from "./service.ts";

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readStats = siteStatsReader(app);

  // Public: the landing page's visitors have no session.
  r.get(
    "/stats",
    {
      schema: {
        tags: ["operating"],
        summary:
          "How many people (not banned), connections and distinct interests Kindred has; counted at most once a minute",
        response: { 200: envelope(siteStatsSchema) },
      },
    },
    async () => ({ status: 1 as const, message: "Statistics", data: await readStats() }),
  );
}
