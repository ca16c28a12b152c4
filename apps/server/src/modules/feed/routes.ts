import {
  AGE_MESSAGES,
  feedAnswerSchema,
  feedQuerySchema,
  NEXT_CURSOR_HEADER,
} from "@kindred/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors.ts";
import {
  acceptSession,
  SESSION_COOKIE,
  sessionKeyOf,
  UNAUTHENTICATED_MESSAGE,
} from "../../plugins/session.ts";
import { canonicalSkill } from "../skills/vocabulary.ts";
import { decodeFeedCursor, encodeFeedCursor, type FeedCursor } from "./cursor.ts";

/**
 * GET /feed: people to discover: an exchange both ways first, then who can teach the viewer, then
 * most shared skills, then newest profiles; filtered by `teaches` and `learns` when given.
 */
export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { feed } = app;

  r.get(
    "/feed",
    {
      schema: {
        tags: ["discovery"],
        summary:
          "Everyone the viewer has no request or block with (either direction, any status), ranked by what the two can teach each other, then shared skills, then newest",
        description: `Pages by cursor: pass the answer's nextCursor (also in the ${NEXT_CURSOR_HEADER} header) as cursor for the next page; null means nobody more for now. page (numbered pages) is kept for older clients and ignored when a cursor is given.`,
        querystring: feedQuerySchema,
        response: { 200: feedAnswerSchema },
      },
      // In the signed-in scope, but the session is checked in the statement that reads how far
      // the feed's memory must have caught up: one round trip instead of two.
      config: { checksSessionInItsRead: true },
      // The answer is written as JSON text from cards written once (people.ts), so checking it
      // again on the way out (a zod encode of every card) would only cost time; the schema still
      // documents it, and the feed's tests hold every answer to it.
      serializerCompiler: () => (data) => (typeof data === "string" ? data : JSON.stringify(data)),
    },
    async (request, reply) => {
      const key = sessionKeyOf(request.cookies[SESSION_COOKIE], app.now());
      if (!key) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      const { cursor, page, limit, teaches, learns, campus } = request.query;
      let from: FeedCursor | null = null;
      try {
        from = cursor ? decodeFeedCursor(cursor) : null;
      } catch (error) {
        // As on every signed-in route, a 401 comes before what is wrong with the request.
        await app.authenticate(request, reply);
        throw error;
      }
      const check = await feed.check(app.db, key);
      // No row: the session ended or expired.
      if (!check) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      await acceptSession(request, reply, key, {
        userId: check.row.viewerId,
        extend: check.row.extendSession === true,
      });
      const offset = cursor ? 0 : (page - 1) * limit;
      const result = await feed.page(app.db, check, {
        cursor: from,
        offset,
        limit,
        now: app.now().getTime(),
        filters: {
          teaches: teaches ? canonicalSkill(teaches) || null : null,
          learns: learns ? canonicalSkill(learns) || null : null,
          campusOnly: campus === true,
        },
      });
      const nextCursor = result.next ? encodeFeedCursor(result.next) : null;
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      // Sent as text: the schema types the answer as the object this text is.
      return (reply as unknown as FastifyReply)
        .type("application/json; charset=utf-8")
        .send(
          `{"status":1,"message":${JSON.stringify(result.needsAge ? AGE_MESSAGES.feedNeedsAge : "Feed loaded")},"data":[${result.cards.join(",")}],"nextCursor":${JSON.stringify(nextCursor)}}`,
        );
    },
  );
}
