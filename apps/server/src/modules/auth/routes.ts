import {
  envelope,
  loginBodySchema,
  loginTwoStepPendingSchema,
  MODERATION_MESSAGES,
  meSchema,
  okSchema,
  signupBodySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import {
  createSession,
  destroySession,
  hashSessionId,
  SESSION_COOKIE,
} from "../../plugins/session.ts";
import { refuseDisposableEmail } from "../bot-check/disposable-email.ts";
import { checkBotSolution, refuseFilledHoneypot, spendBotSolution } from "../bot-check/service.ts";
import { flagProfile, refuseSlurs, screenProfile } from "../filters/service.ts";
import { claimDevice, detachSessionDevice } from "../push/service.ts";
import { isTwoStepOn, startStep } from "../two-step/service.ts";
import { findUserByEmail } from "../users/service.ts";
import { toMe } from "../users/user-view.ts";
import { beginLoginAttempt, markDeviceKnown } from "./login-throttle.ts";
import { preloadPasswordStrength, refuseWeakPassword } from "./password-strength.ts";
import { getDummyHash, verifyPassword } from "./passwords.ts";
import { createAccount } from "./service.ts";
import { noteSignIn } from "./sign-in-notice.ts";

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists.";
export const INVALID_CREDENTIALS_MESSAGE = "Incorrect email or password.";

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimits;
  // Warm the dummy hash so the first unknown-email login is not measurably slower.
  void getDummyHash();
  preloadPasswordStrength();

  r.post(
    "/signup",
    {
      schema: {
        tags: ["accounts"],
        summary: "Create an account and start a session",
        body: signupBodySchema,
        response: {
          201: envelope(meSchema),
          400: errorResponse(
            "The proof of work is missing, wrong, expired or used, or the honeypot is filled (`code` BOT_CHECK); a throwaway address (`code` DISPOSABLE_EMAIL); a weak password (`code` WEAK_PASSWORD); or validation failed",
          ),
          409: errorResponse("An account with this email already exists (`code` EMAIL_TAKEN)"),
        },
      },
      // preValidation: counted even when the body is invalid, so probing costs attempts too.
      preValidation: limitRequests(app, [{ name: "signup-ip", rule: limits.signupPerIp }]),
    },
    async (request, reply) => {
      // The bot check first (a filled honeypot is refused, not dropped: a person never fills it),
      // then the address and the password; the solution is spent only once all of them hold.
      refuseFilledHoneypot(request.body);
      const solution = await checkBotSolution(app.config, request.body.altcha);
      refuseDisposableEmail(app.config, request.body.emailId);
      await refuseWeakPassword(request.body.password, {
        firstName: request.body.firstName,
        lastName: request.body.lastName,
        email: request.body.emailId,
      });
      await spendBotSolution(app, solution);
      if (await app.moderation.emailRefused(request.body.emailId)) {
        throw new HttpError(400, "EMAIL_REFUSED", MODERATION_MESSAGES.emailRefused, [
          { path: "emailId", message: MODERATION_MESSAGES.emailRefused },
        ]);
      }
      // A slur in a name is refused (400 with the field); other matches open a case.
      const { firstName, lastName } = request.body;
      refuseSlurs({ firstName, lastName });
      const filter = screenProfile({ firstName, lastName });
      const user = await createAccount(
        app.db,
        { ...request.body, locale: request.locale },
        app.config.adminEmails,
        app.now(),
        (tx, row) => flagProfile(app, tx, row.id, filter),
      );
      if (!user) throw new HttpError(409, "EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
      const device = request.body.playerId
        ? await claimDevice(app.db, user.id, request.body.playerId)
        : null;
      await createSession(reply, user.id, device);
      try {
        await app.mailEmailVerification(request, user);
      } catch {
        // Already logged with the request id; the account exists, and Resend mails a new code.
      }
      // The browser that signed up is a known device: its first sign-in sends no new-sign-in mail.
      markDeviceKnown(reply, user);
      return reply
        .code(201)
        .send({ status: 1, message: "Account created successfully", data: toMe(user) });
    },
  );

  r.post(
    "/login",
    {
      schema: {
        tags: ["accounts"],
        summary: "Log in with email and password",
        body: loginBodySchema,
        response: {
          200: envelope(meSchema).or(envelope(loginTwoStepPendingSchema)),
          401: errorResponse(
            "Unknown email or wrong password, in the same words (`code` INVALID_CREDENTIALS)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
    },
    async (request, reply) => {
      const { emailId, password, playerId } = request.body;
      // Found first: a device that logged in to this account before is told apart by its cookie.
      const user = await findUserByEmail(app.db, emailId);
      const attempt = await beginLoginAttempt(app, request, reply, emailId, user);
      try {
        const valid = user
          ? await verifyPassword(user.passwordHash, password)
          : await verifyPassword(await getDummyHash(), password).then(() => false);
        if (!user || !valid) {
          throw new HttpError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS_MESSAGE);
        }
        if (user.bannedAt) {
          await attempt.succeeded(reply);
          throw await app.moderation.bannedLoginError(user, request.locale);
        }
        if (await isTwoStepOn(app.db, user.id)) {
          // The password was right; no session until a code (POST /api/login/two-step).
          await attempt.succeeded(reply);
          startStep(reply, user, playerId ?? undefined);
          return {
            status: 1 as const,
            message: "Enter the code from your authenticator app.",
            data: { twoStep: true as const },
          };
        }
        const device = playerId ? await claimDevice(app.db, user.id, playerId) : null;
        await createSession(reply, user.id, device);
        await noteSignIn(app, request, reply, user);
        await attempt.succeeded(reply);
        const notice = await app.moderation.noticeFor(user);
        return { status: 1 as const, message: "Logged in successfully", data: toMe(user, notice) };
      } catch (error) {
        if (!(error instanceof HttpError && error.code === "INVALID_CREDENTIALS")) {
          await attempt.abandoned();
        }
        throw error;
      }
    },
  );

  r.post(
    "/logout",
    {
      schema: {
        tags: ["accounts"],
        summary: "End the current session",
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (sessionId) {
        await detachSessionDevice(app.db, hashSessionId(sessionId)).catch((error: unknown) =>
          request.log.error({ err: error }, "could not detach the session's push subscription"),
        );
      }
      await destroySession(request, reply);
      return { status: 1 as const, message: "Logged out successfully" };
    },
  );
}
