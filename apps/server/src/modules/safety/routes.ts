import { CHAT_MESSAGES, cardSchema, envelope, okSchema, userParamsSchema } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { block, blockedBy, removeConnectionWith, USER_NOT_FOUND, unblock } from "./service.ts";

/** Remove a connection, block and unblock (reports are the moderation module's): the person's controls over who reaches them. */
export async function safetyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.delete(
    "/user/connections/:userId",
    {
      schema: {
        tags: ["safety"],
        summary: "Remove a connection, for both people; the conversation goes with it",
        params: userParamsSchema,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
      config: { unknownId: USER_NOT_FOUND },
    },
    async (request) => {
      const { removed, id } = await removeConnectionWith(
        app,
        request.userId,
        request.params.userId,
      );
      return {
        status: 1 as const,
        message: removed === "archive" ? CHAT_MESSAGES.conversationDeleted : CHAT_MESSAGES.removed,
        data: { _id: id },
      };
    },
  );

  r.post(
    "/user/block/:userId",
    {
      schema: {
        tags: ["safety"],
        summary: "Block someone: from now on neither sees the other anywhere",
        params: userParamsSchema,
        body: z.object({}).optional(),
        response: { 201: okSchema },
      },
      config: { unknownId: USER_NOT_FOUND },
    },
    async (request, reply) => {
      await block(app, request.userId, request.params.userId);
      return reply.code(201).send({ status: 1 as const, message: CHAT_MESSAGES.blocked });
    },
  );

  r.delete(
    "/user/block/:userId",
    {
      schema: {
        tags: ["safety"],
        summary: "Lift my block of someone",
        params: userParamsSchema,
        response: { 200: okSchema },
      },
      config: { unknownId: USER_NOT_FOUND },
    },
    async (request) => {
      await unblock(app.db, request.userId, request.params.userId);
      return { status: 1 as const, message: "Block lifted" };
    },
  );

  r.get(
    "/user/blocked",
    {
      schema: {
        tags: ["safety"],
        summary: "The people I blocked, most recent first",
        response: { 200: envelope(z.array(cardSchema)) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Blocked people loaded",
      data: await blockedBy(app.db, request.userId),
    }),
  );
}
