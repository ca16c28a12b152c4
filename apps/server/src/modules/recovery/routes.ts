import {
  forgotPasswordBodySchema,
  MESSAGES,
  OTP_TTL_MINUTES,
  okSchema,
  RESET_GRANT_TTL_MINUTES,
  updatePasswordBodySchema,
  verifyOtpBodySchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { isHoneypotFilled, passBotCheck } from "../bot-check/service.ts";
import { requireSecondFactorForReset } from "../two-step/service.ts";
import { findUserByEmail, localeOfUser } from "../users/service.ts";
import { codeMail, noAccountMail, passwordChangedMail } from "./mails.ts";
import { issueCode, issueNoCode, resetPasswordWithGrant, verifyCode } from "./service.ts";

/** HttpOnly cookie binding the reset grant to the browser that verified the code. */
export const RESET_GRANT_COOKIE = "reset_grant";
const RESET_GRANT_PATH = "/api/update_password";

export const CODE_SENT_MESSAGE = `If an account uses this email, we have sent it a 6-digit code. It is valid for ${OTP_TTL_MINUTES} minutes.`;
export const CODE_VERIFIED_MESSAGE = "Code verified. Choose a new password.";
export const NO_GRANT_MESSAGE =
  "Your password reset has expired or was already used. Ask for a new code.";
export const PASSWORD_CHANGED_MESSAGE =
  "Your password has been changed. Log in with your new password.";

function emailKey(body: unknown): string | null {
  const email = (body as { emailId?: unknown } | undefined)?.emailId;
  return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : null;
}

function clearGrantCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(RESET_GRANT_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    path: RESET_GRANT_PATH,
    secure,
  });
}

export async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.recoveryLimits;
  const now = app.now;
  const secure = app.config.publicOrigin.startsWith("https:");

  r.post(
    "/forgot_password",
    {
      schema: {
        tags: ["recovery"],
        summary:
          "Mail a 6-digit password reset code (same answer whether or not the account exists)",
        body: forgotPasswordBodySchema,
        response: {
          200: okSchema,
          400: errorResponse(
            "Not an email address (`code` VALIDATION_ERROR): 'Invalid email address'; the proof of work missing, wrong, expired or used (`code` BOT_CHECK)",
          ),
          503: errorResponse(
            "The mail could not be sent (`code` MAIL_UNAVAILABLE), or the server is starting or stopping",
          ),
        },
      },
      preValidation: limitRequests(app, [
        { name: "forgot-ip", rule: limits.forgotPasswordPerIp },
        {
          name: "forgot-email",
          rule: limits.forgotPasswordPerEmail,
          key: (req) => emailKey(req.body),
        },
      ]),
    },
    async (request) => {
      // A filled honeypot gets the usual answer and nothing is mailed.
      if (isHoneypotFilled(request.body)) return { status: 1 as const, message: CODE_SENT_MESSAGE };
      await passBotCheck(app, request.body.altcha);
      const { emailId } = request.body;
      const user = await findUserByEmail(app.db, emailId);
      // Both branches hash once and send one mail, so neither the answer nor its timing (nor a
      // mail outage) tells whether the account exists.
      if (user) {
        const code = await issueCode(app.db, user.id, now());
        await app.sendMail(request, codeMail(user.email, user.firstName, code, localeOfUser(user)));
      } else {
        await issueNoCode();
        // No account to ask: the language the person asked in.
        await app.sendMail(
          request,
          noAccountMail(emailId, app.config.publicOrigin, request.locale),
        );
      }
      return { status: 1 as const, message: CODE_SENT_MESSAGE };
    },
  );

  r.post(
    "/verify_OTP",
    {
      schema: {
        tags: ["recovery"],
        summary: "Check a reset code; opens a single-use 15-minute reset grant for this browser",
        body: verifyOtpBodySchema,
        response: {
          200: okSchema,
          400: errorResponse(
            "A wrong, expired, used or dead code, or an unknown email (`code` INVALID_CODE): 'Invalid or expired code'; or validation failed",
          ),
        },
      },
      preValidation: limitRequests(app, [{ name: "verify-ip", rule: limits.verifyCodePerIp }]),
    },
    async (request, reply) => {
      const { emailId, otp } = request.body;
      const user = await findUserByEmail(app.db, emailId);
      const token = await verifyCode(app.db, user?.id, otp, now());
      if (!token) throw new HttpError(400, "INVALID_CODE", MESSAGES.invalidCode);
      reply.setCookie(RESET_GRANT_COOKIE, token, {
        httpOnly: true,
        sameSite: "strict",
        path: RESET_GRANT_PATH,
        secure,
        maxAge: RESET_GRANT_TTL_MINUTES * 60,
      });
      return { status: 1 as const, message: CODE_VERIFIED_MESSAGE };
    },
  );

  r.put(
    "/update_password",
    {
      schema: {
        tags: ["recovery"],
        summary: "Set a new password with an open reset grant; ends every session of the account",
        body: updatePasswordBodySchema,
        response: {
          200: okSchema,
          400: errorResponse(
            "No open reset grant for this email in this browser (`code` NO_RESET_GRANT), or the password breaks the rules (`code` VALIDATION_ERROR)",
          ),
        },
      },
    },
    async (request, reply) => {
      const { emailId, password, twoStepCode } = request.body;
      const token = request.cookies[RESET_GRANT_COOKIE];
      // Two-step codes stay on through a reset by mail: it asks for a code too (decision 121).
      const user = await resetPasswordWithGrant(app, emailId, token, password, (userId) =>
        requireSecondFactorForReset(app, reply, userId, twoStepCode),
      );
      if (!user) throw new HttpError(400, "NO_RESET_GRANT", NO_GRANT_MESSAGE);
      clearGrantCookie(reply, secure);
      try {
        await app.sendMail(
          request,
          passwordChangedMail(
            user.email,
            user.firstName,
            app.config.publicOrigin,
            app.config.supportEmail,
            localeOfUser(user),
          ),
        );
      } catch {
        // Already logged with the request id; the password did change, so the answer says so.
      }
      return { status: 1 as const, message: PASSWORD_CHANGED_MESSAGE };
    },
  );
}
