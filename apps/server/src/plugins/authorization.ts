import type { Role } from "@kindred/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { roleAtLeast, roleOf } from "../modules/users/service.ts";
import { HttpError } from "./errors.ts";

export const FORBIDDEN_MESSAGE = "You do not have permission to do this.";

/**
 * A preHandler that lets through only a signed-in account with `role` or above (an admin may do
 * what a moderator may): 403 FORBIDDEN otherwise. Runs after the signed-in scope's
 * authentication, and reads the role at every call, so a revoked role stops working at once.
 */
export function requireRole(role: Role) {
  return async function roleGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const actual = request.userId ? await roleOf(request.server.db, request.userId) : null;
    if (!actual || !roleAtLeast(actual, role)) {
      throw new HttpError(403, "FORBIDDEN", FORBIDDEN_MESSAGE);
    }
  };
}
