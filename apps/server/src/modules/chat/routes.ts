import websocket from "@fastify/websocket";
import {
  CHAT_MESSAGES,
  CHAT_MESSAGES_PER_MINUTE,
  type ChatContact,
  type Conversation,
  chatHistoryQuerySchema,
  chatMessageSchema,
  chatPageSchema,
  conversationSchema,
  DELETED_ACCOUNT_NAME,
  DELETED_ACCOUNT_PHOTO,
  envelope,
  isUuid,
  readMarkerBodySchema,
  readMarkerSchema,
  sendMessageBodySchema,
  userParamsSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, unknownIdError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import {
  announceNotification,
  announceUnread,
  chatUrl,
  notify,
  readConversation,
} from "../notifications/service.ts";
import { rowToCard } from "../users/card.ts";
import {
  type ArchiveRow,
  findArchiveMessages,
  findArchives,
  isArchiveOf,
} from "./archive-repository.ts";
import {
  findConversationId,
  findConversations,
  findMessages,
  insertMessage,
  markRead,
} from "./repository.ts";
import { registerChatSocket } from "./socket.ts";

const notConnected = errorResponse("The two are not connected (`code` NOT_CONNECTED)");
/** A path's user id that is not a UUID names no connection. */
const NOT_CONNECTED = {
  status: 403,
  code: "NOT_CONNECTED",
  message: CHAT_MESSAGES.notConnected,
} as const;

/**
 * The chat socket. Outside the signed-in scope: it checks the session itself and says why it
 * refuses with a close code (4401), which a browser's WebSocket can read and a 401 it cannot.
 */
export async function chatSocketRoutes(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  registerChatSocket(app);
}

/** Chat between connections: conversations, history, sending and read markers. */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The conversation with the path's user; 403 for anyone who is not a connection. */
  async function conversationWith(userId: string, param: string) {
    const otherId = param.toLowerCase();
    const conversationId = await findConversationId(app.db, userId, otherId);
    if (!conversationId) throw unknownIdError(NOT_CONNECTED);
    return { otherId, conversationId };
  }

  /** Whether the path names one of the user's conversations with a deleted account. */
  async function isArchive(userId: string, param: string): Promise<boolean> {
    return isArchiveOf(app.db, userId, param.toLowerCase());
  }

  r.get(
    "/chat/conversations",
    {
      schema: {
        tags: ["chat"],
        summary: "My conversations: each connection with the last message and unread count",
        response: { 200: envelope(z.array(conversationSchema)) },
      },
    },
    async (request) => {
      const [rows, archives] = await Promise.all([
        findConversations(app.db, request.userId),
        findArchives(app.db, request.userId),
      ]);
      const online = await app.chatHub.online(rows.map((row) => row.id));
      const live: Sorted[] = rows.map((row) => ({
        sortAt: row.sortAt,
        user: {
          ...rowToCard(row),
          publicId: row.publicId,
          joinedAt: row.joinedAt,
          socialLinks: { instagramLink: row.instagramLink, otherLink: row.otherLink },
        },
        lastMessage: row.lastMessage,
        unread: row.unread,
        online: online.has(row.id),
      }));
      return {
        status: 1 as const,
        message: "Conversations loaded",
        data: mergeByRecency(live, archives.map(archivedConversation)),
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
      config: { unknownId: NOT_CONNECTED },
    },
    async (request) => {
      const { before, limit } = request.query;
      if (before !== undefined && !isUuid(before)) {
        throw new HttpError(400, "VALIDATION_ERROR", "before must be a message id.");
      }
      const param = request.params.userId;
      if (await isArchive(request.userId, param)) {
        const page = await findArchiveMessages(
          app.db,
          request.userId,
          param.toLowerCase(),
          before?.toLowerCase(),
          limit,
        );
        return { status: 1 as const, message: "Messages loaded", data: page };
      }
      const { conversationId } = await conversationWith(request.userId, param);
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
      config: { unknownId: NOT_CONNECTED },
      preHandler: [
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
      if (await isArchive(request.userId, request.params.userId)) {
        throw new HttpError(403, "ACCOUNT_DELETED", CHAT_MESSAGES.accountDeleted);
      }
      const { otherId, conversationId } = await conversationWith(
        request.userId,
        request.params.userId,
      );
      // Someone with no socket open anywhere is told by a notification (push, mail) instead.
      const recipientOnline = await app.chatHub.online([otherId]).then(
        (online) => online.has(otherId),
        () => false,
      );
      let notificationId: string | undefined;
      const { message, created } = await app.db.transaction(async (tx) => {
        const stored = await insertMessage(tx, {
          conversationId,
          fromUserId: request.userId,
          toUserId: otherId,
          text: request.body.text,
          clientId: request.body.clientId,
        });
        if (stored.created && !recipientOnline) {
          notificationId = await notify(tx, {
            userId: otherId,
            kind: "message",
            actorId: request.userId,
            subject: { type: "message", id: stored.message._id },
            url: chatUrl(request.userId),
          });
        }
        return stored;
      });
      // Stored first, then announced: a lost announcement is recovered by the resume.
      if (created) {
        await app.chatHub
          .publish([otherId, request.userId], { type: "message", message })
          .catch((error: unknown) => request.log.warn({ err: error }, "message not announced"));
        await announceNotification(app, otherId, notificationId);
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
      config: { unknownId: NOT_CONNECTED },
    },
    async (request) => {
      // A kept conversation with a deleted account has nothing unread.
      if (await isArchive(request.userId, request.params.userId)) {
        return { status: 1 as const, message: "Marked as read", data: { unread: 0 } };
      }
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
      await readConversation(app.db, request.userId, otherId, messageId.toLowerCase());
      await announceUnread(app, [request.userId]);
      return { status: 1 as const, message: "Marked as read", data: { unread } };
    },
  );
}

/** A conversation kept after the other person deleted their account, as the list shows it. */
function archivedConversation(archive: ArchiveRow): Sorted {
  const user: ChatContact = {
    _id: archive.id,
    firstName: DELETED_ACCOUNT_NAME,
    lastName: "",
    photoUrl: DELETED_ACCOUNT_PHOTO,
    photo: null,
    age: null,
    gender: null,
    about: "",
    skills: [],
    publicId: "",
    joinedAt: archive.createdAt,
    socialLinks: { instagramLink: null, otherLink: null },
    accountDeleted: true,
  };
  return {
    sortAt: archive.lastMessage?.createdAt ?? archive.createdAt,
    user,
    lastMessage: archive.lastMessage,
    unread: 0,
    online: false,
  };
}

type Sorted = Conversation & { sortAt: string };

/** Both lists in one, most recent last message first (a conversation without one by its start). */
function mergeByRecency(live: Sorted[], archived: Sorted[]): Conversation[] {
  // Stable: the live list keeps its own order among equal times.
  const all = archived.length === 0 ? live : [...live, ...archived];
  if (archived.length > 0)
    all.sort((a, b) => (a.sortAt < b.sortAt ? 1 : a.sortAt > b.sortAt ? -1 : 0));
  return all.map(({ sortAt: _, ...conversation }) => conversation);
}
