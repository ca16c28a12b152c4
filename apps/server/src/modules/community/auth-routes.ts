import {
  COMMUNITY_MESSAGES,
  type CommunityMember,
  communityAuthRequestSchema,
  communityAuthResponseSchema,
  errorBodySchema,
  passwordSchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { tooManyAttemptsMessage } from "../../plugins/rate-limit.ts";
import { getDummyHash, hashPassword, verifyPassword } from "../accounts/passwords.ts";
import { findUserByEmail } from "../accounts/service.ts";
import { findUserById } from "../users/repository.ts";
import {
  accountMemberName,
  createUsernameMember,
  ensureAccountMember,
  findUsernameMember,
} from "./members.ts";
import type { CommunityTokens } from "./token.ts";

function tooManyAttempts(reply: FastifyReply, resetInMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "RATE_LIMITED", tooManyAttemptsMessage(seconds));
}

function invalidCredentials(): HttpError {
  return new HttpError(401, "INVALID_CREDENTIALS", COMMUNITY_MESSAGES.invalidCredentials);
}

/** `POST /fusionauth`: the community token, for a password or for the signed-in account. */
export async function communityAuthRoutes(
  app: FastifyInstance,
  options: { tokens: CommunityTokens },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimits;

  /**
   * Throttled like login: each attempt is counted against the IP and the name tried before the
   * password is checked, and given back unless it failed, so only failures stay counted (and a
   * burst of parallel guesses cannot all pass before the first failure is recorded).
   */
  async function countAttempt(request: FastifyRequest, reply: FastifyReply, uname: string) {
    const keys = {
      ip: `community-auth-ip:${request.ip}`,
      uname: `community-auth-uname:${uname.toLowerCase()}`,
    };
    const byIp = await app.attempts.hit(keys.ip, limits.loginPerIp);
    if (byIp.count > limits.loginPerIp.max) throw tooManyAttempts(reply, byIp.resetInMs);
    const byName = await app.attempts.hit(keys.uname, limits.loginPerEmail);
    if (byName.count > limits.loginPerEmail.max) {
      await app.attempts.refund(keys.ip);
      throw tooManyAttempts(reply, byName.resetInMs);
    }
    return keys;
  }

  async function answer(member: CommunityMember, message: string) {
    const token = await options.tokens.issue(member);
    return { status: 1 as const, message, token, data: member };
  }

  /** The member named by `uname` and `password`, created on first use of a free username. */
  async function memberFor(
    request: FastifyRequest,
    reply: FastifyReply,
    uname: string,
    password: string,
  ): Promise<{ member: CommunityMember; created: boolean }> {
    if (uname.includes("@")) {
      const user = await findUserByEmail(app.db, uname);
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await getDummyHash(), password).then(() => false);
      if (!user || !valid) throw invalidCredentials();
      await ensureAccountMember(app.db, user.id);
      return { member: { id: user.id, uname: accountMemberName(user) }, created: false };
    }
    const existing = await findUsernameMember(app.db, uname);
    if (existing) {
      if (!(await verifyPassword(existing.passwordHash, password))) throw invalidCredentials();
      return { member: { id: existing.id, uname: existing.username }, created: false };
    }
    // A new member's password follows the account rules; any password may try an existing one.
    const rules = passwordSchema.safeParse(password);
    if (!rules.success) {
      const message = rules.error.issues[0]?.message ?? "Choose a longer password";
      throw new HttpError(400, "WEAK_PASSWORD", message, [{ path: "password", message }]);
    }
    // New members per IP, like sign-ups.
    const joinKey = `community-join-ip:${request.ip}`;
    const joins = await app.attempts.hit(joinKey, limits.signupPerIp);
    if (joins.count > limits.signupPerIp.max) throw tooManyAttempts(reply, joins.resetInMs);
    const created = await createUsernameMember(app.db, uname, await hashPassword(password));
    if (!created) {
      await app.attempts.refund(joinKey);
      // Someone took the name a moment ago: it is now a login to that member.
      const taken = await findUsernameMember(app.db, uname);
      if (!taken || !(await verifyPassword(taken.passwordHash, password))) {
        throw invalidCredentials();
      }
      return { member: { id: taken.id, uname: taken.username }, created: false };
    }
    return { member: { id: created.id, uname: created.username }, created: true };
  }

  r.post(
    "/fusionauth",
    {
      schema: {
        tags: ["community"],
        summary:
          "Community token: for an account's email and password, for a community username (its first use creates the member), or, with an empty body, for the signed-in account",
        body: communityAuthRequestSchema,
        response: {
          200: communityAuthResponseSchema,
          401: errorBodySchema.meta({
            description:
              "Wrong password or unknown email (`code` INVALID_CREDENTIALS, one message for all), or an empty body without a session (`code` UNAUTHENTICATED)",
          }),
          429: ERROR_RESPONSES[429],
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body?.uname === undefined || body.password === undefined) {
        await app.authenticate(request, reply);
        const user = await findUserById(app.db, request.userId);
        if (!user) throw new HttpError(401, "UNAUTHENTICATED", COMMUNITY_MESSAGES.invalidToken);
        await ensureAccountMember(app.db, user.id);
        return answer({ id: user.id, uname: accountMemberName(user) }, "Welcome to the community");
      }
      const keys = await countAttempt(request, reply, body.uname);
      try {
        const { member, created } = await memberFor(request, reply, body.uname, body.password);
        await app.attempts.refund(keys.ip);
        await app.attempts.clear(keys.uname);
        return answer(member, created ? "Welcome to the community" : "Welcome back");
      } catch (error) {
        const failed = error instanceof HttpError && error.statusCode === 401;
        if (!failed) {
          await app.attempts.refund(keys.ip);
          await app.attempts.refund(keys.uname);
        }
        throw error;
      }
    },
  );
}
