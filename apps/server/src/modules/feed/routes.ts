import {
  FEED_CURSOR_INVALID,
  feedAnswerSchema,
  feedQuerySchema,
  NEXT_CURSOR_HEADER,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DEFAULT_FEED_QUEUE } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import {
  acceptSession,
  SESSION_COOKIE,
  sessionKeyOf,
  UNAUTHENTICATED_MESSAGE,
} from "../../plugins/session.ts";
import { rowToCard } from "../users/card.ts";
import { findFeed } from "./page-repository.ts";

/** Opaque to clients: a position in the viewer's queue. */
export function encodeFeedCursor(position: number): string {
  return Buffer.from(`f1:${position}`).toString("base64url");
}

/** The position a cursor names; a 400 for anything this server did not make. */
export function decodeFeedCursor(text: string): number {
  const match = /^f1:([1-9][0-9]{0,14})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match?.[1]) {
    throw new HttpError(400, "VALIDATION_ERROR", FEED_CURSOR_INVALID, [
      { path: "cursor", message: FEED_CURSOR_INVALID },
    ]);
  }
  return Number(match[1]);
}

/** GET /feed: people to discover, most shared skills first, then newest profiles. */
export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.feedQueue ?? DEFAULT_FEED_QUEUE;

  r.get(
    "/feed",
    {
      schema: {
        tags: ["discovery"],
        summary:
          "Everyone the viewer has no request or block with (either direction, any status), ranked by shared skills then newest",
        description: `Pages by cursor: pass the answer's nextCursor (also in the ${NEXT_CURSOR_HEADER} header) as cursor for the next page; null means nobody more for now. page (numbered pages) is kept for older clients and ignored when a cursor is given.`,
        querystring: feedQuerySchema,
        response: { 200: feedAnswerSchema },
      },
      // Signed in like any route with app.authenticate, but the session is checked in the
      // statement that reads the page: one round trip for both.
      config: { auth: "session" },
      // The answer is built field by field in the schema's order from typed rows, so checking it
      // again on the way out (a zod encode of every card) would only cost time; the schema still
      // documents it, and the feed's tests hold every answer to it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const key = sessionKeyOf(request.cookies[SESSION_COOKIE]);
      if (!key) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      const { cursor, page, limit } = request.query;
      let after = 0;
      try {
        after = cursor ? decodeFeedCursor(cursor) : 0;
      } catch (error) {
        // As on every signed-in route, a 401 comes before what is wrong with the request.
        await app.authenticate(request, reply);
        throw error;
      }
      const offset = cursor ? 0 : (page - 1) * limit;
      const result = await findFeed(
        app.db,
        { session: key },
        { after, offset, limit },
        settings,
        app.config.now?.() ?? new Date(),
      );
      await acceptSession(request, reply, key, result.session);
      const nextCursor = result.next === null ? null : encodeFeedCursor(result.next);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return {
        status: 1 as const,
        message: "Feed loaded",
        data: result.rows.map((row) => ({
          ...rowToCard(row),
          matchingSkills: row.matchingSkills,
          related: row.related,
          sharedInYourWords: row.sharedInYourWords,
          relatedToYours: row.relatedToYours,
        })),
        nextCursor,
      };
    },
  );
}
