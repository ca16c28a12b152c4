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
import { hashSessionId, SESSION_COOKIE } from "../../plugins/session.ts";
import { beginLoginAttempt } from "../auth/login-throttle.ts";
import { getDummyHash, hashPassword, verifyPassword } from "../auth/passwords.ts";
import { findUserByEmail, findUserById } from "../users/service.ts";
import { accountMemberName } from "./members.ts";
import {
  createUsernameMember,
  ensureAccountMember,
  findUsernameMember,
} from "./members-repository.ts";
import type { CommunityTokens, TokenGrant } from "./token.ts";

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

  async function answer(member: CommunityMember, grant: TokenGrant, message: string) {
    const token = await options.tokens.issue(member, grant);
    return { status: 1 as const, message, token, data: member };
  }

  /** The member named by `uname` and `password`, created on first use of a free username. */
  async function memberFor(
    request: FastifyRequest,
    reply: FastifyReply,
    uname: string,
    password: string,
  ): Promise<{ member: CommunityMember; version: number; created: boolean }> {
    if (uname.includes("@")) {
      const user = await findUserByEmail(app.db, uname);
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await getDummyHash(), password).then(() => false);
      if (!user || !valid) throw invalidCredentials();
      const version = await ensureAccountMember(app.db, user.id);
      return { member: { id: user.id, uname: accountMemberName(user) }, version, created: false };
    }
    const existing = await findUsernameMember(app.db, uname);
    if (existing) {
      if (!(await verifyPassword(existing.passwordHash, password))) throw invalidCredentials();
      return {
        member: { id: existing.id, uname: existing.username },
        version: existing.tokenVersion,
        created: false,
      };
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
      return {
        member: { id: taken.id, uname: taken.username },
        version: taken.tokenVersion,
        created: false,
      };
    }
    return {
      member: { id: created.id, uname: created.username },
      version: created.tokenVersion,
      created: true,
    };
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
        const version = await ensureAccountMember(app.db, user.id);
        // This token ends with the session that asked for it: it carries the session's stored
        // hash (authenticate has just found that session by it), never the session id itself.
        const sessionHash = hashSessionId(request.cookies[SESSION_COOKIE] ?? "");
        return answer(
          { id: user.id, uname: accountMemberName(user) },
          { version, sessionHash },
          "Welcome to the community",
        );
      }
      // Throttled as POST /api/login is, with the same counts: an account's email here shares
      // its budget with the app's log-in, and a device that logged in to it before is told apart.
      const account = body.uname.includes("@")
        ? await findUserByEmail(app.db, body.uname)
        : undefined;
      const attempt = await beginLoginAttempt(app, request, reply, body.uname, account);
      try {
        const { member, version, created } = await memberFor(
          request,
          reply,
          body.uname,
          body.password,
        );
        await attempt.succeeded(reply);
        // A password's token is not tied to a session: logging out of the app leaves it alone.
        return answer(
          member,
          { version, sessionHash: null },
          created ? "Welcome to the community" : "Welcome back",
        );
      } catch (error) {
        const failed = error instanceof HttpError && error.statusCode === 401;
        if (!failed) await attempt.abandoned();
        throw error;
      }
    },
  );
}
