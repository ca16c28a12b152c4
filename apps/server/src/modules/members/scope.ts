import { COMMUNITY_MESSAGES, type CommunityMember } from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DEFAULT_COMMUNITY_CREATE_PER_MEMBER, type RateLimitRule } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { tokenGrantHolds } from "./service.ts";
import { communityTokensFor } from "./token.ts";

// The community's member-only scope (plugins/scopes.ts `community`): every route in it carries a
// community token whose grant still holds, and knows its member as `request.communityMember`.

declare module "fastify" {
  interface FastifyRequest {
    /** The holder of the request's community token (set by the community scope's hook). */
    communityMember: CommunityMember | null;
  }
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

function bearerToken(header: string | undefined): string | null {
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/**
 * Guards the community's member-only scope: one bearer check for every route registered inside
 * `scope` (401 without a token whose grant holds), no XSRF check (these routes read no cookie),
 * and a 403 for a body naming someone else as its author.
 */
export async function communityGuard(scope: FastifyInstance): Promise<void> {
  const tokens = communityTokensFor(scope.config);
  scope.decorateRequest("communityMember", null);
  // These routes read no cookie, so the XSRF check has nothing to protect here.
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, csrf: false };
  });
  scope.addHook("onRequest", async (request) => {
    const token = bearerToken(request.headers.authorization);
    const verified = token ? await tokens.verify(token) : null;
    // A signed, unexpired token is good only while its grant holds: its member is still there
    // (an account deleted since is not), its version is the member's (a password reset or
    // leaving the community raised it), and a session's token is still within that session.
    const holds =
      verified !== null &&
      (await tokenGrantHolds(scope, {
        memberId: verified.member.id,
        version: verified.version,
        sessionHash: verified.sessionHash,
      }));
    if (!verified || !holds) {
      throw new HttpError(401, "UNAUTHENTICATED", COMMUNITY_MESSAGES.invalidToken);
    }
    request.communityMember = verified.member;
  });
  // Before validation, so naming someone else is refused whatever else is wrong with the body.
  scope.addHook("preValidation", async (request) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== "object") return;
    const { id } = memberOf(request);
    for (const field of ["userId", "u_id"]) {
      const value = body[field];
      if (value === undefined || value === null) continue;
      if (typeof value !== "string" || value.trim().toLowerCase() !== id) {
        throw new HttpError(403, "FORBIDDEN", COMMUNITY_MESSAGES.notYours);
      }
    }
  });
}

/** The token holder; only called inside the community scope, where its hook has set it. */
export function memberOf(request: FastifyRequest): CommunityMember {
  const member = request.communityMember;
  if (!member) throw new HttpError(401, "UNAUTHENTICATED", COMMUNITY_MESSAGES.invalidToken);
  return member;
}

function windowText(windowMs: number): string {
  if (windowMs === 60_000) return "a minute";
  if (windowMs % 60_000 === 0) return `every ${windowMs / 60_000} minutes`;
  return `every ${Math.ceil(windowMs / 1000)} seconds`;
}

/**
 * A preHandler allowing each member a number of creations of one kind (`kind`, plural) per
 * window: `COMMUNITY_CREATE_PER_MEMBER`'s rule unless another is given.
 */
export function limitPerMember(app: FastifyInstance, kind: string, rule?: RateLimitRule) {
  const limit = rule ?? app.config.communityCreatePerMember ?? DEFAULT_COMMUNITY_CREATE_PER_MEMBER;
  return limitRequests(app, [
    {
      name: `community-${kind}`,
      rule: limit,
      key: (request) => request.communityMember?.id ?? request.ip,
      message: (seconds) =>
        `You can create at most ${limit.max} ${kind} ${windowText(limit.windowMs)}. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
    },
  ]);
}
