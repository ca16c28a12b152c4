import {
  CHAT_MESSAGES,
  cardSchema,
  envelope,
  okSchema,
  publicProfilePath,
  REPORT_REASONS,
  reportBodySchema,
  userParamsSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { renderMail } from "../mail/template.ts";
import { announceUnread, forgetBetween } from "../notifications/service.ts";
import { rowToCard } from "../users/card.ts";
import {
  blockUser,
  deleteArchive,
  findBlocked,
  insertReport,
  removeConnection,
  unblockUser,
} from "./repository.ts";

/** Reports one person may file per hour. */
const REPORTS_PER_HOUR = 10;

/** A path's user id that is not a UUID cannot name anyone. */
const USER_NOT_FOUND = { code: "USER_NOT_FOUND", message: CHAT_MESSAGES.userNotFound };

/** The path's user id in lower case (pathIdSchema has checked that it is a UUID). */
function otherUserId(param: string): string {
  return param.toLowerCase();
}

/** Remove a connection, block and unblock, report: the person's controls over who reaches them. */
export async function safetyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Tells both people's open chats that their conversation is gone. */
  const announceClosed = (userId: string, otherId: string) =>
    Promise.all([
      app.chatHub.publish([userId], { type: "closed", userId: otherId }),
      app.chatHub.publish([otherId], { type: "closed", userId }),
    ]).catch((error: unknown) => app.log.warn({ err: error }, "chat close not announced"));

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
      const otherId = otherUserId(request.params.userId);
      const removed = await removeConnection(app.db, request.userId, otherId);
      if (!removed) {
        // A conversation kept after the other person deleted their account goes the same way.
        const archive = await deleteArchive(app.db, request.userId, otherId);
        if (archive) {
          return {
            status: 1 as const,
            message: CHAT_MESSAGES.conversationDeleted,
            data: { _id: archive.id },
          };
        }
        throw new HttpError(404, "CONNECTION_NOT_FOUND", CHAT_MESSAGES.connectionNotFound);
      }
      await announceClosed(request.userId, otherId);
      // The conversation's unread messages went with it.
      await announceUnread(app, [request.userId, otherId]);
      return { status: 1 as const, message: CHAT_MESSAGES.removed, data: { _id: removed.id } };
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
      const otherId = otherUserId(request.params.userId);
      if (otherId === request.userId) {
        throw new HttpError(400, "SELF_BLOCK", CHAT_MESSAGES.blockSelf);
      }
      const blocked = await app.db.transaction(async (tx) => {
        if (!(await blockUser(tx, request.userId, otherId))) return false;
        // What the two caused each other goes with them.
        await forgetBetween(tx, request.userId, otherId);
        return true;
      });
      if (!blocked) throw new HttpError(404, "USER_NOT_FOUND", CHAT_MESSAGES.userNotFound);
      await announceClosed(request.userId, otherId);
      await announceUnread(app, [request.userId, otherId]);
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
      const otherId = otherUserId(request.params.userId);
      if (!(await unblockUser(app.db, request.userId, otherId))) {
        throw new HttpError(404, "BLOCK_NOT_FOUND", CHAT_MESSAGES.blockNotFound);
      }
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
    async (request) => {
      const rows = await findBlocked(app.db, request.userId);
      return { status: 1 as const, message: "Blocked people loaded", data: rows.map(rowToCard) };
    },
  );

  r.post(
    "/user/report/:userId",
    {
      schema: {
        tags: ["safety"],
        summary: `Report someone with a reason (${REPORT_REASONS.join(", ")}); mailed to support`,
        params: userParamsSchema,
        body: reportBodySchema,
        response: { 201: okSchema },
      },
      config: { unknownId: USER_NOT_FOUND },
      preHandler: [
        limitRequests(app, [
          {
            name: "report-user",
            rule: { max: REPORTS_PER_HOUR, windowMs: 60 * 60 * 1000 },
            key: (request) => request.userId,
          },
        ]),
      ],
    },
    async (request, reply) => {
      const otherId = otherUserId(request.params.userId);
      if (otherId === request.userId) {
        throw new HttpError(400, "SELF_REPORT", CHAT_MESSAGES.reportSelf);
      }
      const details = request.body.details?.trim() || null;
      const report = await insertReport(app.db, {
        reporterId: request.userId,
        reportedId: otherId,
        reason: request.body.reason,
        details,
      });
      if (!report) throw new HttpError(404, "USER_NOT_FOUND", CHAT_MESSAGES.userNotFound);
      const profileUrl = `${app.config.publicOrigin}${publicProfilePath(report.reportedPublicId)}`;
      await app.sendMail(request, {
        to: app.config.supportEmail,
        subject: `Report: ${report.reportedName} (${request.body.reason})`,
        ...renderMail({
          greeting: "Hello support team,",
          paragraphs: [
            `${report.reporterName} (${report.reporterEmail}) reported ${report.reportedName} for ${request.body.reason}.`,
            `Their profile: ${profileUrl}`,
            details ? `Details: ${details}` : "No details were given.",
          ],
          footnote: `Report ${report.id}, user ${otherId}.`,
        }),
      });
      return reply.code(201).send({ status: 1 as const, message: CHAT_MESSAGES.reported });
    },
  );
}
