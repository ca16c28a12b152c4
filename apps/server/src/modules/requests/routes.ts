import {
  type ConnectionCard,
  connectionCardSchema,
  deletedRequestSchema,
  deleteRequestParamsSchema,
  envelope,
  receivedRequestSchema,
  reviewedRequestSchema,
  reviewRequestParamsSchema,
  sendRequestParamsSchema,
  sentRequestSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, unknownIdError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import {
  announceNotification,
  announceUnread,
  chatUrl,
  notify,
  REQUESTS_URL,
  withdrawRequest,
} from "../notifications/service.ts";
import { rowToCard } from "../users/card.ts";
import {
  deleteUnansweredRequest,
  findConnections,
  findReceivedRequests,
  reviewRequest,
  sendRequest,
} from "./repository.ts";

export const REQUEST_MESSAGES = {
  selfRequest: "You cannot send a request to yourself.",
  userNotFound: "This user does not exist.",
  requestExists: "You already have a request with this person.",
  requestNotFound: "This request is not waiting for your answer.",
  undoNotFound: "There is no unanswered request of yours to undo.",
} as const;

const USER_NOT_FOUND = { code: "USER_NOT_FOUND", message: REQUEST_MESSAGES.userNotFound };
const REQUEST_NOT_FOUND = { code: "REQUEST_NOT_FOUND", message: REQUEST_MESSAGES.requestNotFound };
const UNDO_NOT_FOUND = { code: "REQUEST_NOT_FOUND", message: REQUEST_MESSAGES.undoNotFound };

/** Connection requests: send, list the received ones, review, and the resulting connections. */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/request/send/:status/:userId",
    {
      schema: {
        tags: ["requests"],
        summary: "Say interested or ignored to someone (one request per pair of people)",
        params: sendRequestParamsSchema,
        response: {
          201: envelope(sentRequestSchema),
          409: errorResponse(
            "A request between the two already exists, either way (`code` REQUEST_EXISTS)",
          ),
        },
      },
      config: { unknownId: USER_NOT_FOUND },
    },
    async (request, reply) => {
      const { status } = request.params;
      const toUserId = request.params.userId.toLowerCase();
      if (toUserId === request.userId) {
        throw new HttpError(400, "SELF_REQUEST", REQUEST_MESSAGES.selfRequest);
      }
      let notificationId: string | undefined;
      const outcome = await app.db.transaction(async (tx) => {
        const sent = await sendRequest(tx, request.userId, toUserId, status);
        if (sent.kind === "sent" && status === "interested") {
          notificationId = await notify(tx, {
            userId: toUserId,
            kind: "request_received",
            actorId: request.userId,
            subject: { type: "request", id: sent.request.id },
            url: REQUESTS_URL,
          });
        }
        return sent;
      });
      if (outcome.kind === "exists")
        throw new HttpError(409, "REQUEST_EXISTS", REQUEST_MESSAGES.requestExists);
      if (outcome.kind === "unknown-user") {
        throw unknownIdError(USER_NOT_FOUND);
      }
      if (status === "interested") await announceNotification(app, toUserId, notificationId);
      const { id, fromUserId, toUserId: to, status: sent } = outcome.request;
      return reply.code(201).send({
        status: 1 as const,
        message: status === "interested" ? "Request sent" : "User ignored",
        data: { _id: id, fromUserId, toUserId: to, status: sent },
      });
    },
  );

  r.get(
    "/user/requests/received",
    {
      schema: {
        tags: ["requests"],
        summary: "Pending (interested) requests sent to me, newest first",
        response: { 200: envelope(z.array(receivedRequestSchema)) },
      },
    },
    async (request) => {
      const rows = await findReceivedRequests(app.db, request.userId);
      return {
        status: 1 as const,
        message: "Requests loaded",
        data: rows.map((row) => ({
          _id: row.requestId,
          fromUserId: rowToCard(row),
          createdAt: row.requestedAt,
        })),
      };
    },
  );

  r.post(
    "/request/review/:status/:requestId",
    {
      schema: {
        tags: ["requests"],
        summary: "Accept or reject a pending request sent to me",
        params: reviewRequestParamsSchema,
        response: { 200: envelope(reviewedRequestSchema) },
      },
      config: { unknownId: REQUEST_NOT_FOUND },
    },
    async (request) => {
      const { status, requestId } = request.params;
      let notificationId: string | undefined;
      const reviewed = await app.db.transaction(async (tx) => {
        const row = await reviewRequest(tx, request.userId, requestId, status);
        if (row && status === "accepted") {
          notificationId = await notify(tx, {
            userId: row.fromUserId,
            kind: "request_accepted",
            actorId: request.userId,
            subject: { type: "connection", id: row.id },
            url: chatUrl(request.userId),
          });
        }
        return row;
      });
      if (!reviewed) throw unknownIdError(REQUEST_NOT_FOUND);
      await announceUnread(app, [request.userId]);
      if (status === "accepted") {
        await announceNotification(app, reviewed.fromUserId, notificationId);
      }
      return {
        status: 1 as const,
        message: status === "accepted" ? "Request accepted" : "Request rejected",
        data: { _id: reviewed.id, status: reviewed.status },
      };
    },
  );

  r.delete(
    "/request/:requestId",
    {
      schema: {
        tags: ["requests"],
        summary: "Undo: delete a request I sent that has not been answered yet",
        params: deleteRequestParamsSchema,
        response: { 200: envelope(deletedRequestSchema) },
      },
      config: { unknownId: UNDO_NOT_FOUND },
    },
    async (request) => {
      const { requestId } = request.params;
      const deleted = await app.db.transaction(async (tx) => {
        const row = await deleteUnansweredRequest(tx, request.userId, requestId.toLowerCase());
        if (row?.status === "interested") {
          await withdrawRequest(tx, row.toUserId, request.userId);
        }
        return row;
      });
      if (!deleted) throw unknownIdError(UNDO_NOT_FOUND);
      if (deleted.status === "interested") await announceUnread(app, [deleted.toUserId]);
      return { status: 1 as const, message: "Request undone", data: { _id: deleted.id } };
    },
  );

  r.get(
    "/user/connections",
    {
      schema: {
        tags: ["requests"],
        summary: "People with an accepted request either way, most recent first",
        response: { 200: envelope(z.array(connectionCardSchema)) },
      },
    },
    async (request) => {
      const rows = await findConnections(app.db, request.userId);
      const data: ConnectionCard[] = rows.map((row) => ({
        ...rowToCard(row),
        publicId: row.publicId,
      }));
      return { status: 1 as const, message: "Connections loaded", data };
    },
  );
}
