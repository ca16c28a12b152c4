import {
  appealBodySchema,
  appealDecisionBodySchema,
  appealSchema,
  auditEntrySchema,
  CHAT_MESSAGES,
  cardSchema,
  casePageSchema,
  caseQuerySchema,
  createReportBodySchema,
  envelope,
  MODERATION_MESSAGES,
  moderationActionBodySchema,
  moderationActionSchema,
  moderationCaseDetailSchema,
  myReportSchema,
  okSchema,
  pageAnswerSchema,
  pathIdSchema,
  REPORT_REASONS,
  ROLES,
  reportBodySchema,
  roleBodySchema,
  userParamsSchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { cursorFrom, encodedPage, pagedAnswer } from "../../lib/paging.ts";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { findLiveSession, SESSION_COOKIE } from "../../plugins/session.ts";
import { block } from "../safety/service.ts";
import { findUserById } from "../users/service.ts";
import {
  act,
  auditPage,
  CASE_NOT_FOUND,
  caseDetail,
  casePhoto,
  changeRole,
  decideAppeal,
  fileAppeal,
  fileReport,
  listAppeals,
  listCases,
  myReports,
  reportMail,
} from "./service.ts";

/** Reports one person may file per hour. */
const REPORTS_PER_HOUR = 10;
const idParams = z.object({ id: pathIdSchema });

function reportLimit(app: FastifyInstance) {
  return limitRequests(app, [
    {
      name: "report",
      rule: { max: REPORTS_PER_HOUR, windowMs: 60 * 60 * 1000 },
      key: (request) => request.userId,
    },
  ]);
}

/** Files a report; blocks when asked; mails support when SUPPORT_EMAIL is set. */
async function report(
  app: FastifyInstance,
  request: FastifyRequest,
  body: z.infer<typeof createReportBodySchema>,
) {
  const filed = await fileReport(app, request.userId, body);
  if (body.block && filed.personId && filed.personId !== request.userId) {
    await block(app, request.userId, filed.personId).catch((error: unknown) => {
      request.log.info({ err: error }, "block with a report not made");
    });
  }
  const reporter = await findUserById(app.db, request.userId);
  if (app.config.supportEmail && reporter) {
    await app
      .deliverMail(
        reportMail(app.config, {
          reportId: filed.id,
          reporter,
          subject: body.subject,
          snapshot: filed.taken.snapshot,
          reason: body.reason,
          details: body.details?.trim() || null,
        }),
        request.log,
      )
      .catch((error: unknown) => request.log.error({ err: error }, "report mail not sent"));
  }
  return filed.id;
}

/** Reports (signed in): file one about anyone or anything, read one's own. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/reports",
    {
      schema: {
        tags: ["moderation"],
        summary: "Report a person, message, post, reply, group or event; the snapshot is taken now",
        body: createReportBodySchema,
        response: {
          400: ERROR_RESPONSES[400],
          404: ERROR_RESPONSES[404],
          409: ERROR_RESPONSES[409],
          429: ERROR_RESPONSES[429],
          201: envelope(z.object({ _id: z.string() })),
        },
      },
      preHandler: [reportLimit(app)],
    },
    async (request, reply) => {
      const id = await report(app, request, request.body);
      return reply
        .code(201)
        .send({ status: 1, message: MODERATION_MESSAGES.reported, data: { _id: id } });
    },
  );

  r.post(
    "/user/report/:userId",
    {
      schema: {
        tags: ["moderation"],
        summary: `Report someone with a reason (${REPORT_REASONS.join(", ")}): a report of subject user`,
        params: userParamsSchema,
        body: reportBodySchema,
        response: {
          400: ERROR_RESPONSES[400],
          404: ERROR_RESPONSES[404],
          409: ERROR_RESPONSES[409],
          429: ERROR_RESPONSES[429],
          201: okSchema,
        },
      },
      config: { unknownId: { code: "USER_NOT_FOUND", message: CHAT_MESSAGES.userNotFound } },
      preHandler: [reportLimit(app)],
    },
    async (request, reply) => {
      await report(app, request, {
        subject: { type: "user", _id: request.params.userId },
        reason: request.body.reason,
        ...(request.body.details !== undefined ? { details: request.body.details } : {}),
      });
      return reply.code(201).send({ status: 1 as const, message: CHAT_MESSAGES.reported });
    },
  );

  r.get(
    "/reports/mine",
    {
      schema: {
        tags: ["moderation"],
        summary: "My reports and whether they were reviewed",
        response: { 200: envelope(z.array(myReportSchema)) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Your reports",
      data: await myReports(app.db, request.userId),
    }),
  );
}

/** Appeals are filed with a session, or by a banned person with the token from the ban's mail. */
export async function appealRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/moderation/appeal",
    {
      schema: {
        tags: ["moderation"],
        summary: "Appeal a decision about me, once, within 14 days",
        body: appealBodySchema,
        response: {
          400: ERROR_RESPONSES[400],
          401: ERROR_RESPONSES[401],
          409: ERROR_RESPONSES[409],
          429: ERROR_RESPONSES[429],
          201: envelope(z.object({ _id: z.string() })),
        },
      },
      preHandler: [
        limitRequests(app, [
          {
            name: "appeal",
            rule: { max: 10, windowMs: 60 * 60 * 1000 },
            key: (request) => request.ip,
          },
        ]),
      ],
    },
    async (request, reply) => {
      const session = request.body.token
        ? undefined
        : await findLiveSession(app, request.cookies[SESSION_COOKIE]);
      const id = await fileAppeal(app, session?.userId ?? null, request.body);
      return reply
        .code(201)
        .send({ status: 1, message: MODERATION_MESSAGES.appealSent, data: { _id: id } });
    },
  );
}

/** The queue (moderators and admins). */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/moderation/cases",
    {
      schema: {
        tags: ["moderation"],
        summary: "Cases, open ones by priority, with their reports and snapshot",
        querystring: caseQuerySchema,
        response: { 400: ERROR_RESPONSES[400], 200: casePageSchema },
      },
    },
    async (request, reply) => {
      const page = await listCases(app.db, request.query);
      return { ...pagedAnswer(reply, "Cases", page), openCount: page.openCount };
    },
  );

  r.get(
    "/moderation/cases/:id",
    {
      schema: {
        tags: ["moderation"],
        summary: "A case with the person's earlier cases and actions",
        params: idParams,
        response: { 404: ERROR_RESPONSES[404], 200: envelope(moderationCaseDetailSchema) },
      },
      config: { unknownId: CASE_NOT_FOUND },
    },
    async (request) => ({
      status: 1 as const,
      message: "Case",
      data: await caseDetail(app.db, request.params.id.toLowerCase()),
    }),
  );

  r.get(
    "/moderation/cases/:id/photos/:photoId",
    {
      schema: {
        tags: ["moderation"],
        summary: "A photo of the case's conversation (one its snapshot's messages held)",
        params: z.object({ id: z.string().max(100), photoId: z.string().max(100) }),
        response: {
          200: {
            description: "The WebP picture (large size); kept in the browser only",
            content: { "image/webp": { schema: z.string() } },
          },
          404: ERROR_RESPONSES[404],
        },
      },
    },
    async (request, reply) => {
      const stored = await casePhoto(
        app,
        request.params.id.toLowerCase(),
        request.params.photoId.toLowerCase(),
      );
      if (!stored) throw new HttpError(404, "NOT_FOUND", "No such photo in this case.");
      reply
        .type("image/webp")
        .header("cache-control", "private, max-age=3600")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'");
      if (stored.size !== undefined) reply.header("content-length", stored.size);
      return (reply as FastifyReply).send(stored.stream);
    },
  );

  r.post(
    "/moderation/cases/:id/actions",
    {
      schema: {
        tags: ["moderation"],
        summary: "Dismiss, warn, remove, suspend or ban, with the reason the person reads",
        params: idParams,
        body: moderationActionBodySchema,
        response: {
          400: ERROR_RESPONSES[400],
          403: ERROR_RESPONSES[403],
          404: ERROR_RESPONSES[404],
          409: ERROR_RESPONSES[409],
          201: envelope(moderationActionSchema),
        },
      },
      config: { unknownId: CASE_NOT_FOUND },
    },
    async (request, reply) => {
      const action = await act(app, request.userId, request.params.id.toLowerCase(), request.body);
      return reply
        .code(201)
        .send({ status: 1, message: MODERATION_MESSAGES.actionDone, data: action });
    },
  );

  r.get(
    "/moderation/appeals",
    {
      schema: {
        tags: ["moderation"],
        summary: "Appeals, open ones oldest first (state=decided: the decided ones)",
        querystring: z.object({ state: z.enum(["open", "decided"]).default("open") }),
        response: { 200: envelope(z.array(appealSchema)) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Appeals",
      data: await listAppeals(app.db, request.userId, request.query.state),
    }),
  );

  r.post(
    "/moderation/appeals/:id",
    {
      schema: {
        tags: ["moderation"],
        summary: "Decide an appeal (not the moderator who acted)",
        params: idParams,
        body: appealDecisionBodySchema,
        response: {
          403: ERROR_RESPONSES[403],
          404: ERROR_RESPONSES[404],
          409: ERROR_RESPONSES[409],
          200: okSchema,
        },
      },
      config: { unknownId: { code: "NOT_FOUND", message: MODERATION_MESSAGES.appealNotFound } },
    },
    async (request) => {
      await decideAppeal(app, request.userId, request.params.id.toLowerCase(), request.body);
      return {
        status: 1 as const,
        message: request.body.decision === "uphold" ? "Appeal upheld" : "Appeal overturned",
      };
    },
  );
}

/** The audit log and roles (admins). */
export async function moderationAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/moderation/audit",
    {
      schema: {
        tags: ["moderation"],
        summary: "Every moderation action and role change, newest first",
        querystring: z.object({
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 400: ERROR_RESPONSES[400], 200: pageAnswerSchema(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const page = await auditPage(app.db, cursorFrom(request.query.cursor), request.query.limit);
      return pagedAnswer(reply, "Audit log", encodedPage(page));
    },
  );

  r.put(
    "/moderation/roles/:userId",
    {
      schema: {
        tags: ["moderation"],
        summary: `Give an account a role (${ROLES.join(", ")})`,
        params: userParamsSchema,
        body: roleBodySchema,
        response: {
          400: ERROR_RESPONSES[400],
          404: ERROR_RESPONSES[404],
          200: envelope(cardSchema.extend({ role: z.enum(ROLES) })),
        },
      },
      config: { unknownId: { code: "USER_NOT_FOUND", message: CHAT_MESSAGES.userNotFound } },
    },
    async (request) => ({
      status: 1 as const,
      message: MODERATION_MESSAGES.roleSaved,
      data: await changeRole(app, request.userId, request.params.userId, request.body.role),
    }),
  );
}
