import {
  COMMUNITY_MESSAGES,
  type CommunityMember,
  communityIdParamsSchema,
  communityListQuerySchema,
  deletedCommunityItemSchema,
  envelope,
  eventBodySchema,
  eventSchema,
  eventsPageSchema,
  groupBodySchema,
  groupSchema,
  NEXT_CURSOR_HEADER,
  postBodySchema,
  postSchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_COMMUNITY_CREATE_PER_MEMBER, type RateLimitRule } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { communityAuthRoutes } from "./auth-routes.ts";
import { type Cursor, decodeCursor, encodeCursor } from "./cursor.ts";
import { memberExists } from "./members.ts";
import {
  createEvent,
  createGroup,
  createPost,
  deleteEvent,
  deleteGroup,
  deletePost,
  listGroups,
  listPosts,
  listUpcomingEvents,
} from "./repository.ts";
import { type CommunityTokens, communityTokens, loadCommunitySecret } from "./token.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The holder of the request's community token (set in the community's protected scope). */
    communityMember: CommunityMember | null;
  }
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

function bearerToken(header: string | undefined): string | null {
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/** The token holder; only called inside the protected scope, where the hook has set it. */
function memberOf(request: FastifyRequest): CommunityMember {
  const member = request.communityMember;
  if (!member) throw new HttpError(401, "UNAUTHENTICATED", COMMUNITY_MESSAGES.invalidToken);
  return member;
}

function cursorFrom(text: string | undefined): Cursor | null {
  if (text === undefined || text === "") return null;
  const cursor = decodeCursor(text);
  if (!cursor) {
    const message = "This cursor is not valid; start again from the first page.";
    throw new HttpError(400, "VALIDATION_ERROR", message, [{ path: "cursor", message }]);
  }
  return cursor;
}

function windowText(windowMs: number): string {
  if (windowMs === 60_000) return "a minute";
  if (windowMs % 60_000 === 0) return `every ${windowMs / 60_000} minutes`;
  return `every ${Math.ceil(windowMs / 1000)} seconds`;
}

/** A preHandler allowing each member `rule.max` creations of one kind per window. */
function limitPerMember(app: FastifyInstance, kind: string, rule: RateLimitRule) {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `community-${kind}:${request.communityMember?.id ?? request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header("retry-after", String(seconds));
      throw new HttpError(
        429,
        "RATE_LIMITED",
        `You can create at most ${rule.max} ${kind} ${windowText(rule.windowMs)}. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
      );
    }
  };
}

const listResponse = <T extends z.ZodType>(item: T) =>
  z.array(item).meta({
    description: `Newest first. When there are more, the ${NEXT_CURSOR_HEADER} header holds the cursor of the next page.`,
  });

/** Everything but `/fusionauth`: one bearer check for the whole scope. */
async function memberRoutes(
  app: FastifyInstance,
  options: { tokens: CommunityTokens },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const createRule = app.config.communityCreatePerMember ?? DEFAULT_COMMUNITY_CREATE_PER_MEMBER;

  app.decorateRequest("communityMember", null);
  // These routes read no cookie, so the XSRF check has nothing to protect here.
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, csrf: false };
  });
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request.headers.authorization);
    const member = token ? await options.tokens.verify(token) : null;
    // A valid token of a member that is gone (an account deleted since) is no longer good.
    if (!member || !(await memberExists(app.db, member.id))) {
      throw new HttpError(401, "UNAUTHENTICATED", COMMUNITY_MESSAGES.invalidToken);
    }
    request.communityMember = member;
  });
  // Before validation, so naming someone else is refused whatever else is wrong with the body.
  app.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== "object") return;
    const { id } = memberOf(request);
    for (const field of ["userId", "u_id"]) {
      const value = body[field];
      if (value === undefined || value === null) continue;
      if (typeof value !== "string" || value.trim().toLowerCase() !== id) {
        throw new HttpError(403, "FORBIDDEN", COMMUNITY_MESSAGES.notYours);
      }
    }
  });

  const security = [{ bearer: [] }];

  r.get(
    "/getposts",
    {
      schema: {
        tags: ["community"],
        summary: "Posts, newest first",
        security,
        querystring: communityListQuerySchema,
        response: { 200: listResponse(postSchema) },
      },
    },
    async (request, reply) => {
      const page = await listPosts(app.db, {
        cursor: cursorFrom(request.query.cursor),
        limit: request.query.limit,
      });
      if (page.next) reply.header(NEXT_CURSOR_HEADER, encodeCursor(page.next));
      return page.items;
    },
  );

  r.post(
    "/fusionpublish",
    {
      schema: {
        tags: ["community"],
        summary: "Publish a post as the token's member",
        security,
        body: postBodySchema,
        response: { 201: envelope(postSchema), 429: ERROR_RESPONSES[429] },
      },
      preHandler: limitPerMember(app, "posts", createRule),
    },
    async (request, reply) => {
      const post = await createPost(app.db, memberOf(request).id, request.body);
      return reply.code(201).send({ status: 1, message: "Post published", data: post });
    },
  );

  r.get(
    "/all",
    {
      schema: {
        tags: ["community"],
        summary: "Study groups, newest first",
        security,
        querystring: communityListQuerySchema,
        response: { 200: listResponse(groupSchema) },
      },
    },
    async (request, reply) => {
      const page = await listGroups(app.db, {
        cursor: cursorFrom(request.query.cursor),
        limit: request.query.limit,
      });
      if (page.next) reply.header(NEXT_CURSOR_HEADER, encodeCursor(page.next));
      return page.items;
    },
  );

  r.post(
    "/create",
    {
      schema: {
        tags: ["community"],
        summary: "Create a study group as the token's member",
        security,
        body: groupBodySchema,
        response: { 201: envelope(groupSchema), 429: ERROR_RESPONSES[429] },
      },
      preHandler: limitPerMember(app, "groups", createRule),
    },
    async (request, reply) => {
      const { name, description, tag } = request.body;
      const group = await createGroup(app.db, memberOf(request).id, { name, description, tag });
      return reply.code(201).send({ status: 1, message: "Group created", data: group });
    },
  );

  r.get(
    "/allevents",
    {
      schema: {
        tags: ["community"],
        summary: "Upcoming events, soonest first (past ones are left out)",
        security,
        querystring: communityListQuerySchema,
        response: { 200: eventsPageSchema },
      },
    },
    async (request) => {
      const now = app.config.now?.() ?? new Date();
      const page = await listUpcomingEvents(app.db, now, {
        cursor: cursorFrom(request.query.cursor),
        limit: request.query.limit,
      });
      return { events: page.items, nextCursor: page.next ? encodeCursor(page.next) : null };
    },
  );

  r.post(
    "/createevent",
    {
      schema: {
        tags: ["community"],
        summary: "Create an event as the token's member",
        security,
        body: eventBodySchema,
        response: { 201: envelope(eventSchema), 429: ERROR_RESPONSES[429] },
      },
      preHandler: limitPerMember(app, "events", createRule),
    },
    async (request, reply) => {
      const { title, description, location, date } = request.body;
      const event = await createEvent(app.db, memberOf(request).id, {
        title,
        description,
        location,
        startsAt: new Date(date),
      });
      return reply.code(201).send({ status: 1, message: "Event created", data: event });
    },
  );

  const deletions = [
    { path: "/post/:id", noun: "post", remove: deletePost },
    { path: "/group/:id", noun: "group", remove: deleteGroup },
    { path: "/event/:id", noun: "event", remove: deleteEvent },
  ] as const;
  for (const { path, noun, remove } of deletions) {
    r.delete(
      path,
      {
        schema: {
          tags: ["community"],
          summary: `Delete a ${noun} of your own`,
          security,
          params: communityIdParamsSchema,
          response: { 200: envelope(deletedCommunityItemSchema) },
        },
      },
      async (request) => {
        const deleted = await remove(app.db, request.params.id, memberOf(request).id);
        if (!deleted) {
          throw new HttpError(404, "NOT_FOUND", `There is no ${noun} of yours with this id.`);
        }
        return {
          status: 1 as const,
          message: `Deleted the ${noun}`,
          data: { _id: request.params.id.toLowerCase() },
        };
      },
    );
  }
}

/** The community under `/api/community`: the token call, then the calls that need the token. */
export async function communityRoutes(app: FastifyInstance): Promise<void> {
  const tokens = communityTokens(loadCommunitySecret(app.config));
  await app.register(communityAuthRoutes, { tokens });
  await app.register(memberRoutes, { tokens });
}
