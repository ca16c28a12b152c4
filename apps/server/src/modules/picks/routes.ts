import { picksAnswerSchema } from "@kindred/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors.ts";
import { UNAUTHENTICATED_MESSAGE } from "../../plugins/session.ts";
import { todaysPicks } from "./service.ts";

/** GET /picks: today's picks, the same all day. */
export async function picksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/picks",
    {
      schema: {
        tags: ["discovery"],
        summary:
          "Today's picks (up to 3, made at 09:00 in my time zone and the same all day), as feed cards with what we can trade",
        response: { 200: picksAnswerSchema },
      },
      // The cards are written as JSON text once (the feed's), as GET /api/feed sends them.
      serializerCompiler: () => (data) => (typeof data === "string" ? data : JSON.stringify(data)),
    },
    async (request, reply) => {
      const picks = await todaysPicks(app, request.userId);
      if (!picks) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      return (reply as unknown as FastifyReply)
        .type("application/json; charset=utf-8")
        .send(
          `{"status":1,"message":"Picks loaded","data":[${picks.cards.join(",")}],"date":${JSON.stringify(picks.day)}}`,
        );
    },
  );
}
