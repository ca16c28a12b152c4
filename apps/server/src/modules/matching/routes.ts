import {
  connectionCardSchema,
  envelope,
  MATCHING_RESULT_LIMIT,
  matchingQuerySchema,
  PUBLIC_FORM_MESSAGES,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canonicalSkill } from "../skills/vocabulary.ts";
import { rowToCard } from "../users/card.ts";
import { findPeopleWithSkill } from "./repository.ts";

export async function matchingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/matching",
    {
      schema: {
        tags: ["discovery"],
        summary:
          'People whose skills name the same canonical skill as the interest ("js" finds JavaScript people), not the viewer',
        querystring: matchingQuerySchema,
        response: { 200: envelope(z.array(connectionCardSchema)) },
      },
    },
    async (request) => {
      const rows = await findPeopleWithSkill(
        app.db,
        request.userId,
        canonicalSkill(request.query.interest),
        MATCHING_RESULT_LIMIT,
        app.now(),
      );
      return {
        status: 1 as const,
        message:
          rows.length > 0 ? PUBLIC_FORM_MESSAGES.matchesFound : PUBLIC_FORM_MESSAGES.noMatches,
        data: rows.map((row) => ({ ...rowToCard(row), publicId: row.publicId })),
      };
    },
  );
}
