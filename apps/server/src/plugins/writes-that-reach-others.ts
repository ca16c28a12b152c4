import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from "fastify";
import { accountOfMember } from "../modules/members/service.ts";
import { findUserById } from "../modules/users/service.ts";
import { sessionAccountOf } from "./session.ts";

/**
 * The writes that reach other people, by the matched route: requests, messages, posts, replies,
 * likes, RSVPs, groups and events. A suspended account (403 SUSPENDED) and one whose email is not
 * verified yet (403 EMAIL_UNVERIFIED) may not make them.
 */
export const WRITES_THAT_REACH_OTHERS = [
  "POST /api/request/send/:status/:userId",
  "POST /api/request/review/:status/:requestId",
  "POST /api/chat/:userId/messages",
  "POST /api/community/fusionpublish",
  "POST /api/community/post/:id/replies",
  "PUT /api/community/post/:id/like",
  "PUT /api/community/event/:id/rsvp",
  "POST /api/community/createevent",
  "POST /api/community/create",
  "PATCH /api/community/group/:id",
  "POST /api/community/group/:id/join",
];

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** The account making the request: its session's, or the community token's member's. */
export async function accountOfRequest(request: FastifyRequest): Promise<string | null> {
  if (request.userId) return request.userId;
  const member = (request as FastifyRequest & { communityMember?: { id: string } | null })
    .communityMember;
  return member ? accountOfMember(request.server.db, member.id) : null;
}

/** What the guards of the writes that reach others check about the account making them. */
export type AccountStanding = {
  id: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  suspendedUntil: Date | null;
  bannedAt: Date | null;
};

const standings = new WeakMap<FastifyRequest, Promise<AccountStanding | undefined>>();

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The standing of the account making the request, once for every guard of the request: as the
 * session lookup read it (plugins/session.ts), else read here (a community token's member, a
 * route that signs in otherwise). Undefined without an account.
 */
export function accountStandingOfRequest(
  request: FastifyRequest,
): Promise<AccountStanding | undefined> {
  let standing = standings.get(request);
  if (!standing) {
    const read = sessionAccountOf(request);
    standing =
      request.userId && read && read.createdAt !== null
        ? Promise.resolve({
            id: request.userId,
            createdAt: new Date(read.createdAt),
            emailVerifiedAt: dateOrNull(read.emailVerifiedAt),
            suspendedUntil: dateOrNull(read.suspendedUntil),
            bannedAt: dateOrNull(read.bannedAt),
          })
        : accountOfRequest(request).then((userId) =>
            userId ? findUserById(request.server.db, userId) : undefined,
          );
    standings.set(request, standing);
  }
  return standing;
}

/**
 * Adds `guard` as a preHandler of every write that reaches others, registered from here on
 * (call it from a plugin registered before the routes).
 */
export function guardWritesThatReachOthers(
  app: FastifyInstance,
  guard: preHandlerHookHandler,
): void {
  app.addHook("onRoute", (route) => {
    const guarded = methodsOf(route).some((method) =>
      WRITES_THAT_REACH_OTHERS.includes(`${method} ${route.url}`),
    );
    if (!guarded) return;
    const existing = route.preHandler
      ? Array.isArray(route.preHandler)
        ? route.preHandler
        : [route.preHandler]
      : [];
    route.preHandler = [...existing, guard];
  });
}
