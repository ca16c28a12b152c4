import type { Role } from "@kindred/shared";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { requireRole } from "./authorization.ts";
import type { RouteAuth } from "./openapi.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Set on a scope's instance: how every route registered inside it authenticates. */
    scopeAuth?: RouteAuth;
    /** Set on a role's scope: the role its routes need (so they can answer 403). */
    scopeRole?: Role;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session itself, in the statement that reads its answer (the feed):
     * the signed-in scope's hook leaves it to it. It must answer 401 without one.
     */
    checksSessionInItsRead?: boolean;
  }
}

/**
 * The API's routes by who may call them. A route is added to the scope that guards it, so it
 * cannot forget its guard: the scope's hook runs before every route inside it.
 */
export type ApiScopes = {
  /** Anyone: sign-in, public pages and files, routes that check a token of their own. */
  public: FastifyPluginAsync[];
  /** A live session (401 UNAUTHENTICATED without one); `request.userId` is set. */
  signedIn: FastifyPluginAsync[];
  /** A session whose account is a moderator or an admin (then 403 FORBIDDEN). */
  moderator: FastifyPluginAsync[];
  /** A session whose account is an admin. */
  admin: FastifyPluginAsync[];
};

async function signedInGuard(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config.checksSessionInItsRead) return;
  await this.authenticate(request, reply);
}

/** Registers each scope's routes inside an instance that guards them (fastify/demo's autohooks). */
export async function registerScopes(api: FastifyInstance, scopes: ApiScopes): Promise<void> {
  for (const routes of scopes.public) await api.register(routes);
  await api.register(async (signedIn) => {
    signedIn.decorate("scopeAuth", "session");
    // A preHandler, as the route's own guard was: the XSRF check and body validation keep
    // answering before a missing session does, as they always have.
    signedIn.addHook("preHandler", signedInGuard);
    for (const routes of scopes.signedIn) await signedIn.register(routes);
    await signedIn.register(async (moderators) => {
      moderators.decorate("scopeRole", "moderator");
      moderators.addHook("preHandler", requireRole("moderator"));
      for (const routes of scopes.moderator) await moderators.register(routes);
    });
    await signedIn.register(async (admins) => {
      admins.decorate("scopeRole", "admin");
      admins.addHook("preHandler", requireRole("admin"));
      for (const routes of scopes.admin) await admins.register(routes);
    });
  });
}
