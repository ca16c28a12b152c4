import { envelope, feedCardSchema, feedQuerySchema } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { rowToCard } from "./card-sql.ts";
import { findFeed } from "./repository.ts";

/** GET /feed: people to discover, most shared skills first, then newest profiles. */
export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/feed",
    {
      schema: {
        tags: ["discovery"],
        summary:
          "Everyone the viewer has no request with (either direction, any status), ranked by shared skills then newest",
        querystring: feedQuerySchema,
        response: { 200: envelope(z.array(feedCardSchema)) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const rows = await findFeed(app.db, request.userId, request.query);
      return {
        status: 1 as const,
        message: "Feed loaded",
        data: rows.map((row) => ({ ...rowToCard(row), matchingSkills: row.matchingSkills })),
      };
    },
  );
}
