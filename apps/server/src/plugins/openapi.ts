import swagger from "@fastify/swagger";
import { errorBodySchema } from "@kindred/shared";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform, jsonSchemaTransform } from "fastify-type-provider-zod";
import { type core, toJSONSchema, type ZodType, z } from "zod";
import { isRateLimiter } from "./rate-limit.ts";

/**
 * How a route is signed in, for the document and for the 401 it can answer:
 * - "session": the `token` cookie (also inferred from `preHandler: app.authenticate`);
 * - "bearer": `Authorization: Bearer <community token>`;
 * - "optional": works without a session and says more with one.
 */
export type RouteAuth = "session" | "bearer" | "optional";

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type JsonSchema = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;

const JSON_SCHEMA_TARGET = "draft-2020-12";

/** The contract's error body, described for one status of one route. */
export function errorResponse(description: string) {
  return errorBodySchema.meta({ description });
}

/** The contract's error answers, keyed by status, in the words the document shows. */
export const ERROR_RESPONSES = {
  400: errorResponse(
    "Validation failed (`code` VALIDATION_ERROR, `errors` names each field) or the request could not be read",
  ),
  401: errorResponse("No valid session (`code` UNAUTHENTICATED)"),
  403: errorResponse(
    "The X-XSRF-TOKEN header is missing or differs from the XSRF-TOKEN cookie (`code` CSRF), or the action is not yours",
  ),
  404: errorResponse("Nothing with this id (or not one you may act on)"),
  409: errorResponse("Conflicts with what already exists"),
  413: errorResponse("The request body is larger than 64 KiB (`code` PAYLOAD_TOO_LARGE)"),
  414: errorResponse("A path parameter is too long (`code` URI_TOO_LONG)"),
  415: errorResponse("The request body is not JSON (`code` UNSUPPORTED_MEDIA_TYPE)"),
  429: errorResponse("Too many attempts (`code` RATE_LIMITED); see the Retry-After header"),
  500: errorResponse("An unexpected failure (`code` INTERNAL); the body carries the `requestId`"),
  503: errorResponse(
    "Starting (migrations run) or shutting down (`code` STARTING, SHUTTING_DOWN), or the database does not answer; see Retry-After",
  ),
} as const;

type ErrorStatus = keyof typeof ERROR_RESPONSES;

function hookList(hook: unknown): unknown[] {
  if (!hook) return [];
  return Array.isArray(hook) ? hook : [hook];
}

function routeAuth(
  app: FastifyInstance,
  route: RouteOptions,
  declared: SecurityRequirement[] | undefined,
): RouteAuth | undefined {
  if (route.config?.auth) return route.config.auth;
  if (app.scopeAuth) return app.scopeAuth;
  const hooks = [...hookList(route.onRequest), ...hookList(route.preHandler)];
  if (hooks.includes(app.authenticate)) return "session";
  // A route that states its own security: a requirement it cannot do without means a 401.
  if (declared && declared.length > 0 && declared.every((r) => "bearer" in r)) return "bearer";
  if (declared && declared.length > 0 && declared.every((r) => "session" in r)) return "session";
  return undefined;
}

function isRateLimited(route: RouteOptions): boolean {
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) return true;
  return [
    ...hookList(route.onRequest),
    ...hookList(route.preValidation),
    ...hookList(route.preHandler),
  ].some(isRateLimiter);
}

/** The security requirement of a route, from how it authenticates and its method. */
function routeSecurity(auth: RouteAuth | undefined, unsafe: boolean): SecurityRequirement[] {
  // A bearer token exempts a call from the XSRF check: a browser never adds it by itself.
  if (auth === "bearer") return [{ bearer: [] }];
  const xsrf: SecurityRequirement = unsafe ? { xsrf: [] } : {};
  if (auth === "session") return [{ session: [], ...xsrf }];
  if (auth === "optional") return [{ ...xsrf }, { session: [], ...xsrf }];
  return [{ ...xsrf }];
}

/** Which error answers a route can give, from what applies to it. */
function routeErrorStatuses(
  app: FastifyInstance,
  route: RouteOptions,
  auth: RouteAuth | undefined,
): ErrorStatus[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const unsafe = methods.some((method) => UNSAFE_METHODS.has(method));
  // Any request can be malformed (bad URL encoding, a parameter too long), so 400 always applies.
  const statuses: ErrorStatus[] = [400];
  if (auth === "session" || auth === "bearer") statuses.push(401);
  if (unsafe || app.scopeRole) statuses.push(403);
  if (unsafe) statuses.push(413, 415);
  if (route.url.includes(":")) statuses.push(404, 414);
  if (isRateLimited(route)) statuses.push(429);
  // Every API call answers 503 while the database is being prepared and during shutdown.
  statuses.push(500, 503);
  return statuses;
}

/**
 * Declares, on every API route as it is added, the error answers and the security that apply to
 * it. A route's own declarations win; routes added later get theirs without writing them.
 */
function declareContract(app: FastifyInstance, route: RouteOptions) {
  if (!route.url.startsWith("/api/")) return;
  const schema = (route.schema ?? {}) as FastifySchema & {
    hide?: boolean;
    security?: SecurityRequirement[];
  };
  if (schema.hide) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const unsafe = methods.some((method) => UNSAFE_METHODS.has(method));
  const auth = routeAuth(app, route, schema.security);
  const errors = Object.fromEntries(
    routeErrorStatuses(app, route, auth).map((status) => [status, ERROR_RESPONSES[status]]),
  );
  route.schema = {
    ...schema,
    security: schema.security ?? routeSecurity(auth, unsafe),
    response: { ...errors, ...describeSuccess(schema.response) },
  };
}

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: "Done", 201: "Created" };

/** A success answer without a description of its own gets one instead of "Default Response". */
function describeSuccess(response: unknown): Record<string, unknown> {
  const entries = Object.entries((response ?? {}) as Record<string, unknown>);
  return Object.fromEntries(
    entries.map(([status, declared]) => {
      const description = SUCCESS_DESCRIPTIONS[status];
      const isZod = declared instanceof z.ZodType;
      return [
        status,
        description && isZod && !declared.description ? declared.meta({ description }) : declared,
      ];
    }),
  );
}

type OverrideContext = { zodSchema: core.$ZodType; jsonSchema: JsonSchema };

const STRING_CHECKS = ["format", "pattern", "contentEncoding"] as const;

function tighten(json: JsonSchema, extra: JsonSchema, lower: string, upper: string) {
  if (typeof extra[lower] === "number") {
    json[lower] = Math.max(extra[lower] as number, (json[lower] as number | undefined) ?? 0);
  }
  if (typeof extra[upper] === "number") {
    json[upper] = Math.min(extra[upper] as number, (json[upper] as number | undefined) ?? Infinity);
  }
}

/**
 * zod documents a pipe's input by its first stage only, so `z.string().trim().pipe(z.email())`
 * would lose the email format and a list deduplicated before its length check would lose the
 * 3–20 rule. When both ends are strings (or both lists), the later stage's checks apply to what
 * the client sends too, so they are added to the input's description.
 */
function documentPipeChecks(ctx: OverrideContext) {
  const def = ctx.zodSchema._zod.def as { type: string; in?: ZodType; out?: ZodType };
  if (def.type === "union" && Array.isArray(ctx.jsonSchema.anyOf)) {
    // As fastify-type-provider-zod does: a branch with nothing to say would allow anything.
    ctx.jsonSchema.anyOf = ctx.jsonSchema.anyOf.filter(
      (branch: JsonSchema) => Object.keys(branch).length > 0,
    );
  }
  if (def.type !== "pipe" || !def.in || !def.out) return;
  if (def.in._zod.def.type === "transform") return;
  const later = toJSONSchema(def.out, {
    io: "input",
    target: JSON_SCHEMA_TARGET,
    unrepresentable: "any",
    override: documentPipeChecks,
  }) as JsonSchema;
  const json = ctx.jsonSchema;
  if (json.type === "string" && later.type === "string") {
    for (const key of STRING_CHECKS) if (later[key] !== undefined) json[key] ??= later[key];
    tighten(json, later, "minLength", "maxLength");
  }
  if (json.type === "array" && later.type === "array") {
    tighten(json, later, "minItems", "maxItems");
    if (later.description && !json.description) json.description = later.description;
  }
}

const documentInputs = createJsonSchemaTransform({
  zodToJsonConfig: { override: documentPipeChecks as never },
});

/** Responses keep the library's output conversion; requests get the pipe checks above. */
const transform: typeof jsonSchemaTransform = (document) => {
  const outputs = jsonSchemaTransform(document);
  const inputs = documentInputs(document);
  const schema = { ...outputs.schema } as Record<string, unknown>;
  const inputSchema = inputs.schema as Record<string, unknown> | undefined;
  for (const part of ["body", "querystring", "params", "headers"]) {
    if (inputSchema?.[part] !== undefined) schema[part] = inputSchema[part];
  }
  return { ...outputs, schema };
};

/** The OpenAPI document, generated from the same zod schemas the routes validate with. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    // `this` is the instance the route is added to, so a scope's decorations (scopes.ts) count.
    app.addHook("onRoute", function (route) {
      declareContract(this, route);
    });
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Kindred API",
          description:
            "Meet people who share your skills. Every failure answers `{status: 0, code, message, errors?}`.",
          version: "1.0.0",
        },
        servers: [{ url: app.config.publicOrigin }],
        components: {
          securitySchemes: {
            session: {
              type: "apiKey",
              in: "cookie",
              name: "token",
              description: "The session cookie set by signing up or logging in",
            },
            xsrf: {
              type: "apiKey",
              in: "header",
              name: "X-XSRF-TOKEN",
              description:
                "Unsafe methods only: equal to the XSRF-TOKEN cookie, which any GET under /api sets",
            },
            bearer: {
              type: "http",
              scheme: "bearer",
              bearerFormat: "JWT",
              description: "The community token",
            },
          },
        },
      },
      transform,
    });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
