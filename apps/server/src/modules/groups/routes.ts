import {
  communityIdParamsSchema,
  communityListQuerySchema,
  deletedCommunityItemSchema,
  envelope,
  GROUP_MESSAGES,
  groupBodySchema,
  groupDetailSchema,
  groupMemberSchema,
  groupMembershipSchema,
  groupPatchBodySchema,
  groupSchema,
  NEXT_CURSOR_HEADER,
  pageAnswerSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { encodedPage, pagedAnswer, pagedArray } from "../../lib/paging.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { limitPerMember, memberOf } from "../members/scope.ts";
import {
  createGroup,
  deleteGroup,
  editGroup,
  GROUP_NOT_FOUND,
  joinGroup,
  leaveGroup,
  listGroupMembers,
  listGroups,
  OWN_GROUP_NOT_FOUND,
  visibleGroup,
} from "./service.ts";

const tags = ["community"];

/**
 * Study groups: the list, creating, a group's page, joining and leaving, its members, changing
 * and deleting it. In the community's member-only scope (plugins/scopes.ts), so every call here
 * carries a checked token; a group's posts are the posts module's (`/getposts?groupId=`).
 */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/all",
    {
      schema: {
        tags,
        summary: "Study groups, newest first",
        querystring: communityListQuerySchema,
        response: {
          200: z.array(groupSchema).meta({
            description: `Newest first. When there are more, the ${NEXT_CURSOR_HEADER} header holds the cursor of the next page.`,
          }),
        },
      },
    },
    async (request, reply) => {
      const page = await listGroups(app, memberOf(request).id, request.query);
      return pagedArray(reply, encodedPage(page));
    },
  );

  // On the untyped instance: the body is checked against the schema before the handler runs.
  app.post(
    "/create",
    {
      schema: {
        tags,
        summary: "Create a study group as the token's member",
        body: groupBodySchema,
        response: { 201: envelope(groupSchema), 429: ERROR_RESPONSES[429] },
      },
      preHandler: limitPerMember(app, "groups"),
    },
    async (request, reply) => {
      const { name, description, tag } = request.body as z.infer<typeof groupBodySchema>;
      const data = await createGroup(app, memberOf(request).id, { name, description, tag });
      return reply.code(201).send({ status: 1, message: "Group created", data });
    },
  );

  r.get(
    "/group/:id",
    {
      schema: {
        tags,
        summary: "One study group, with its creator and members counted",
        params: communityIdParamsSchema,
        response: { 200: envelope(groupDetailSchema) },
      },
      config: { unknownId: GROUP_NOT_FOUND },
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
        params: communityIdParamsSchema,
        body: groupPatchBodySchema,
        response: { 200: envelope(groupDetailSchema) },
      },
      config: { unknownId: GROUP_NOT_FOUND },
    },
    async (request) => ({
      status: 1 as const,
      message: GROUP_MESSAGES.updated,
      data: await editGroup(app, memberOf(request).id, request.params.id, request.body),
    }),
  );

  r.delete(
    "/group/:id",
    {
      schema: {
        tags,
        summary: "Delete a group of your own",
        params: communityIdParamsSchema,
        response: { 200: envelope(deletedCommunityItemSchema) },
      },
      config: { unknownId: OWN_GROUP_NOT_FOUND },
    },
    async (request) => {
      await deleteGroup(app, request.params.id, memberOf(request).id);
      return {
        status: 1 as const,
        message: "Deleted the group",
        data: { _id: request.params.id.toLowerCase() },
      };
    },
  );

  r.post(
    "/group/:id/join",
    {
      schema: {
        tags,
        summary: "Join a study group (joining twice changes nothing)",
        params: communityIdParamsSchema,
        response: { 200: envelope(groupMembershipSchema) },
      },
      config: { unknownId: GROUP_NOT_FOUND },
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
        params: communityIdParamsSchema,
        response: { 200: envelope(groupMembershipSchema), 409: ERROR_RESPONSES[409] },
      },
      config: { unknownId: GROUP_NOT_FOUND },
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
        params: communityIdParamsSchema,
        querystring: communityListQuerySchema,
        response: { 200: pageAnswerSchema(groupMemberSchema) },
      },
      config: { unknownId: GROUP_NOT_FOUND },
    },
    async (request, reply) => {
      const page = await listGroupMembers(
        app,
        memberOf(request).id,
        request.params.id,
        request.query,
      );
      return pagedAnswer(reply, "Members", encodedPage(page));
    },
  );
}
