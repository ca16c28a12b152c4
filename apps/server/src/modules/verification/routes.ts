import {
  changeEmailBodySchema,
  EMAIL_VERIFICATION_MESSAGES,
  envelope,
  meSchema,
  okSchema,
  verifyEmailBodySchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DEFAULT_VERIFICATION_LIMITS } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { findLiveSession, SESSION_COOKIE, UNAUTHENTICATED_MESSAGE } from "../../plugins/session.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { refuseDisposableEmail } from "../bot-check/disposable-email.ts";
import { isTwoStepOn } from "../two-step/service.ts";
import { findUserById } from "../users/service.ts";
import { toMe } from "../users/user-view.ts";
import {
  addressToVerify,
  emailTaken,
  sendVerification,
  tellOldAddress,
  type VerifyOutcome,
  verifyCode,
  verifyToken,
} from "./service.ts";

const MAIL_CODE_LIMIT = "email-code-mail";

/** The codes mailed per account: resend and a change of address share one budget. */
function mailCodeLimit(app: FastifyInstance) {
  const limits = app.config.verificationLimits ?? DEFAULT_VERIFICATION_LIMITS;
  return limitRequests(app, [
    {
      name: MAIL_CODE_LIMIT,
      rule: limits.mailCodePerAccount,
      key: (request) => request.userId || null,
      message: (seconds) =>
        `You asked for codes several times. Please wait ${seconds} seconds, then try again.`,
    },
  ]);
}

async function answerOutcome(
  app: FastifyInstance,
  request: FastifyRequest,
  outcome: VerifyOutcome,
) {
  if (outcome.kind === "invalid") {
    throw new HttpError(400, "INVALID_CODE", EMAIL_VERIFICATION_MESSAGES.invalidCode);
  }
  if (outcome.kind === "taken") {
    throw new HttpError(409, "EMAIL_TAKEN", EMAIL_VERIFICATION_MESSAGES.emailTaken);
  }
  if (outcome.changedFrom) await tellOldAddress(app, request, outcome.user, outcome.changedFrom);
  const notice = await app.moderation.noticeFor(outcome.user);
  return {
    status: 1 as const,
    message: outcome.changedFrom
      ? EMAIL_VERIFICATION_MESSAGES.changed
      : EMAIL_VERIFICATION_MESSAGES.verified,
    data: toMe(outcome.user, notice, await isTwoStepOn(app.db, outcome.user.id)),
  };
}

/** `POST /email/verify`: a code needs the session; the link's token works without one. */
export async function verificationPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.verificationLimits ?? DEFAULT_VERIFICATION_LIMITS;

  r.post(
    "/email/verify",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Verify the email with the mailed code (signed in) or the link's token (no session needed)",
        body: verifyEmailBodySchema,
        response: {
          200: envelope(meSchema),
          400: errorResponse(
            "A wrong, expired or used code or link (`code` INVALID_CODE), or validation failed",
          ),
          401: errorResponse("A code without a session (`code` UNAUTHENTICATED)"),
          409: errorResponse(
            "The new address was taken by another account meanwhile (`code` EMAIL_TAKEN)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
      preValidation: limitRequests(app, [
        { name: "verify-email-ip", rule: limits.verifyEmailPerIp },
      ]),
    },
    async (request) => {
      const body = request.body;
      if (body.token) return answerOutcome(app, request, await verifyToken(app, body.token));
      if (!body.code) {
        throw new HttpError(400, "VALIDATION_ERROR", "Enter the code", [
          { path: "code", message: "Enter the code" },
        ]);
      }
      const session = await findLiveSession(app, request.cookies[SESSION_COOKIE]);
      if (!session) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      return answerOutcome(app, request, await verifyCode(app, session.userId, body.code));
    },
  );
}

/** Resending the code, and changing the address (which verifies the new one first). */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/email/resend",
    {
      schema: {
        tags: ["accounts"],
        summary: "Mail a new code and link (to the pending new address, if a change waits)",
        response: { 200: okSchema, 429: ERROR_RESPONSES[429] },
      },
      preHandler: mailCodeLimit(app),
    },
    async (request) => {
      const user = await findUserById(app.db, request.userId);
      const address = user ? await addressToVerify(app, user) : null;
      if (!user || !address) {
        return { status: 1 as const, message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified };
      }
      await sendVerification(app, request, user, address);
      return { status: 1 as const, message: EMAIL_VERIFICATION_MESSAGES.codeSent };
    },
  );

  r.put(
    "/account/email",
    {
      schema: {
        tags: ["account"],
        summary:
          "Change the email: the new address gets a code and link; the change takes effect when verified",
        body: changeEmailBodySchema,
        response: {
          200: okSchema,
          400: errorResponse(
            "Not an email address, or the same one (`code` VALIDATION_ERROR); a throwaway address (`code` DISPOSABLE_EMAIL)",
          ),
          401: errorResponse(
            "No session (`code` UNAUTHENTICATED) or a wrong password (`code` WRONG_PASSWORD)",
          ),
          409: errorResponse("Another account uses this address (`code` EMAIL_TAKEN)"),
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: mailCodeLimit(app),
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await findUserById(app.db, request.userId);
      if (!user || !(await verifyPassword(user.passwordHash, password))) {
        throw new HttpError(401, "WRONG_PASSWORD", EMAIL_VERIFICATION_MESSAGES.wrongPassword);
      }
      if (email === user.email.toLowerCase()) {
        throw new HttpError(400, "VALIDATION_ERROR", EMAIL_VERIFICATION_MESSAGES.sameEmail, [
          { path: "email", message: EMAIL_VERIFICATION_MESSAGES.sameEmail },
        ]);
      }
      refuseDisposableEmail(app.config, email, "email");
      if (await emailTaken(app, email)) {
        throw new HttpError(409, "EMAIL_TAKEN", EMAIL_VERIFICATION_MESSAGES.emailTaken);
      }
      await sendVerification(app, request, user, email);
      return { status: 1 as const, message: EMAIL_VERIFICATION_MESSAGES.changeSent };
    },
  );
}
