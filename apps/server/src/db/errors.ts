/** PostgreSQL's error code for a unique violation, raised by node-postgres and PGlite alike. */
const UNIQUE_VIOLATION = "23505";

type PgLikeError = { code?: unknown; constraint?: unknown; cause?: unknown };

function pgError(error: unknown): PgLikeError | null {
  // Drizzle wraps driver errors; the driver's own error is its cause.
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return null;
}

/** True when the error is a unique violation (of the named constraint, when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  if (!pg || pg.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || pg.constraint === constraint || pg.constraint === undefined;
}
