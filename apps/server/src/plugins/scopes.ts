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
  /** Under `/community`, anyone: the call that issues a community token. */
  communityPublic: FastifyPluginAsync[];
  /**
   * Under `/community`, a community token whose grant holds (401 UNAUTHENTICATED otherwise),
   * checked by the guard given to `registerScopes`; no XSRF check, since no cookie is read.
   */
  community: FastifyPluginAsync[];
};

/** What a scope's guard needs that lives in a module: the community's bearer-token check. */
export type ScopeGuards = {
  /** Installs the community scope's hooks on its instance (modules/members/scope.ts). */
  communityGuard: (scope: FastifyInstance) => Promise<void>;
};

/** The prefix every community route sits under, in both of its scopes. */
const COMMUNITY_PREFIX = "/community";

async function signedInGuard(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config.checksSessionInItsRead) return;
  await this.authenticate(request, reply);
}

/** Registers each scope's routes inside an instance that guards them (fastify/demo's autohooks). */
export async function registerScopes(
  api: FastifyInstance,
  scopes: ApiScopes,
  guards: ScopeGuards,
): Promise<void> {
  for (const routes of scopes.public) await api.register(routes);
  await api.register(
    async (communityPublic) => {
      for (const routes of scopes.communityPublic) await communityPublic.register(routes);
    },
    { prefix: COMMUNITY_PREFIX },
  );
  await api.register(
    async (community) => {
      community.decorate("scopeAuth", "bearer");
      await guards.communityGuard(community);
      for (const routes of scopes.community) await community.register(routes);
    },
    { prefix: COMMUNITY_PREFIX },
  );
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
