import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiRequest } from "./api-route.ts";

/**
 * One line per API call (request id, method, route, status, time) instead of Fastify's two lines
 * per request; static files only at debug level, so a page load does not flood the log.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onResponse", async (request, reply) => {
      // Under the route that ran, however the address was spelled (an unknown API address in any
      // spelling is an API call too).
      const level = isApiRequest(request) ? "info" : "debug";
      const route = request.routeOptions.url ?? "(no route)";
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      request.log[level](
        { method: request.method, route, status: reply.statusCode, ms },
        `${request.method} ${route} ${reply.statusCode} ${ms} ms`,
      );
    });
  },
  { name: "request-log" },
);
