import websocket from "@fastify/websocket";
import {
  CHAT_MESSAGES_PER_MINUTE,
  chatHistoryQuerySchema,
  chatMessageSchema,
  chatPageSchema,
  conversationSchema,
  envelope,
  readMarkerBodySchema,
  readMarkerSchema,
  sendMessageBodySchema,
  userParamsSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSameAgeBand } from "../../plugins/authorization.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import {
  keptPurgeHandler,
  listConversations,
  markConversationRead,
  messageHistory,
  NOT_CONNECTED,
  sendMessage,
} from "./service.ts";
import { registerChatSocket } from "./socket.ts";

const notConnected = errorResponse("The two are not connected (`code` NOT_CONNECTED)");

/**
 * The chat socket. Outside the signed-in scope: it checks the session itself and says why it
 * refuses with a close code (4401), which a browser's WebSocket can read and a 401 it cannot.
 */
export async function chatSocketRoutes(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  registerChatSocket(app);
}

/**
 * Chat between connections: conversations, history, sending and read markers. Also registers the
 * purge of conversations kept after a removal or a block.
 */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.jobs.handle("chat_kept_purge", keptPurgeHandler(app));

  r.get(
    "/chat/conversations",
    {
      schema: {
        tags: ["chat"],
        summary: "My conversations: each connection with the last message and unread count",
        response: { 200: envelope(z.array(conversationSchema)) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Conversations loaded",
      data: await listConversations(app, request.userId),
    }),
  );

  r.get(
    "/chat/:userId/messages",
    {
      schema: {
        tags: ["chat"],
        summary: "One page of history, oldest first; `nextBefore` names the older page",
        params: userParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: envelope(chatPageSchema), 403: notConnected },
      },
      config: { unknownId: NOT_CONNECTED },
    },
    async (request) => ({
      status: 1 as const,
      message: "Messages loaded",
      data: await messageHistory(app.db, request.userId, request.params.userId, request.query),
    }),
  );

  r.post(
    "/chat/:userId/messages",
    {
      schema: {
        tags: ["chat"],
        summary: "Send a message; a repeated clientId answers the first message (idempotent)",
        params: userParamsSchema,
        body: sendMessageBodySchema,
        response: { 201: envelope(chatMessageSchema), 403: notConnected },
      },
      config: { unknownId: NOT_CONNECTED },
      preHandler: [
        requireSameAgeBand("userId"),
        limitRequests(app, [
          {
            name: "chat-send",
            rule: { max: CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000 },
            key: (request) => request.userId,
          },
        ]),
      ],
    },
    async (request, reply) => {
      const message = await sendMessage(app, request.userId, request.params.userId, request.body);
      return reply.code(201).send({ status: 1 as const, message: "Message sent", data: message });
    },
  );

  r.post(
    "/chat/:userId/read",
    {
      schema: {
        tags: ["chat"],
        summary: "Mark the conversation read up to a message; answers what is left unread",
        params: userParamsSchema,
        body: readMarkerBodySchema,
        response: {
          200: envelope(readMarkerSchema),
          403: notConnected,
          404: errorResponse("The message is not in this conversation"),
        },
      },
      config: { unknownId: NOT_CONNECTED },
    },
    async (request) => {
      const unread = await markConversationRead(
        app,
        request.userId,
        request.params.userId,
        request.body.messageId,
      );
      return { status: 1 as const, message: "Marked as read", data: { unread } };
    },
  );
}
