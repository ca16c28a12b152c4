import {
  communityIdParamsSchema,
  communityListQuerySchema,
  deletedCommunityItemSchema,
  envelope,
  GROUP_MESSAGES,
  groupDetailSchema,
  groupMemberSchema,
  groupMembershipSchema,
  groupPatchBodySchema,
  groupPostBodySchema,
  NEXT_CURSOR_HEADER,
  postLikeStateSchema,
  postReplySchema,
  postSchema,
  postsQuerySchema,
  replyBodySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_COMMUNITY_CREATE_PER_MEMBER } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { encodeCursor } from "./cursor.ts";
import { listGroupMembers } from "./groups-repository.ts";
import {
  editGroup,
  joinGroup,
  leaveGroup,
  postsGroupId,
  publishPost,
  replyToPost,
  setLike,
  visibleGroup,
  visiblePost,
} from "./groups-service.ts";
import { cursorFrom, limitPerMember, memberOf } from "./member-scope.ts";
import { deleteOwnReply, listReplies } from "./replies-repository.ts";
import { listPosts } from "./repository.ts";

const security = [{ bearer: [] }];
const tags = ["community"];

const pagedData = <T extends z.ZodType>(item: T, order: string) =>
  envelope(
    z.array(item).meta({
      description: `${order}. When there are more, the ${NEXT_CURSOR_HEADER} header holds the cursor of the next page.`,
    }),
  );

/**
 * Study groups you join, the board's and the groups' posts, replies and likes. Registered inside
 * the community's protected scope (routes.ts), so every call here carries a checked token.
 */
export async function communityGroupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const createRule = app.config.communityCreatePerMember ?? DEFAULT_COMMUNITY_CREATE_PER_MEMBER;

  r.get(
    "/getposts",
    {
      schema: {
        tags,
        summary: "Posts of the community board, or with groupId of that group, newest first",
        security,
        querystring: postsQuerySchema,
        response: {
          200: z.array(postSchema).meta({
            description: `Newest first. When there are more, the ${NEXT_CURSOR_HEADER} header holds the cursor of the next page.`,
          }),
          404: ERROR_RESPONSES[404],
        },
      },
    },
    async (request, reply) => {
      const viewerId = memberOf(request).id;
      const groupId = await postsGroupId(app, viewerId, request.query.groupId);
      const page = await listPosts(
        app.db,
        viewerId,
        { cursor: cursorFrom(request.query.cursor), limit: request.query.limit },
        groupId,
      );
      if (page.next) reply.header(NEXT_CURSOR_HEADER, encodeCursor(page.next));
      return page.items;
    },
  );

  r.post(
    "/fusionpublish",
    {
      schema: {
        tags,
        summary:
          "Publish a post as the token's member: on the board, or with groupId in a group they belong to",
        security,
        body: groupPostBodySchema,
        response: {
          201: envelope(postSchema),
          404: ERROR_RESPONSES[404],
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: limitPerMember(app, "posts", createRule),
    },
    async (request, reply) => {
      const data = await publishPost(app, memberOf(request).id, request.body);
      return reply.code(201).send({ status: 1 as const, message: "Post published", data });
    },
  );

  r.get(
    "/post/:id",
    {
      schema: {
        tags,
        summary: "One post, with its likes and replies counted",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(postSchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Post",
      data: await visiblePost(app, memberOf(request).id, request.params.id),
    }),
  );

  r.get(
    "/group/:id",
    {
      schema: {
        tags,
        summary: "One study group, with its creator and members counted",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(groupDetailSchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Group",
      data: await visibleGroup(app, memberOf(request).id, request.params.id),
    }),
  );

  r.patch(
    "/group/:id",
    {
      schema: {
        tags,
        summary: "Change the name, description or topic of a group you created",
        security,
        params: communityIdParamsSchema,
        body: groupPatchBodySchema,
        response: { 200: envelope(groupDetailSchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: GROUP_MESSAGES.updated,
      data: await editGroup(app, memberOf(request).id, request.params.id, request.body),
    }),
  );

  r.post(
    "/group/:id/join",
    {
      schema: {
        tags,
        summary: "Join a study group (joining twice changes nothing)",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(groupMembershipSchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: GROUP_MESSAGES.joined,
      data: await joinGroup(app, memberOf(request).id, request.params.id),
    }),
  );

  r.delete(
    "/group/:id/join",
    {
      schema: {
        tags,
        summary: "Leave a study group (its creator cannot: 409; they delete it instead)",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(groupMembershipSchema), 409: ERROR_RESPONSES[409] },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: GROUP_MESSAGES.left,
      data: await leaveGroup(app, memberOf(request).id, request.params.id),
    }),
  );

  r.get(
    "/group/:id/members",
    {
      schema: {
        tags,
        summary: "A group's members, those who joined first first",
        security,
        params: communityIdParamsSchema,
        querystring: communityListQuerySchema,
        response: { 200: pagedData(groupMemberSchema, "Those who joined first first") },
      },
    },
    async (request, reply) => {
      const viewerId = memberOf(request).id;
      const group = await visibleGroup(app, viewerId, request.params.id);
      const page = await listGroupMembers(app.db, viewerId, group._id, {
        cursor: cursorFrom(request.query.cursor),
        limit: request.query.limit,
      });
      if (page.next) reply.header(NEXT_CURSOR_HEADER, encodeCursor(page.next));
      return { status: 1 as const, message: "Members", data: page.items };
    },
  );

  r.get(
    "/post/:id/replies",
    {
      schema: {
        tags,
        summary: "Replies to a post, oldest first",
        security,
        params: communityIdParamsSchema,
        querystring: communityListQuerySchema,
        response: { 200: pagedData(postReplySchema, "Oldest first") },
      },
    },
    async (request, reply) => {
      const viewerId = memberOf(request).id;
      const post = await visiblePost(app, viewerId, request.params.id);
      const page = await listReplies(app.db, viewerId, post.id, {
        cursor: cursorFrom(request.query.cursor),
        limit: request.query.limit,
      });
      if (page.next) reply.header(NEXT_CURSOR_HEADER, encodeCursor(page.next));
      return { status: 1 as const, message: "Replies", data: page.items };
    },
  );

  r.post(
    "/post/:id/replies",
    {
      schema: {
        tags,
        summary: "Reply to a post (in a group, as one of its members); its author is told",
        security,
        params: communityIdParamsSchema,
        body: replyBodySchema,
        response: { 201: envelope(postReplySchema), 429: ERROR_RESPONSES[429] },
      },
      preHandler: limitPerMember(app, "replies", createRule),
    },
    async (request, reply) => {
      const data = await replyToPost(
        app,
        memberOf(request).id,
        request.params.id,
        request.body.content,
      );
      return reply.code(201).send({ status: 1 as const, message: GROUP_MESSAGES.replied, data });
    },
  );

  r.delete(
    "/reply/:id",
    {
      schema: {
        tags,
        summary: "Delete a reply of your own",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(deletedCommunityItemSchema) },
      },
    },
    async (request) => {
      const deleted = await deleteOwnReply(app.db, request.params.id, memberOf(request).id);
      if (!deleted) throw new HttpError(404, "NOT_FOUND", GROUP_MESSAGES.replyNotFound);
      return {
        status: 1 as const,
        message: GROUP_MESSAGES.replyDeleted,
        data: { _id: request.params.id.toLowerCase() },
      };
    },
  );

  for (const [method, like] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    r.route({
      method,
      url: "/post/:id/like",
      schema: {
        tags,
        summary: like ? "Like a post (twice is once)" : "Take back your like of a post",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(postLikeStateSchema) },
      },
      handler: async (request) => ({
        status: 1 as const,
        message: like ? GROUP_MESSAGES.liked : GROUP_MESSAGES.unliked,
        data: await setLike(app, memberOf(request).id, request.params.id, like),
      }),
    });
  }
}
