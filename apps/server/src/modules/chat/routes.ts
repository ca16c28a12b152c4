import websocket from "@fastify/websocket";
import {
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PHOTO_UPLOADS_PER_HOUR,
  CHAT_REACTIONS,
  chatHistoryQuerySchema,
  chatMessageSchema,
  chatPageSchema,
  chatReactionSchema,
  chatUnreadSchema,
  conversationSchema,
  editMessageBodySchema,
  envelope,
  meetupSchema,
  messageParamsSchema,
  newMeetupBodySchema,
  reactionParamsSchema,
  readMarkerBodySchema,
  readMarkerSchema,
  sendMessageBodySchema,
  userParamsSchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { findLiveSession, SESSION_COOKIE } from "../../plugins/session.ts";
import { accountStandingOfRequest } from "../../plugins/writes-that-reach-others.ts";
import {
  CHAT_PHOTO_TYPE,
  chatPhotoFile,
  deleteMessage,
  editMessage,
  photoSweepHandler,
  react,
  uploadChatPhoto,
} from "./changes.ts";
import {
  keptPurgeHandler,
  listConversations,
  markConversationRead,
  messageHistory,
  NOT_CONNECTED,
  proposeMeetup,
  sendMessage,
  unreadWith,
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
  app.jobs.handle("chat_photo_sweep", photoSweepHandler(app));
  const perMinute = app.config.chatMessagesPerMinute ?? CHAT_MESSAGES_PER_MINUTE;
  const sendLimit = limitRequests(app, [
    {
      name: "chat-send",
      rule: { max: perMinute, windowMs: 60_000 },
      key: (request) => request.userId,
    },
  ]);
  const reactionLimit = limitRequests(app, [
    {
      name: "chat-react",
      rule: { max: perMinute * 2, windowMs: 60_000 },
      key: (request) => request.userId,
    },
  ]);

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
        summary:
          "One page of history, oldest first: the newest, `before` or `after` a message, `around` one; or the messages holding the words of `q`, newest first",
        params: userParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: {
          200: envelope(chatPageSchema),
          403: notConnected,
          404: errorResponse("`around` names no message of this conversation"),
        },
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
        response: {
          201: envelope(chatMessageSchema),
          400: errorResponse(
            "No text and no photos (`code` EMPTY_MESSAGE), a reply to a message of another conversation (REPLY_NOT_FOUND), or photos that are not my unsent uploads (PHOTO_NOT_YOURS)",
          ),
          403: notConnected,
        },
      },
      config: { unknownId: NOT_CONNECTED },
      // The age rule is checked with the connection, in the message's own read (sendMessage).
      preHandler: sendLimit,
    },
    async (request, reply) => {
      const message = await sendMessage(
        app,
        request.userId,
        request.params.userId,
        request.body,
        accountStandingOfRequest(request),
      );
      return reply.code(201).send({ status: 1 as const, message: "Message sent", data: message });
    },
  );

  r.post(
    "/meetups",
    {
      schema: {
        tags: ["meet-ups"],
        summary:
          "Suggest a time to a connection: stored and sent in the chat as a proposal, which the other accepts or declines",
        body: newMeetupBodySchema,
        response: {
          201: envelope(meetupSchema),
          400: errorResponse("A time past, too far ahead, too long, or ending before it starts"),
          403: notConnected,
        },
      },
      preHandler: sendLimit,
    },
    async (request, reply) => {
      const meetup = await proposeMeetup(app, request.userId, request.body);
      return reply.code(201).send({ status: 1 as const, message: "Time suggested", data: meetup });
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

  r.get(
    "/chat/:userId/unread",
    {
      schema: {
        tags: ["chat"],
        summary: "Where the conversation's unread messages begin, and how many there are",
        params: userParamsSchema,
        response: { 200: envelope(chatUnreadSchema), 403: notConnected },
      },
      config: { unknownId: NOT_CONNECTED },
    },
    async (request) => ({
      status: 1 as const,
      message: "Unread messages",
      data: await unreadWith(app.db, request.userId, request.params.userId),
    }),
  );

  const messageNotFound = errorResponse(
    "No such message in the person's conversations (`code` MESSAGE_NOT_FOUND), or it was deleted (MESSAGE_DELETED)",
  );

  r.patch(
    "/chat/messages/:id",
    {
      schema: {
        tags: ["chat"],
        summary: "Edit my message: the other person sees the new text, marked edited",
        params: messageParamsSchema,
        body: editMessageBodySchema,
        response: {
          200: envelope(chatMessageSchema),
          403: errorResponse("Not my message (`code` NOT_YOUR_MESSAGE)"),
          404: messageNotFound,
        },
      },
      preHandler: [sendLimit],
    },
    async (request) => ({
      status: 1 as const,
      message: "Message edited",
      data: await editMessage(app, request.userId, request.params.id, request.body.text),
    }),
  );

  r.delete(
    "/chat/messages/:id",
    {
      schema: {
        tags: ["chat"],
        summary: "Delete my message for both: 'Message deleted' shows in its place",
        params: messageParamsSchema,
        response: {
          200: envelope(z.object({ _id: z.string() })),
          403: errorResponse("Not my message (`code` NOT_YOUR_MESSAGE)"),
          404: messageNotFound,
        },
      },
    },
    async (request) => {
      await deleteMessage(app, request.userId, request.params.id);
      return {
        status: 1 as const,
        message: "Message deleted",
        data: { _id: request.params.id.toLowerCase() },
      };
    },
  );

  for (const method of ["PUT", "DELETE"] as const) {
    r.route({
      method,
      url: "/chat/messages/:id/reactions/:emoji",
      schema: {
        tags: ["chat"],
        summary:
          method === "PUT"
            ? `React to a message with one of ${CHAT_REACTIONS.join(" ")} (once each)`
            : "Take my reaction back",
        params: reactionParamsSchema,
        response: {
          200: envelope(z.array(chatReactionSchema)),
          400: errorResponse("Not one of the six reactions (`code` BAD_REACTION)"),
          404: messageNotFound,
        },
      },
      preHandler: [reactionLimit],
      handler: async (request) => ({
        status: 1 as const,
        message: method === "PUT" ? "Reaction added" : "Reaction removed",
        data: await react(
          app,
          request.userId,
          request.params.id,
          request.params.emoji,
          method === "PUT",
        ),
      }),
    });
  }

  await app.register(async (scope) => {
    await app.photoUploads.accept(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/chat/photos",
      {
        schema: {
          tags: ["chat"],
          summary: "Upload a photo for my next message (send its id in `photos`)",
          description:
            "`multipart/form-data` with the picture in the field `photo`, as for the profile photo. It is turned upright and stripped of all metadata; only the two people of the conversation it is sent in can load it. Unsent, it is deleted after a day.",
          consumes: ["multipart/form-data"],
          response: { 201: envelope(z.object({ _id: z.string() })), ...app.photoUploads.errors },
        },
        preHandler: [
          limitRequests(app, [
            {
              name: "chat-photo-upload",
              rule: { max: CHAT_PHOTO_UPLOADS_PER_HOUR, windowMs: 3_600_000 },
              key: (request) => request.userId,
            },
          ]),
        ],
      },
      async (request, reply) => {
        const { bytes, crop } = await app.photoUploads.read(request);
        if (crop) throw new HttpError(400, "PHOTO_UNKNOWN_FIELD", "Send only the field photo.");
        const id = await uploadChatPhoto(app, request.userId, bytes);
        return reply
          .code(201)
          .send({ status: 1 as const, message: "Photo ready to send", data: { _id: id } });
      },
    );
  });
}

/**
 * A chat photo's files: the two people of its conversation only. Outside the signed-in scope,
 * so that anyone else (signed out, a third person, a name that is no chat photo's) gets the same
 * 404, never a 401 that says the address exists.
 */
export async function chatPhotoFileRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/chat/photos/:file",
    {
      schema: {
        tags: ["chat"],
        summary: "A chat photo's file (chat-<id>-<card|large>.webp), for the conversation's two",
        params: z.object({ file: z.string().max(80) }),
        response: {
          200: {
            description: "The WebP picture; kept in the browser only",
            content: { "image/webp": { schema: z.string() } },
          },
          404: errorResponse("No such photo for this viewer (`code` NOT_FOUND)"),
        },
      },
    },
    async (request, reply) => {
      const session = await findLiveSession(app, request.cookies[SESSION_COOKIE]).catch(
        () => undefined,
      );
      const stored = await chatPhotoFile(app, session?.userId, request.params.file);
      if (!stored) throw new HttpError(404, "NOT_FOUND", "No such photo.");
      reply
        .type(CHAT_PHOTO_TYPE)
        .header("cache-control", "private, max-age=86400")
        .header("vary", "cookie")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'");
      if (stored.size !== undefined) reply.header("content-length", stored.size);
      return (reply as FastifyReply).send(stored.stream);
    },
  );
}
