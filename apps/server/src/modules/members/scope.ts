import { COMMUNITY_MESSAGES, type CommunityMember } from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RateLimitRule } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { type Cursor, decodeCursor } from "./cursor.ts";

// What every route of the community's protected scope (routes.ts `memberRoutes`) shares.

/** The token holder; only called inside the protected scope, where the hook has set it. */
export function memberOf(request: FastifyRequest): CommunityMember {
  const member = request.communityMember;
  if (!member) throw new HttpError(401, "UNAUTHENTICATED", COMMUNITY_MESSAGES.invalidToken);
  return member;
}

export function cursorFrom(text: string | undefined): Cursor | null {
  if (text === undefined || text === "") return null;
  const cursor = decodeCursor(text);
  if (!cursor) {
    const message = "This cursor is not valid; start again from the first page.";
    throw new HttpError(400, "VALIDATION_ERROR", message, [{ path: "cursor", message }]);
  }
  return cursor;
}

function windowText(windowMs: number): string {
  if (windowMs === 60_000) return "a minute";
  if (windowMs % 60_000 === 0) return `every ${windowMs / 60_000} minutes`;
  return `every ${Math.ceil(windowMs / 1000)} seconds`;
}

/** A preHandler allowing each member `rule.max` creations of one kind per window. */
export function limitPerMember(app: FastifyInstance, kind: string, rule: RateLimitRule) {
  return limitRequests(app, [
    {
      name: `community-${kind}`,
      rule,
      key: (request) => request.communityMember?.id ?? request.ip,
      message: (seconds) =>
        `You can create at most ${rule.max} ${kind} ${windowText(rule.windowMs)}. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
    },
  ]);
}
