import {
  communityIdParamsSchema,
  communityListQuerySchema,
  deletedCommunityItemSchema,
  envelope,
  GROUP_MESSAGES,
  groupPostBodySchema,
  NEXT_CURSOR_HEADER,
  pageAnswerSchema,
  postLikeStateSchema,
  postReplySchema,
  postSchema,
  postsQuerySchema,
  replyBodySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { encodedPage, pagedAnswer, pagedArray } from "../../lib/paging.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { limitPerMember, memberOf } from "../members/scope.ts";
import {
  deletePost,
  deleteReply,
  listPosts,
  listReplies,
  OWN_POST_NOT_FOUND,
  OWN_REPLY_NOT_FOUND,
  POST_NOT_FOUND,
  publishPost,
  replyToPost,
  setLike,
  visiblePost,
} from "./service.ts";

const tags = ["community"];

/**
 * The board's and the groups' posts, their replies and likes. In the community's member-only
 * scope (plugins/scopes.ts), so every call here carries a checked token.
 */
export async function postRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/getposts",
    {
      schema: {
        tags,
        summary: "Posts of the community board, or with groupId of that group, newest first",
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
      const page = await listPosts(app, memberOf(request).id, request.query);
      return pagedArray(reply, encodedPage(page));
    },
  );

  r.post(
    "/fusionpublish",
    {
      schema: {
        tags,
        summary:
          "Publish a post as the token's member: on the board, or with groupId in a group they belong to",
        body: groupPostBodySchema,
        response: {
          201: envelope(postSchema),
          404: ERROR_RESPONSES[404],
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: limitPerMember(app, "posts"),
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
        params: communityIdParamsSchema,
        response: { 200: envelope(postSchema) },
      },
      config: { unknownId: POST_NOT_FOUND },
    },
    async (request) => ({
      status: 1 as const,
      message: "Post",
      data: await visiblePost(app, memberOf(request).id, request.params.id),
    }),
  );

  r.delete(
    "/post/:id",
    {
      schema: {
        tags,
        summary: "Delete a post of your own",
        params: communityIdParamsSchema,
        response: { 200: envelope(deletedCommunityItemSchema) },
      },
      config: { unknownId: OWN_POST_NOT_FOUND },
    },
    async (request) => {
      await deletePost(app, request.params.id, memberOf(request).id);
      return {
        status: 1 as const,
        message: "Deleted the post",
        data: { _id: request.params.id.toLowerCase() },
      };
    },
  );

  r.get(
    "/post/:id/replies",
    {
      schema: {
        tags,
        summary: "Replies to a post, oldest first",
        params: communityIdParamsSchema,
        querystring: communityListQuerySchema,
        response: { 200: pageAnswerSchema(postReplySchema) },
      },
      config: { unknownId: POST_NOT_FOUND },
    },
    async (request, reply) => {
      const page = await listReplies(app, memberOf(request).id, request.params.id, request.query);
      return pagedAnswer(reply, "Replies", encodedPage(page));
    },
  );

  r.post(
    "/post/:id/replies",
    {
      schema: {
        tags,
        summary: "Reply to a post (in a group, as one of its members); its author is told",
        params: communityIdParamsSchema,
        body: replyBodySchema,
        response: { 201: envelope(postReplySchema), 429: ERROR_RESPONSES[429] },
      },
      config: { unknownId: POST_NOT_FOUND },
      preHandler: limitPerMember(app, "replies"),
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
        params: communityIdParamsSchema,
        response: { 200: envelope(deletedCommunityItemSchema) },
      },
      config: { unknownId: OWN_REPLY_NOT_FOUND },
    },
    async (request) => {
      await deleteReply(app, request.params.id, memberOf(request).id);
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
        params: communityIdParamsSchema,
        response: { 200: envelope(postLikeStateSchema) },
      },
      config: { unknownId: POST_NOT_FOUND },
      handler: async (request) => ({
        status: 1 as const,
        message: like ? GROUP_MESSAGES.liked : GROUP_MESSAGES.unliked,
        data: await setLike(app, memberOf(request).id, request.params.id, like),
      }),
    });
  }
}
