import {
  contactBodySchema,
  newsletterBodySchema,
  okSchema,
  PUBLIC_FORM_MESSAGES,
  supportTicketBodySchema,
  unsubscribeQuerySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DEFAULT_PUBLIC_FORMS_PER_IP } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { isHoneypotFilled, passBotCheck } from "../bot-check/service.ts";
import { newSubscriberMail, submissionMail, welcomeNewsletterMail } from "./mails.ts";
import { saveContactMessage, saveTicket, subscribe, unsubscribe } from "./repository.ts";

/**
 * A filled honeypot: the bot gets the normal success, nothing is stored or sent. Otherwise the
 * proof of work must be solved (400 BOT_CHECK), once.
 */
async function isBot(app: FastifyInstance, body: { website?: string; altcha?: string }) {
  if (isHoneypotFilled(body)) return true;
  await passBotCheck(app, body.altcha);
  return false;
}

const BOT_CHECK_RESPONSE = errorResponse(
  "Validation failed (`code` VALIDATION_ERROR), or the proof of work is missing, wrong, expired or used (`code` BOT_CHECK)",
);

export async function publicFormRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rule = app.config.publicFormsPerIp ?? DEFAULT_PUBLIC_FORMS_PER_IP;
  const supportEmail = app.config.supportEmail;

  r.post(
    "/support/tickets",
    {
      schema: {
        tags: ["public forms"],
        summary: "A support ticket: stored and mailed to the support address",
        body: supportTicketBodySchema,
        response: { 201: okSchema, 400: BOT_CHECK_RESPONSE },
      },
      preValidation: limitRequests(app, [{ name: "support-ip", rule }]),
    },
    async (request, reply) => {
      const body = request.body;
      if (!(await isBot(app, body))) {
        const ticket = {
          name: body.name,
          email: body.email,
          message: body.message,
          topic: body.topic,
        };
        await saveTicket(app.db, ticket);
        await app.sendMail(
          request,
          submissionMail(supportEmail, { kind: "Support ticket", ...ticket }),
        );
      }
      reply.code(201);
      return { status: 1 as const, message: PUBLIC_FORM_MESSAGES.ticketSubmitted };
    },
  );

  r.post(
    "/contact",
    {
      schema: {
        tags: ["public forms"],
        summary: "A contact message: stored and mailed to the support address",
        body: contactBodySchema,
        response: { 201: okSchema, 400: BOT_CHECK_RESPONSE },
      },
      preValidation: limitRequests(app, [{ name: "contact-ip", rule }]),
    },
    async (request, reply) => {
      const body = request.body;
      if (!(await isBot(app, body))) {
        const message = { name: body.name, email: body.email, message: body.message };
        await saveContactMessage(app.db, message);
        await app.sendMail(
          request,
          submissionMail(supportEmail, { kind: "Contact message", ...message }),
        );
      }
      reply.code(201);
      return { status: 1 as const, message: PUBLIC_FORM_MESSAGES.contactSent };
    },
  );

  r.post(
    "/newsletter",
    {
      schema: {
        tags: ["public forms"],
        summary:
          "Subscribe an email to the newsletter (the same answer when it already is); a welcome mail with an unsubscribe link",
        body: newsletterBodySchema,
        response: { 200: okSchema, 400: BOT_CHECK_RESPONSE },
      },
      preValidation: limitRequests(app, [{ name: "newsletter-ip", rule }]),
    },
    async (request) => {
      const { email } = request.body;
      if (!(await isBot(app, request.body))) {
        const token = await subscribe(app.db, email);
        // Only a new subscription mails: asking twice does not fill anyone's inbox.
        if (token) {
          const url = `${app.config.publicOrigin}/api/newsletter/unsubscribe?token=${token}`;
          await app.sendMail(request, welcomeNewsletterMail(email, url, request.locale));
          await app.sendMail(request, newSubscriberMail(supportEmail, email));
        }
      }
      return { status: 1 as const, message: PUBLIC_FORM_MESSAGES.subscribed };
    },
  );

  r.get(
    "/newsletter/unsubscribe",
    {
      schema: {
        tags: ["public forms"],
        summary: "The unsubscribe link of the newsletter mails",
        querystring: unsubscribeQuerySchema,
        response: {
          200: okSchema,
          404: errorResponse(
            "Unknown or already used unsubscribe token (`code` UNSUBSCRIBE_TOKEN_UNKNOWN)",
          ),
        },
      },
    },
    async (request) => {
      if (!(await unsubscribe(app.db, request.query.token))) {
        throw new HttpError(
          404,
          "UNSUBSCRIBE_TOKEN_UNKNOWN",
          PUBLIC_FORM_MESSAGES.unsubscribeUnknown,
        );
      }
      return { status: 1 as const, message: PUBLIC_FORM_MESSAGES.unsubscribed };
    },
  );
}
