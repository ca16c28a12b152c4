import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../../plugins/errors.ts";
import { createMailer, type MailMessage } from "./mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends one mail for a request; a failed delivery becomes 503 MAIL_UNAVAILABLE. */
    sendMail: (request: FastifyRequest, message: MailMessage) => Promise<void>;
    /** Sends one mail outside a request (a background job); rejects with the mailer's error. */
    deliverMail: (message: MailMessage, log: FastifyBaseLogger) => Promise<void>;
  }
}

export const MAIL_UNAVAILABLE_MESSAGE =
  "We could not send the email right now. Please try again in a few minutes.";

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      outboxDir: app.config.outboxDir,
      now: app.now,
    });
    app.log.info(
      mailer.kind === "smtp"
        ? "mail goes out over SMTP (SMTP_URL)"
        : `mail is written to ${app.config.outboxDir} (SMTP_URL is unset)`,
    );
    app.addHook("onClose", async () => mailer.close());
    /** Every mail goes through here, so /metrics counts each one sent or failed. */
    const send = async (message: MailMessage, log: FastifyBaseLogger) => {
      try {
        await mailer.send(message, log);
      } catch (error) {
        app.metrics.mailSends.inc({ outcome: "failed" });
        throw error;
      }
      app.metrics.mailSends.inc({ outcome: "sent" });
    };
    app.decorate("deliverMail", send);
    app.decorate("sendMail", async (request: FastifyRequest, message: MailMessage) => {
      try {
        await send(message, request.log);
      } catch (error) {
        // request.log carries the request id; the body says only what the person can act on.
        request.log.error(
          { err: error, mailTo: message.to },
          `mail not sent: "${message.subject}"`,
        );
        throw new HttpError(503, "MAIL_UNAVAILABLE", MAIL_UNAVAILABLE_MESSAGE);
      }
    });
  },
  { name: "mail", dependencies: ["metrics"] },
);
