import type { FastifyInstance } from "fastify";

/** GET /feed. Placeholder until the discovery module lands. */
export async function feedRoutes(_app: FastifyInstance): Promise<void> {}
