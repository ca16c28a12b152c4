import websocket, { type WebSocket } from "@fastify/websocket";
import {
  CHAT_CLOSE_FORBIDDEN_ORIGIN,
  CHAT_CLOSE_UNAUTHENTICATED,
  CHAT_MESSAGES,
  CHAT_MESSAGES_PER_MINUTE,
  type ChatClientEvent,
  type ChatServerEvent,
  chatHistoryQuerySchema,
  chatMessageSchema,
  chatPageSchema,
  conversationSchema,
  envelope,
  readMarkerBodySchema,
  readMarkerSchema,
  sendMessageBodySchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { hashSessionId, SESSION_COOKIE } from "../../plugins/session.ts";
import { rowToCard } from "../feed/card-sql.ts";
import { isUuid } from "../users/repository.ts";
import {
  findConnectionIds,
  findConversationId,
  findConversations,
  findMessages,
  findMessagesAfter,
  findSessionUser,
  insertMessage,
  markRead,
} from "./repository.ts";

const userParamsSchema = z.object({ userId: z.string().max(100) });
/** A reconnecting client gets at most this many missed messages; further back it reloads. */
const RESUME_CAP = 500;
const notConnected = errorResponse("The two are not connected (`code` NOT_CONNECTED)");

/** Chat between connections: conversations, history, sending, read markers and the socket. */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(websocket, { options: { maxPayload: 4096 } });

  /** The conversation with the path's user; 403 for anyone who is not a connection. */
  async function conversationWith(userId: string, param: string) {
    const otherId = param.toLowerCase();
    const conversationId = isUuid(otherId)
      ? await findConversationId(app.db, userId, otherId)
      : undefined;
    if (!conversationId) throw new HttpError(403, "NOT_CONNECTED", CHAT_MESSAGES.notConnected);
    return { otherId, conversationId };
  }

  r.get(
    "/chat/conversations",
    {
      schema: {
        tags: ["chat"],
        summary: "My conversations: each connection with the last message and unread count",
        response: { 200: envelope(z.array(conversationSchema)) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const rows = await findConversations(app.db, request.userId);
      const online = await app.chatHub.online(rows.map((row) => row.id));
      return {
        status: 1 as const,
        message: "Conversations loaded",
        data: rows.map((row) => ({
          user: {
            ...rowToCard(row),
            publicId: row.publicId,
            joinedAt: row.joinedAt,
            socialLinks: { instagramLink: row.instagramLink, otherLink: row.otherLink },
          },
          lastMessage: row.lastMessage,
          unread: row.unread,
          online: online.has(row.id),
        })),
      };
    },
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
      preHandler: app.authenticate,
    },
    async (request) => {
      const { conversationId } = await conversationWith(request.userId, request.params.userId);
      const { before, limit } = request.query;
      if (before !== undefined && !isUuid(before)) {
        throw new HttpError(400, "VALIDATION_ERROR", "before must be a message id.");
      }
      const page = await findMessages(app.db, conversationId, before?.toLowerCase(), limit);
      return { status: 1 as const, message: "Messages loaded", data: page };
    },
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
      preHandler: [
        app.authenticate,
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
      const { otherId, conversationId } = await conversationWith(
        request.userId,
        request.params.userId,
      );
      const { message, created } = await insertMessage(app.db, {
        conversationId,
        fromUserId: request.userId,
        toUserId: otherId,
        text: request.body.text,
        clientId: request.body.clientId,
      });
      // Stored first, then announced: a lost announcement is recovered by the resume.
      if (created) {
        await app.chatHub
          .publish([otherId, request.userId], { type: "message", message })
          .catch((error: unknown) => request.log.warn({ err: error }, "message not announced"));
      }
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
      preHandler: app.authenticate,
    },
    async (request) => {
      const { otherId, conversationId } = await conversationWith(
        request.userId,
        request.params.userId,
      );
      const { messageId } = request.body;
      const unread = isUuid(messageId)
        ? await markRead(app.db, conversationId, request.userId, messageId.toLowerCase())
        : undefined;
      if (unread === undefined) {
        throw new HttpError(404, "MESSAGE_NOT_FOUND", CHAT_MESSAGES.messageNotFound);
      }
      await app.chatHub
        .publish([otherId, request.userId], {
          type: "read",
          byUserId: request.userId,
          withUserId: otherId,
          messageId: messageId.toLowerCase(),
        })
        .catch((error: unknown) => request.log.warn({ err: error }, "read not announced"));
      return { status: 1 as const, message: "Marked as read", data: { unread } };
    },
  );

  /** Each open socket's goodbye: it leaves the hub and, if it was its person's last, says so. */
  const farewells = new Map<WebSocket, () => void>();
  /** Goodbyes under way. */
  const leaving = new Set<Promise<void>>();
  // A closing server closes its sockets, but their close events come after the database and the
  // hub are gone (the closing handshake takes a round trip): the goodbyes are said here instead,
  // before them (onClose hooks run in reverse order of registration), so the person's connections
  // on other processes learn that they went offline.
  app.addHook("onClose", async () => {
    for (const forget of [...farewells.values()]) forget();
    await Promise.allSettled([...leaving]);
  });

  /** Tells the user's connections that the user came online or left. */
  async function announcePresence(userId: string, online: boolean) {
    const connections = await findConnectionIds(app.db, userId);
    await app.chatHub.publish(connections, { type: "presence", userId, online });
  }

  async function sessionUser(request: FastifyRequest): Promise<string | undefined> {
    const sessionId = request.cookies[SESSION_COOKIE];
    if (!sessionId || sessionId.length > 100) return undefined;
    return findSessionUser(app.db, hashSessionId(sessionId));
  }

  function send(socket: WebSocket, event: ChatServerEvent) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  }

  async function resume(socket: WebSocket, userId: string, raw: string) {
    let event: ChatClientEvent;
    try {
      event = JSON.parse(raw) as ChatClientEvent;
    } catch {
      send(socket, { type: "error", code: "BAD_EVENT", message: "Events are JSON." });
      return;
    }
    if (event?.type !== "resume") {
      send(socket, { type: "error", code: "BAD_EVENT", message: "Unknown event." });
      return;
    }
    if (typeof event.after !== "string" || !isUuid(event.after)) return;
    const missed = await findMessagesAfter(app.db, userId, event.after.toLowerCase(), RESUME_CAP);
    for (const message of missed) send(socket, { type: "message", message });
  }

  app.route({
    method: "GET",
    url: "/chat/socket",
    schema: { hide: true },
    // A plain GET (no upgrade) gets the contract's error body.
    handler: async () => {
      throw new HttpError(400, "WEBSOCKET_ONLY", "This address takes a WebSocket connection.");
    },
    wsHandler: async (socket: WebSocket, request: FastifyRequest) => {
      // Messages that arrive before the session is known are handled once it is.
      const early: string[] = [];
      const onEarly = (data: Buffer) => early.push(data.toString());
      socket.on("message", onEarly);

      // A page on another site would carry the person's cookie: only our own pages may connect.
      if (request.headers.origin !== app.config.publicOrigin) {
        socket.close(CHAT_CLOSE_FORBIDDEN_ORIGIN, "Forbidden origin");
        return;
      }
      let userId: string | undefined;
      try {
        userId = await sessionUser(request);
      } catch (error) {
        request.log.warn({ err: error }, "chat socket: session lookup failed");
      }
      if (!userId) {
        socket.close(CHAT_CLOSE_UNAUTHENTICATED, "Unauthenticated");
        return;
      }
      const user = userId;
      socket.off("message", onEarly);
      const handle = (raw: string) =>
        resume(socket, user, raw).catch((error: unknown) =>
          request.log.warn({ err: error }, "chat socket: resume failed"),
        );
      socket.on("message", (data: Buffer) => handle(data.toString()));

      const first = await app.chatHub.addSocket(user, socket);
      if (first) announcePresence(user, true).catch(() => {});
      let forgotten = false;
      const forget = () => {
        if (forgotten) return;
        forgotten = true;
        farewells.delete(socket);
        const work = app.chatHub
          .removeSocket(user, socket)
          .then(async (last) => {
            if (!last) return;
            const still = await app.chatHub.online([user]);
            if (!still.has(user)) await announcePresence(user, false);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, "presence not announced"));
        leaving.add(work);
        void work.finally(() => leaving.delete(work));
      };
      farewells.set(socket, forget);
      // Closed while being registered: the close event has already gone by.
      if (socket.readyState === socket.CLOSED) forget();
      else socket.on("close", forget);
      for (const raw of early) handle(raw);
    },
  });
}
