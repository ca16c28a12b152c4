import { envelope, loginBodySchema, meSchema, okSchema, signupBodySchema } from "@kindred/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import { limitRequests, tooManyAttemptsMessage } from "../../plugins/rate-limit.ts";
import { createSession, destroySession } from "../../plugins/session.ts";
import { toMe } from "../users/user-view.ts";
import { getDummyHash, verifyPassword } from "./passwords.ts";
import { createAccount, findUserByEmail, recordPlayerId } from "./service.ts";

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists.";
export const INVALID_CREDENTIALS_MESSAGE = "Incorrect email or password.";

type LoginKeys = { ip: string; email: string };

function tooManyAttempts(reply: FastifyReply, resetInMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "RATE_LIMITED", tooManyAttemptsMessage(seconds));
}

/**
 * Counts a log-in attempt against the client's IP and the email, or answers 429. The attempt is
 * counted before the password is checked, and a success gives it back (and clears the email's
 * count), so what stays counted are the failures.
 */
async function countLoginAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<LoginKeys> {
  const limits = app.config.rateLimits;
  const keys = { ip: `login-ip:${request.ip}`, email: `login-email:${email}` };
  const byIp = await app.attempts.hit(keys.ip, limits.loginPerIp);
  if (byIp.count > limits.loginPerIp.max) throw tooManyAttempts(reply, byIp.resetInMs);
  const byEmail = await app.attempts.hit(keys.email, limits.loginPerEmail);
  if (byEmail.count > limits.loginPerEmail.max) {
    // A locked account is not this address's failure.
    await app.attempts.refund(keys.ip);
    throw tooManyAttempts(reply, byEmail.resetInMs);
  }
  return keys;
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimits;
  // Warm the dummy hash so the first unknown-email login is not measurably slower.
  void getDummyHash();

  r.post(
    "/signup",
    {
      schema: {
        tags: ["accounts"],
        summary: "Create an account and start a session",
        body: signupBodySchema,
        response: {
          201: envelope(meSchema),
          409: errorResponse("An account with this email already exists (`code` EMAIL_TAKEN)"),
        },
      },
      // preValidation: counted even when the body is invalid, so probing costs attempts too.
      preValidation: limitRequests(app, [{ name: "signup-ip", rule: limits.signupPerIp }]),
    },
    async (request, reply) => {
      const user = await createAccount(app.db, request.body);
      if (!user) throw new HttpError(409, "EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
      await createSession(reply, user.id);
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
          200: envelope(meSchema),
          401: errorResponse(
            "Unknown email or wrong password, in the same words (`code` INVALID_CREDENTIALS)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
    },
    async (request, reply) => {
      const { emailId, password, playerId } = request.body;
      const attempt = await countLoginAttempt(app, request, reply, emailId);
      const user = await findUserByEmail(app.db, emailId);
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await getDummyHash(), password).then(() => false);
      if (!user || !valid) {
        throw new HttpError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS_MESSAGE);
      }
      await Promise.all([app.attempts.refund(attempt.ip), app.attempts.clear(attempt.email)]);
      if (playerId) await recordPlayerId(app.db, user.id, playerId);
      await createSession(reply, user.id);
      return { status: 1 as const, message: "Logged in successfully", data: toMe(user) };
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
      await destroySession(request, reply);
      return { status: 1 as const, message: "Logged out successfully" };
    },
  );
}
