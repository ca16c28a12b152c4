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
import type { RateLimitRule } from "../../config.ts";
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

type Counter = {
  name: string;
  rule: RateLimitRule;
  /** What is counted: the client IP by default. */
  key?: (request: FastifyRequest) => string;
};

/**
 * Limits that count only what the caller says counts (wrong passwords, new members), so members
 * who log in correctly are never slowed down by their own successes.
 */
function outcomeLimits(app: FastifyInstance, counters: Counter[]) {
  const limiters = counters.map((counter) => ({
    counter,
    check: app.createRateLimit({
      max: counter.rule.max,
      timeWindow: counter.rule.windowMs,
      keyGenerator: (request) =>
        `${counter.name}:${counter.key ? counter.key(request) : request.ip}`,
    }),
  }));
  return {
    /** 429 once any counter has reached its maximum within its window. */
    async assertAllowed(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      for (const { check } of limiters) {
        const result = await check(request, { increment: false });
        if (!result.isAllowed && result.remaining === 0 && result.ttlInSeconds > 0) {
          reply.header("retry-after", String(result.ttlInSeconds));
          throw new HttpError(429, "RATE_LIMITED", tooManyAttemptsMessage(result.ttlInSeconds));
        }
      }
    },
    async count(request: FastifyRequest): Promise<void> {
      for (const { check } of limiters) await check(request);
    },
  };
}

function unameKey(request: FastifyRequest): string {
  const uname = (request.body as { uname?: unknown } | undefined)?.uname;
  return typeof uname === "string" ? uname.trim().toLowerCase() : "";
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
  const { rateLimits } = app.config;
  // Throttled like login: per name tried and, generously, per IP; only failures count.
  const failures = outcomeLimits(app, [
    { name: "community-auth-ip", rule: rateLimits.loginPerIp },
    { name: "community-auth-uname", rule: rateLimits.loginPerEmail, key: unameKey },
  ]);
  // New members per IP, like sign-ups.
  const newMembers = outcomeLimits(app, [
    { name: "community-join-ip", rule: rateLimits.signupPerIp },
  ]);

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
    await newMembers.assertAllowed(request, reply);
    const created = await createUsernameMember(app.db, uname, await hashPassword(password));
    if (!created) {
      // Someone took the name a moment ago: it is now a login to that member.
      const taken = await findUsernameMember(app.db, uname);
      if (!taken || !(await verifyPassword(taken.passwordHash, password))) {
        throw invalidCredentials();
      }
      return { member: { id: taken.id, uname: taken.username }, created: false };
    }
    await newMembers.count(request);
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
      await failures.assertAllowed(request, reply);
      try {
        const { member, created } = await memberFor(request, reply, body.uname, body.password);
        return answer(member, created ? "Welcome to the community" : "Welcome back");
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) await failures.count(request);
        throw error;
      }
    },
  );
}
