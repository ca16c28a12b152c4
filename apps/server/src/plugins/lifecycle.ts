import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiRoute } from "./api-route.ts";
import { HttpError } from "./errors.ts";

/**
 * starting: the database opens, migrates and seeds; ready: serving; draining: still serving, but
 * /api/ready answers 503 so a load balancer stops sending traffic; closing: shutting down.
 */
export type Phase = "starting" | "ready" | "draining" | "closing";
export type Lifecycle = { phase: Phase };

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** These answer in every phase: they are how a load balancer or a person learns the phase. */
const ALWAYS_ANSWERED = new Set(["/api/ready", "/api/health"]);

/**
 * While the database is being opened and migrated, and once shutdown has begun, API calls answer
 * 503 in the contract's error body (with Retry-After) instead of waiting or failing deeper down.
 */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance, opts: { lifecycle: Lifecycle }) => {
    const lifecycle = opts.lifecycle;
    app.decorate("lifecycle", lifecycle);
    app.addHook("preClose", async () => {
      lifecycle.phase = "closing";
    });
    app.addHook("onRequest", async (request, reply) => {
      // By the matched route: a spelling such as /%61pi/... runs the same route, so it waits too.
      if (lifecycle.phase === "ready" || lifecycle.phase === "draining") return;
      if (!isApiRoute(request)) return;
      if (ALWAYS_ANSWERED.has(request.routeOptions.url ?? "")) return;
      reply.header("retry-after", "5");
      if (lifecycle.phase === "starting") {
        throw new HttpError(503, "STARTING", "Kindred is starting. Try again in a moment.");
      }
      reply.header("connection", "close");
      throw new HttpError(503, "SHUTTING_DOWN", "Kindred is restarting. Try again in a moment.");
    });
  },
  { name: "lifecycle" },
);

/**
 * The first step of a graceful stop behind a load balancer: /api/ready answers 503 at once while
 * every other call (and every open chat socket) is still served for `ms`, long enough for the
 * balancer's health check to take the process out; then the caller closes the app. Nothing waits
 * when `ms` is 0 or the app is not serving yet.
 */
export async function drain(app: FastifyInstance, ms: number): Promise<void> {
  if (ms <= 0 || app.lifecycle.phase !== "ready") return;
  app.lifecycle.phase = "draining";
  app.log.info({ ms }, "draining: /api/ready answers 503 before the server stops");
  await new Promise((resolve) => setTimeout(resolve, ms));
}
