import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isApiRoute } from "./api-route.ts";
import { HttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * false: the route reads no cookie at all (the community calls authenticate by bearer token
     * only), so a forged cross-site request has nothing to ride on; it answers 401 without a token.
     */
    csrf?: false;
  }
}

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
export const CSRF_MESSAGE =
  "Your security token is missing or out of date. Reload the page and try again.";

/** Every other method (POST, PUT, PATCH, DELETE and any other) must carry the token. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A browser never adds this header by itself, so such a request cannot be a forged one. */
function carriesBearer(request: FastifyRequest): boolean {
  return /^Bearer\s+\S/i.test(request.headers.authorization ?? "");
}

/**
 * Double-submit token: a page on another site can make the browser send our cookies but cannot
 * read the XSRF-TOKEN cookie to copy it into the header.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const secure = app.config.publicOrigin.startsWith("https:");
    app.addHook("onRequest", async (request, reply) => {
      // Decided by the route that will run, however its address was spelled; where none matched,
      // nothing runs but the 404 answer.
      if (request.routeOptions.url === undefined) return;
      const cookieToken = request.cookies[XSRF_COOKIE];
      if (SAFE_METHODS.has(request.method)) {
        if (!cookieToken && request.method !== "OPTIONS" && isApiRoute(request)) {
          reply.setCookie(XSRF_COOKIE, randomBytes(32).toString("base64url"), {
            httpOnly: false,
            sameSite: "lax",
            path: "/",
            secure,
          });
        }
        return;
      }
      // Every unsafe route, not only those under /api: a route added elsewhere is checked too.
      if (carriesBearer(request)) return;
      if (request.routeOptions.config?.csrf === false) return;
      const headerToken = request.headers[XSRF_HEADER];
      if (!cookieToken || typeof headerToken !== "string" || !sameToken(cookieToken, headerToken)) {
        throw new HttpError(403, "CSRF", CSRF_MESSAGE);
      }
    });
  },
  { name: "csrf", dependencies: ["@fastify/cookie"] },
);
