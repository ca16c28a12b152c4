import {
  COMMUNITY_MESSAGES,
  type CommunityMember,
  communityIdParamsSchema,
  communityListQuerySchema,
  deletedCommunityItemSchema,
  envelope,
  groupBodySchema,
  groupSchema,
  NEXT_CURSOR_HEADER,
  okSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_COMMUNITY_CREATE_PER_MEMBER } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { communityAuthRoutes } from "./auth-routes.ts";
import { encodeCursor } from "./cursor.ts";
import { communityEventRoutes } from "./events-routes.ts";
import { communityGroupRoutes } from "./groups-routes.ts";
import { cursorFrom, limitPerMember, memberOf } from "./member-scope.ts";
import { revokeCommunityTokens, tokenGrantHolds } from "./members-repository.ts";
import {
  createGroup,
  deleteGroup,
  deletePost,
  listGroups,
  type Page,
  type PageRequest,
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
    const verified = token ? await options.tokens.verify(token) : null;
    // A signed, unexpired token is good only while its grant holds: its member is still there
    // (an account deleted since is not), its version is the member's (a password reset or
    // leaving the community raised it), and a session's token is still within that session.
    const holds =
      verified !== null &&
      (await tokenGrantHolds(app.db, {
        memberId: verified.member.id,
        version: verified.version,
        sessionHash: verified.sessionHash,
      }));
    if (!verified || !holds) {
      throw new HttpError(401, "UNAUTHENTICATED", COMMUNITY_MESSAGES.invalidToken);
    }
    request.communityMember = verified.member;
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

  r.post(
    "/logout",
    {
      schema: {
        tags: ["community"],
        summary:
          "Leave the community: every community token of the member stops working (on every device), this one included",
        security,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await revokeCommunityTokens(app.db, { memberId: memberOf(request).id });
      return { status: 1 as const, message: "You left the community." };
    },
  );

  /** A list of one kind, newest first, a page at a time (the cursor in NEXT_CURSOR_HEADER). */
  function listRoute<T extends z.ZodType>(
    url: string,
    summary: string,
    item: T,
    read: (memberId: string, page: PageRequest) => Promise<Page<z.infer<T>>>,
  ) {
    r.get(
      url,
      {
        schema: {
          tags: ["community"],
          summary,
          security,
          querystring: communityListQuerySchema,
          response: { 200: listResponse(item) },
        },
      },
      async (request, reply) => {
        const page = await read(memberOf(request).id, {
          cursor: cursorFrom(request.query.cursor),
          limit: request.query.limit,
        });
        if (page.next) reply.header(NEXT_CURSOR_HEADER, encodeCursor(page.next));
        return page.items;
      },
    );
  }

  /**
   * Creates one item of a kind as the token's member, within the member's creation limit. On the
   * untyped instance: the body is checked against `body` before the handler runs, and `write`
   * gives its types.
   */
  function createRoute<B extends z.ZodType, T extends z.ZodType>(
    url: string,
    kind: { plural: string; summary: string; created: string },
    body: B,
    item: T,
    write: (memberId: string, body: z.infer<B>) => Promise<z.infer<T>>,
  ) {
    app.post(
      url,
      {
        schema: {
          tags: ["community"],
          summary: kind.summary,
          security,
          body,
          response: { 201: envelope(item), 429: ERROR_RESPONSES[429] },
        },
        preHandler: limitPerMember(app, kind.plural, createRule),
      },
      async (request, reply) => {
        const data = await write(memberOf(request).id, request.body as z.infer<B>);
        return reply.code(201).send({ status: 1, message: kind.created, data });
      },
    );
  }

  // Posts (GET /getposts, POST /fusionpublish), groups' pages, replies, likes: groups-routes.ts.

  listRoute("/all", "Study groups, newest first", groupSchema, (memberId, page) =>
    listGroups(app.db, memberId, page),
  );
  createRoute(
    "/create",
    {
      plural: "groups",
      summary: "Create a study group as the token's member",
      created: "Group created",
    },
    groupBodySchema,
    groupSchema,
    (memberId, { name, description, tag }) =>
      createGroup(app.db, memberId, { name, description, tag }),
  );

  // Events, their answers, reminders and calendars: events-routes.ts.
  await app.register(communityEventRoutes);

  const deletions = [
    { path: "/post/:id", noun: "post", remove: deletePost },
    { path: "/group/:id", noun: "group", remove: deleteGroup },
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

  await app.register(communityGroupRoutes);
}

/** The community under `/api/community`: the token call, then the calls that need the token. */
export async function communityRoutes(app: FastifyInstance): Promise<void> {
  const tokens = communityTokens(loadCommunitySecret(app.config));
  await app.register(communityAuthRoutes, { tokens });
  await app.register(memberRoutes, { tokens });
}
