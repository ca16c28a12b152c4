import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from "fastify";
import { accountOfMember } from "../modules/members/service.ts";
import { findUserById } from "../modules/users/service.ts";
import type { UserRow } from "../modules/users/user-view.ts";

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

const accountRows = new WeakMap<FastifyRequest, Promise<UserRow | undefined>>();

/**
 * The account making the request, read once for every guard of the request (each guard used to
 * read it again); undefined without one.
 */
export function accountRowOfRequest(request: FastifyRequest): Promise<UserRow | undefined> {
  let row = accountRows.get(request);
  if (!row) {
    row = accountOfRequest(request).then((userId) =>
      userId ? findUserById(request.server.db, userId) : undefined,
    );
    accountRows.set(request, row);
  }
  return row;
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
