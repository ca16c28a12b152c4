import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError, NUL_MESSAGE } from "./errors.ts";

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (depth > 8 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function nulIn(request: FastifyRequest): string | null {
  return (
    findNul(request.params, "") ?? findNul(request.query, "") ?? findNul(request.body, "") ?? null
  );
}

/**
 * PostgreSQL cannot store a NUL character in text, so one reaching a query fails deep inside the
 * driver. The shared schemas refuse it field by field; this catches it in any path parameter,
 * query or body field a schema does not cover, before a handler runs.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preHandler", async (request) => {
      const path = nulIn(request);
      if (path === null) return;
      throw new HttpError(400, "VALIDATION_ERROR", NUL_MESSAGE, [{ path, message: NUL_MESSAGE }]);
    });
  },
  { name: "input-guard" },
);
