/** PostgreSQL's error code for a unique violation, raised by node-postgres and PGlite alike. */
const UNIQUE_VIOLATION = "23505";

type PgLikeError = { code?: unknown; constraint?: unknown; cause?: unknown };

function pgError(error: unknown): PgLikeError | null {
  // Drizzle wraps driver errors; the driver's own error is its cause.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return null;
}

/** The SQLSTATE of a database error, looking through the ORM's wrapper. */
export function sqlState(error: unknown): string | undefined {
  return pgError(error)?.code as string | undefined;
}

/** True when the error is a unique violation (of the named constraint, when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  if (!pg || pg.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || pg.constraint === constraint || pg.constraint === undefined;
}

/** True when the error is a foreign key violation: what a write pointed to was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === "23503";
}

/**
 * True when the statement gave up on a lock: a lock wait over the transaction's `lock_timeout`
 * (55P03) or a deadlock PostgreSQL broke by ending this transaction (40P01). The transaction
 * rolled back; it can start again.
 */
export function isLockConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === "55P03" || state === "40P01";
}

/** The embedded database's thread is closed or has stopped: nothing can reach the database. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/**
 * SQLSTATEs that mean the connection itself failed, not the statement: connection exceptions
 * (class 08), the server shutting down or starting (57P01-57P03), no free connection slot (53300),
 * and what only a new connection meets: a database that is gone (3D000), refused login (28xxx).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[123]|53300|3D000|28...)$/;

/** Socket errors on the way to the server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres and pg-pool say these without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/,
];

/**
 * True when the error says the database cannot be reached (refused, cut, timed out, the pool or
 * the embedded thread closed), as opposed to a statement that failed (a constraint, bad SQL):
 * the first is an outage to answer with 503, the second stays what it is.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== "object") return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (CONNECTION_SQLSTATE.test(code) || NETWORK_CODES.has(code))) {
    return true;
  }
  if (typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) {
    return true;
  }
  // Drizzle wraps the driver's error as its cause; a failed connect to several addresses
  // (localhost as ::1 and 127.0.0.1) is an AggregateError of each attempt's error.
  if (Array.isArray(errors) && errors.some((item) => isDatabaseUnreachable(item, depth + 1))) {
    return true;
  }
  return isDatabaseUnreachable(cause, depth + 1);
}
