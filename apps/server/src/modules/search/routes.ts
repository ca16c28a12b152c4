import { searchAnswerSchema, searchQuerySchema } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { search, searchMessage } from "./service.ts";

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/search",
    {
      schema: {
        tags: ["discovery"],
        summary:
          "People (name, skills), posts, groups and events close to q, typos included; nothing from a blocked pair",
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) => {
      const { data, nextCursor } = await search(app, request.userId, request.query);
      return { status: 1 as const, message: searchMessage(data), data, nextCursor };
    },
  );
}
