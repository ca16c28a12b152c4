import type { FastifyInstance } from "fastify";

/** Requests and connections. Placeholder until the discovery module lands. */
export async function requestRoutes(_app: FastifyInstance): Promise<void> {}
