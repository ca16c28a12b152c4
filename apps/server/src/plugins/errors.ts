import type { Socket } from "node:net";
import type { ErrorBody } from "@kindred/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import * as z from "zod";
import { isDatabaseUnreachable, isForeignKeyViolation } from "../db/errors.ts";
import { memberExists } from "../modules/members/repository.ts";
import { findRole } from "../modules/users/repository.ts";
import { zodErrorMap } from "./locale.ts";

type FieldError = { path: string; message: string };

/**
 * What a route answers for a path id that names nothing: 404 (or 403 where the contract says
 * "not yours", as chat does), its code and its sentence.
 */
export type UnknownId = { status?: 403 | 404; code: string; message: string };

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The answer of a route whose path names something by id (`pathIdSchema`) for an id that is
     * not a UUID; the route gives the same one for an id that names nothing. Default: 404
     * NOT_FOUND.
     */
    unknownId?: UnknownId;
  }
}

/** The one way a handler says "this request fails": status, machine code and a sentence. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

/** A 429 decided by a service (a count in the database): answered with its Retry-After. */
export class RetryLaterError extends HttpError {
  override name = "RetryLaterError";
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
  }
}

export const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";
export const DB_UNAVAILABLE_MESSAGE =
  "Kindred cannot reach its database right now. Please try again in a few seconds.";
/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** Messages for the errors Fastify itself raises before a handler runs. */
const frameworkErrors: Record<number, { code: string; message: string }> = {
  400: { code: "BAD_REQUEST", message: "The request could not be read." },
  404: { code: "NOT_FOUND", message: "Not found." },
  405: { code: "METHOD_NOT_ALLOWED", message: "This method is not allowed here." },
  413: { code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 64 KiB." },
  415: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Send the request body as JSON (Content-Type: application/json).",
  },
  429: { code: "RATE_LIMITED", message: "Too many requests. Try again later." },
};

const fastifyCodeMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send {} when there is nothing to say.",
};

function toPath(instancePath: string): string {
  return instancePath.replace(/^\//, "").replaceAll("/", ".");
}

const DEFAULT_UNKNOWN_ID: UnknownId = { code: "NOT_FOUND", message: "Not found." };

/** The route's answer to an id that names nothing (see `unknownId` in its config). */
function unknownIdOf(request: FastifyRequest): UnknownId {
  return request.routeOptions.config.unknownId ?? DEFAULT_UNKNOWN_ID;
}

/** The HttpError a route throws for an id that names nothing, as its `unknownId` says. */
export function unknownIdError(unknown: UnknownId): HttpError {
  return new HttpError(unknown.status ?? 404, unknown.code, unknown.message);
}

export const NUL_MESSAGE = "Text cannot contain a NUL character (\\0).";

/** The name of the first path parameter holding a NUL character, or null. */
function paramWithNul(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const found = Object.entries(params).find(
    ([, value]) => typeof value === "string" && value.includes("\u0000"),
  );
  return found ? found[0] : null;
}

/** A path id that is not a UUID (pathIdSchema), and nothing else wrong with the path. */
function onlyMalformedPathIds(error: FastifyError): boolean {
  if (error.validationContext !== "params" || !hasZodFastifySchemaValidationErrors(error)) {
    return false;
  }
  return error.validation.every(
    (issue) =>
      issue.keyword === "invalid_format" &&
      (issue.params as { format?: unknown }).format === "guid",
  );
}

/** The request's data each checked part's schema was given. */
const CHECKED_DATA = {
  body: (request: FastifyRequest) => request.body,
  querystring: (request: FastifyRequest) => request.query,
  params: (request: FastifyRequest) => request.params,
  headers: (request: FastifyRequest) => request.headers,
};

/**
 * The failed part's issues' messages with zod's defaults in the request's language: the part is
 * checked again with the language's error map, which zod consults only where the schema names no
 * message of its own (those come back English, for the catalogues). Null in English, or when the
 * second check does not find the same issues.
 */
function zodMessagesIn(
  request: FastifyRequest,
  part: FastifyError["validationContext"],
  issues: readonly { keyword: string; instancePath: string }[],
): string[] | null {
  const errorMap = zodErrorMap(request.locale);
  const schema = part ? request.routeOptions.schema?.[part] : undefined;
  if (!errorMap || !part || !(schema instanceof z.core.$ZodType)) return null;
  let again: z.core.$ZodIssue[];
  try {
    again =
      z.safeParse(schema, CHECKED_DATA[part](request), { error: errorMap }).error?.issues ?? [];
  } catch {
    return null;
  }
  const same =
    again.length === issues.length &&
    again.every(
      (issue, index) =>
        issue.code === issues[index]?.keyword &&
        `/${issue.path.join("/")}` === issues[index]?.instancePath,
    );
  return same ? again.map((issue) => issue.message) : null;
}

function validationErrors(error: FastifyError, request: FastifyRequest): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) {
    return (error.validation ?? []).map((issue) => ({
      path: toPath(issue.instancePath),
      message: issue.message ?? "Invalid value",
    }));
  }
  const inLanguage = zodMessagesIn(request, error.validationContext, error.validation);
  return error.validation.map((issue, index) => {
    const keys = (issue.params as { keys?: unknown }).keys;
    // A strict object reports unknown keys at its own path; name the offending field instead.
    const unknownKey = issue.keyword === "unrecognized_keys" && Array.isArray(keys) ? keys : null;
    const path = toPath(issue.instancePath);
    return {
      path: unknownKey ? [path, unknownKey.join(",")].filter(Boolean).join(".") : path,
      message:
        unknownKey !== null
          ? `Unknown field: ${unknownKey.join(", ")}`
          : (inLanguage?.[index] ?? issue.message ?? "Invalid value"),
    };
  });
}

export function errorBody(
  code: string,
  message: string,
  extra: Partial<Pick<ErrorBody, "errors" | "requestId">> = {},
): ErrorBody {
  return { status: 0, code, message, ...extra };
}

export const SESSION_ENDED_MESSAGE = "Your session has ended. Please log in again.";

/**
 * Whether the account (session) or community member the request was made as has gone since its
 * scope let it in: deleted while the request ran. False when the request was made as nobody, or
 * when the database cannot say.
 */
async function callerIsGone(request: FastifyRequest): Promise<boolean> {
  const db = request.server.db;
  try {
    if (request.userId) return (await findRole(db, request.userId)) === undefined;
    const member = request.communityMember;
    if (member) return !(await memberExists(db, member.id));
  } catch {
    // The database cannot answer (an outage): the original error is answered as it is.
  }
  return false;
}

/**
 * A failure that can come from the caller's account, or what the request names, being deleted
 * while it ran: a write pointing at a row that is gone (a foreign key violation, SQLSTATE 23503),
 * a refusal decided from rows that had gone (a 4xx), or anything unexpected. Not an outage.
 */
function mayBeADeletionRace(error: FastifyError): boolean {
  if (error instanceof HttpError) {
    return error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 401;
  }
  return !error.validation && !(error.statusCode && error.statusCode < 500);
}

async function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // A request whose own account was deleted under it (the person deleting it from another tab,
  // a ban): the session ended, whatever the write then met.
  if (mayBeADeletionRace(error) && !isDatabaseUnreachable(error) && (await callerIsGone(request))) {
    return reply.code(401).send(errorBody("UNAUTHENTICATED", SESSION_ENDED_MESSAGE));
  }
  if (isForeignKeyViolation(error)) {
    // What the write names was deleted meanwhile: the route's answer for an id naming nothing.
    const unknown = unknownIdOf(request);
    return reply.code(unknown.status ?? 404).send(errorBody(unknown.code, unknown.message));
  }
  if (error instanceof HttpError) {
    // A deliberate 5xx (starting, shutting down, mail down) is an answer, not a crash: one line
    // without a stack; whatever caused it logs its own details where it happened.
    if (error.statusCode >= 500) {
      request.log.warn({ statusCode: error.statusCode, code: error.code }, error.message);
    }
    if (error instanceof RetryLaterError) {
      reply.header("retry-after", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    if (error.statusCode === 503 && !reply.hasHeader("retry-after")) {
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
    }
    const extra = error.statusCode >= 500 ? { requestId: String(request.id) } : {};
    return reply
      .code(error.statusCode)
      .send(
        errorBody(
          error.code,
          error.message,
          error.errors ? { errors: error.errors, ...extra } : extra,
        ),
      );
  }
  const nulParam = error.validation ? paramWithNul(request) : null;
  if (nulParam !== null) {
    // As the input guard answers it (a NUL is refused wherever it is, before what it names).
    return reply.code(400).send(
      errorBody("VALIDATION_ERROR", NUL_MESSAGE, {
        errors: [{ path: nulParam, message: NUL_MESSAGE }],
      }),
    );
  }
  if (error.validation && onlyMalformedPathIds(error)) {
    const unknown = unknownIdOf(request);
    return reply.code(unknown.status ?? 404).send(errorBody(unknown.code, unknown.message));
  }
  if (error.validation) {
    const errors = validationErrors(error, request);
    return reply
      .code(400)
      .send(errorBody("VALIDATION_ERROR", errors[0]?.message ?? "Invalid request", { errors }));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = frameworkErrors[status] ?? { code: "BAD_REQUEST", message: error.message };
    const message = fastifyCodeMessages[error.code] ?? known.message;
    return reply.code(status).send(errorBody(known.code, message));
  }
  if (isDatabaseUnreachable(error)) {
    // An outage, not a bug: every route says so the same way, and when to come back.
    request.log.error({ err: error }, "database unreachable");
    return reply
      .code(503)
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .send(errorBody("DB_UNAVAILABLE", DB_UNAVAILABLE_MESSAGE, { requestId: String(request.id) }));
  }
  request.log.error({ err: error }, "request failed");
  return reply
    .code(500)
    .send(errorBody("INTERNAL", INTERNAL_MESSAGE, { requestId: String(request.id) }));
}

/**
 * Fastify's router errors (a URL that does not decode, a path parameter over the length limit),
 * in the contract's body. Fastify's own message quotes the URL; this never does.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    reply.code(414).send(errorBody("URI_TOO_LONG", "A part of this address is too long."));
    return;
  }
  reply.code(400).send(errorBody("BAD_REQUEST", "This address could not be read."));
}

const clientErrors: Record<string, { status: number; reason: string; body: ErrorBody }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    body: errorBody("REQUEST_TIMEOUT", "The request took too long to arrive. Please try again."),
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    body: errorBody("HEADERS_TOO_LARGE", "The request headers are too large."),
  },
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a body or headers that do not
 * arrive in time, headers too large, bytes that are not HTTP). There is no reply object yet, so
 * the answer is written to the socket, which is then closed.
 */
export function answerClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const known = clientErrors[error.code ?? ""] ?? {
    status: 400,
    reason: "Bad Request",
    body: errorBody("BAD_REQUEST", "The request could not be read."),
  };
  this.log.debug({ code: error.code, status: known.status }, "client error");
  // A response already under way for this connection cannot be replaced, only cut.
  const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inProgress?.headersSent) {
    const body = JSON.stringify(known.body);
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** One error handler: every failure leaves as the contract's error body. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
  },
  { name: "errors" },
);
