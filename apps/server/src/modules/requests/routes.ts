import {
  type ConnectionCard,
  connectionCardSchema,
  deletedRequestSchema,
  deleteRequestParamsSchema,
  envelope,
  REVIEW_STATUSES,
  receivedRequestSchema,
  reviewedRequestSchema,
  SEND_STATUSES,
  sentRequestSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { rowToCard } from "../feed/card-sql.ts";
import { isUuid } from "../users/repository.ts";
import {
  deleteUnansweredRequest,
  findConnections,
  findReceivedRequests,
  reviewRequest,
  sendRequest,
} from "./repository.ts";

export const REQUEST_MESSAGES = {
  invalidSendStatus: "Status must be interested or ignored.",
  invalidReviewStatus: "Status must be accepted or rejected.",
  selfRequest: "You cannot send a request to yourself.",
  userNotFound: "This user does not exist.",
  requestExists: "You already have a request with this person.",
  requestNotFound: "This request is not waiting for your answer.",
  undoNotFound: "There is no unanswered request of yours to undo.",
} as const;

// The statuses are enums in the params schema, so the OpenAPI document lists them; an id that is
// not a uuid is a 404 (it cannot name anything), not a validation error.
const sendParamsSchema = z.object({
  status: z.enum(SEND_STATUSES, { error: REQUEST_MESSAGES.invalidSendStatus }),
  userId: z.string().max(100),
});
const reviewParamsSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: REQUEST_MESSAGES.invalidReviewStatus }),
  requestId: z.string().max(100),
});

/** Connection requests: send, list the received ones, review, and the resulting connections. */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/request/send/:status/:userId",
    {
      schema: {
        tags: ["requests"],
        summary: "Say interested or ignored to someone (one request per pair of people)",
        params: sendParamsSchema,
        response: {
          201: envelope(sentRequestSchema),
          409: errorResponse(
            "A request between the two already exists, either way (`code` REQUEST_EXISTS)",
          ),
        },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const { status } = request.params;
      // Not a uuid: it cannot name anyone.
      if (!isUuid(request.params.userId)) {
        throw new HttpError(404, "USER_NOT_FOUND", REQUEST_MESSAGES.userNotFound);
      }
      const toUserId = request.params.userId.toLowerCase();
      if (toUserId === request.userId) {
        throw new HttpError(400, "SELF_REQUEST", REQUEST_MESSAGES.selfRequest);
      }
      const outcome = await sendRequest(app.db, request.userId, toUserId, status);
      if (outcome.kind === "exists")
        throw new HttpError(409, "REQUEST_EXISTS", REQUEST_MESSAGES.requestExists);
      if (outcome.kind === "unknown-user") {
        throw new HttpError(404, "USER_NOT_FOUND", REQUEST_MESSAGES.userNotFound);
      }
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
      preHandler: app.authenticate,
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
        params: reviewParamsSchema,
        response: { 200: envelope(reviewedRequestSchema) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { status, requestId } = request.params;
      const reviewed = isUuid(requestId)
        ? await reviewRequest(app.db, request.userId, requestId, status)
        : undefined;
      if (!reviewed)
        throw new HttpError(404, "REQUEST_NOT_FOUND", REQUEST_MESSAGES.requestNotFound);
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
      preHandler: app.authenticate,
    },
    async (request) => {
      const { requestId } = request.params;
      const deleted = isUuid(requestId)
        ? await deleteUnansweredRequest(app.db, request.userId, requestId.toLowerCase())
        : undefined;
      if (!deleted) throw new HttpError(404, "REQUEST_NOT_FOUND", REQUEST_MESSAGES.undoNotFound);
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
      preHandler: app.authenticate,
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
