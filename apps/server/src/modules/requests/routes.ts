import {
  connectionCardSchema,
  deletedRequestSchema,
  deleteRequestParamsSchema,
  envelope,
  pageAnswerSchema,
  pendingSentRequestSchema,
  receivedRequestSchema,
  reviewedRequestSchema,
  reviewRequestParamsSchema,
  sendRequestParamsSchema,
  sentRequestSchema,
  sentRequestsQuerySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { encodedPage, pagedAnswer } from "../../lib/paging.ts";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import { accountStandingOfRequest } from "../../plugins/writes-that-reach-others.ts";
import {
  listConnections,
  listPendingSentRequests,
  listReceivedRequests,
  REQUEST_NOT_FOUND,
  reviewRequest,
  sendRequest,
  UNDO_NOT_FOUND,
  USER_NOT_FOUND,
  undoRequest,
} from "./service.ts";

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
          403: errorResponse(
            "No age yet (`code` AGE_REQUIRED), or the other is in the other age band (`code` AGE_BAND)",
          ),
          409: errorResponse(
            "A request between the two already exists, either way (`code` REQUEST_EXISTS)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
      config: { unknownId: USER_NOT_FOUND },
    },
    async (request, reply) => {
      const { status, userId } = request.params;
      const sent = await sendRequest(
        app,
        request.userId,
        userId,
        status,
        accountStandingOfRequest(request),
      );
      return reply.code(201).send({
        status: 1 as const,
        message: status === "interested" ? "Request sent" : "User ignored",
        data: {
          _id: sent.id,
          fromUserId: sent.fromUserId,
          toUserId: sent.toUserId,
          status: sent.status,
        },
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
    async (request) => ({
      status: 1 as const,
      message: "Requests loaded",
      data: await listReceivedRequests(app.db, request.userId, app.now()),
    }),
  );

  r.get(
    "/user/requests/sent",
    {
      schema: {
        tags: ["requests"],
        summary:
          "My requests nobody has answered yet (ignored: the people I passed; interested: waiting), newest first, by cursor",
        querystring: sentRequestsQuerySchema,
        response: { 200: pageAnswerSchema(pendingSentRequestSchema) },
      },
    },
    async (request, reply) => {
      const page = await listPendingSentRequests(app.db, request.userId, request.query, app.now());
      return pagedAnswer(reply, "Requests loaded", encodedPage(page));
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
      const reviewed = await reviewRequest(app, request.userId, requestId, status);
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
    async (request) => ({
      status: 1 as const,
      message: "Request undone",
      data: { _id: await undoRequest(app, request.userId, request.params.requestId) },
    }),
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
    async (request) => ({
      status: 1 as const,
      message: "Connections loaded",
      data: await listConnections(app.db, request.userId),
    }),
  );
}
