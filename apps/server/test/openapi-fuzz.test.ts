import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, signUpUser } from "./helpers.ts";
import {
  type Breakage,
  brokenObjects,
  brokenValues,
  type JsonSchema,
  ODD_TEXTS,
  oddObjects,
  validValue,
} from "./openapi-arbitraries.ts";

/**
 * A fuzzer driven by the OpenAPI document: for every operation it sends valid data generated from
 * the declared schemas and data that breaks them, signed in and with the XSRF header, and checks
 * that no answer is a 5xx, that every status is one the operation declares, that broken data is
 * refused with a 4xx, and that every body matches the schema declared for its status.
 * Reproduce a failure with FUZZ_SEED=<seed printed in the report>; FUZZ_RUNS scales the runs.
 */

type Parameter = { name: string; in: string; required?: boolean; schema: JsonSchema };
type MediaTypes = Record<string, { schema?: JsonSchema }>;
type Operation = {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes }>;
  security?: Record<string, string[]>[];
};
type Headers = AuthHeaders & { authorization?: string };
type Document = { paths: Record<string, Record<string, Operation>> };

type Call = {
  /** valid: must not fail validation; broken: must be refused; odd: anything but a 5xx. */
  kind: "valid" | "broken" | "odd";
  how: string;
  path: Record<string, string>;
  /** Path parameters exactly as they go on the wire (already encoded, or badly on purpose). */
  rawPath?: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
};

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const SCALE = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 1;
const VALID_RUNS = Math.ceil(12 * SCALE);
const BROKEN_RUNS = Math.ceil(25 * SCALE);
const ODD_RUNS = Math.ceil(8 * SCALE);

// Limits out of the way, so broken data meets validation rather than a 429 (limits have their tests).
const generous = { max: 100_000, windowMs: 60_000 };
const app: FastifyInstance = await createTestApp({
  publicFormsPerIp: generous,
  communityCreatePerMember: generous,
});
/** Answers seen per operation and kind of call; FUZZ_REPORT=1 prints them (what was reached). */
const seen = new Map<string, Map<string, number>>();
afterAll(async () => {
  await app.close();
  if (process.env.FUZZ_REPORT) {
    for (const [id, counts] of seen) console.log(id, Object.fromEntries(counts));
  }
});

const documentResponse = await app.inject({ method: "GET", url: "/api/openapi.json" });
const document = documentResponse.json() as Document;
const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    id: `${method.toUpperCase()} ${template}`,
    template,
    method: method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    operation,
  })),
);

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<JsonSchema, ValidateFunction>();
function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Another person and a request of theirs waiting for the viewer, so ids in paths can exist. */
type Person = Awaited<ReturnType<typeof signUpUser>>;
let people: Promise<[Person, Person, Person]>;

/**
 * A fresh viewer for each operation (its own session, which logout may end); the other two people
 * are shared, since hashing passwords is what makes sign-up slow.
 */
async function world() {
  people ??= Promise.all([signUpUser(app), signUpUser(app), signUpUser(app)]);
  const [other, sender, friend] = await people;
  const viewer = await signUpUser(app);
  // A connection of the viewer's, so calls between connections (chat) can succeed.
  const asked = await app.inject({
    method: "POST",
    url: `/api/request/send/interested/${viewer.me._id}`,
    headers: friend.headers,
    payload: {},
  });
  await app.inject({
    method: "POST",
    url: `/api/request/review/accepted/${asked.json().data._id}`,
    headers: viewer.headers,
    payload: {},
  });
  const sent = await app.inject({
    method: "POST",
    url: `/api/request/send/interested/${viewer.me._id}`,
    headers: sender.headers,
    payload: {},
  });
  const shared = await app.inject({
    method: "GET",
    url: "/api/generate_public_url",
    headers: other.headers,
  });
  const publicId = String(shared.json().data.url).split("/").pop() ?? "";
  // The community token of the viewer, for the operations whose security is a bearer token.
  const community = await app.inject({
    method: "POST",
    url: "/api/community/fusionauth",
    headers: viewer.headers,
    payload: {},
  });
  const token = community.statusCode === 200 ? String(community.json().token) : undefined;
  // Path parameters that name something real, by parameter name.
  const known: Record<string, string[]> = {
    userId: [other.me._id, sender.me._id, friend.me._id],
    requestId: [sent.json().data._id],
    publicUserId: [publicId],
    file: [`${other.me._id}.svg`],
  };
  // Body fields that name the author are accepted only when they name the viewer.
  const knownInBody: Record<string, string> = { userId: viewer.me._id, u_id: viewer.me._id };
  return { viewer, token, known, knownInBody };
}

function parametersIn(operation: Operation, place: string): Parameter[] {
  return (operation.parameters ?? []).filter((parameter) => parameter.in === place);
}

function jsonBodySchema(operation: Operation): JsonSchema | undefined {
  return operation.requestBody?.content["application/json"]?.schema;
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function pathValues(operation: Operation, known: Record<string, string[]>) {
  const model = Object.fromEntries(
    parametersIn(operation, "path").map((parameter) => {
      const generated = validValue(parameter.schema).map(asText);
      const real = known[parameter.name];
      return [parameter.name, real ? fc.oneof(fc.constantFrom(...real), generated) : generated];
    }),
  );
  return fc.record(model) as fc.Arbitrary<Record<string, string>>;
}

/** Only the server can make a valid cursor, so valid calls leave it out; broken ones make one up. */
const OPAQUE_QUERY_PARAMETERS = new Set(["cursor"]);

function queryValues(operation: Operation) {
  const parameters = parametersIn(operation, "query").filter(
    (parameter) => !OPAQUE_QUERY_PARAMETERS.has(parameter.name),
  );
  const model = Object.fromEntries(
    parameters.map((parameter) => [parameter.name, validValue(parameter.schema).map(asText)]),
  );
  const requiredKeys = parameters.filter((p) => p.required).map((p) => p.name);
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, string>>;
}

function validCalls(
  operation: Operation,
  known: Record<string, string[]>,
  knownInBody: Record<string, string>,
): fc.Arbitrary<Call> {
  const bodySchema = jsonBodySchema(operation);
  const body = bodySchema ? validValue(bodySchema) : fc.constant(undefined);
  return fc
    .record({
      path: pathValues(operation, known),
      query: queryValues(operation),
      // Now and then the real author in the fields that name one.
      body: fc
        .tuple(body, fc.boolean())
        .map(([value, real]) => (real ? withKnown(value, knownInBody) : value)),
    })
    .map((parts) => printable({ kind: "valid", how: "valid data", ...parts }));
}

function withKnown(value: unknown, knownInBody: Record<string, string>): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  const names = Object.keys(knownInBody).filter((name) => name in object);
  return { ...object, ...Object.fromEntries(names.map((name) => [name, knownInBody[name]])) };
}

/** A path parameter that cannot name anything, and how it is spelled on the wire. */
const BROKEN_PATH_VALUES: Breakage[] = [
  { how: "not a uuid", value: "not-a-uuid" },
  { how: "SQL in it", value: "1' or '1'='1" },
  { how: "a NUL byte", value: "\u0000" },
  { how: "zero-width characters", value: "\u200b\u200c\u200d\ufeff" },
  { how: "far too long", value: "a".repeat(5000) },
  { how: "dots", value: ".." },
];
const BAD_ENCODINGS = ["%E0%A4%A", "%", "%zz", "%C0%AF", "%ED%A0%80", "%FF"];

function brokenCalls(operation: Operation, valid: Call): Call[] {
  const calls: Call[] = [];
  const bodySchema = jsonBodySchema(operation);
  const add = (how: string, change: Partial<Call>) =>
    calls.push(printable({ ...valid, kind: "broken", how, ...change }));

  for (const parameter of parametersIn(operation, "path")) {
    const breakages = [
      ...BROKEN_PATH_VALUES,
      ...brokenValues(parameter.schema, valid.path[parameter.name]).filter(
        (b) => typeof b.value === "string",
      ),
    ];
    for (const broken of breakages) {
      add(`path ${parameter.name}: ${broken.how}`, {
        rawPath: { [parameter.name]: encodeURIComponent(String(broken.value)) },
      });
    }
    for (const encoding of BAD_ENCODINGS) {
      add(`path ${parameter.name}: bad encoding ${encoding}`, {
        rawPath: { [parameter.name]: encoding },
      });
    }
  }
  for (const parameter of parametersIn(operation, "query")) {
    const values = OPAQUE_QUERY_PARAMETERS.has(parameter.name)
      ? ["made-up", "\u0000", "x".repeat(5000)]
      : ["0", "-1", "abc", "1.5", "1e400", "99999999999999999999", "\u0000"];
    for (const value of values) {
      const schema = parameter.schema;
      const number = Number(value);
      // Only values the declared schema refuses (free text, like an interest, may be "abc").
      const fits =
        !OPAQUE_QUERY_PARAMETERS.has(parameter.name) &&
        ((schema.type === "string" && validatorFor(schema)(value)) ||
          ((schema.type === "integer" || schema.type === "number") &&
            Number.isFinite(number) &&
            (schema.type === "number" || Number.isInteger(number)) &&
            number >= (schema.minimum ?? -Infinity) &&
            number <= (schema.maximum ?? Infinity)));
      if (!fits)
        add(`query ${parameter.name}=${value}`, {
          query: { ...valid.query, [parameter.name]: value },
        });
    }
  }
  if (bodySchema) {
    if (bodySchema.type === "object" && valid.body && typeof valid.body === "object") {
      for (const broken of brokenObjects(bodySchema, valid.body as Record<string, unknown>)) {
        add(`body ${broken.how}`, { body: broken.value });
      }
    }
    add("body not an object", { body: ["not", "an", "object"] });
    add("body a bare string", { rawBody: '"text"' });
    add("body not JSON as text/plain", {
      rawBody: "firstName=x",
      contentType: "text/plain",
    });
  }
  if (operation.requestBody || valid.body !== undefined) {
    add("body not valid JSON", { rawBody: '{"firstName": "x",' });
    add("body larger than 64 KiB", { body: { padding: "x".repeat(70_000) } });
  }
  return calls;
}

function encodable(text: string): string | null {
  try {
    return encodeURIComponent(text);
  } catch {
    return null;
  }
}

function oddCalls(operation: Operation, valid: Call): Call[] {
  const calls: Call[] = [];
  const bodySchema = jsonBodySchema(operation);
  if (bodySchema?.type === "object" && valid.body && typeof valid.body === "object") {
    for (const odd of oddObjects(bodySchema, valid.body as Record<string, unknown>)) {
      calls.push(printable({ ...valid, kind: "odd", how: `body ${odd.how}`, body: odd.value }));
    }
  }
  for (const parameter of parametersIn(operation, "path")) {
    for (const odd of ODD_TEXTS) {
      const encoded = encodable(String(odd.value));
      // A lone surrogate has no UTF-8 spelling; the bad encodings cover it.
      if (encoded === null) continue;
      const rawPath = { [parameter.name]: encoded };
      calls.push(printable({ ...valid, kind: "odd", how: `path ${odd.how}`, rawPath }));
    }
  }
  return calls;
}

function urlFor(template: string, call: Call): string {
  const path = template.replace(
    /\{(\w+)\}/g,
    (_match, name: string) => call.rawPath?.[name] ?? encodeURIComponent(call.path[name] ?? ""),
  );
  const query = new URLSearchParams(call.query).toString();
  return query ? `${path}?${query}` : path;
}

async function send(
  method: string,
  template: string,
  call: Call,
  headers: Headers,
): Promise<LightMyRequestResponse> {
  const hasBody = method !== "GET" && method !== "DELETE";
  const payload =
    call.rawBody ??
    (call.body !== undefined ? JSON.stringify(call.body) : hasBody ? "{}" : undefined);
  return app.inject({
    method: method as "GET",
    url: urlFor(template, call),
    headers: {
      ...headers,
      ...(payload !== undefined ? { "content-type": call.contentType ?? "application/json" } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
}

function clip(text: string, length = 200): string {
  return text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;
}

function summary(call: Call): string {
  const body = call.rawBody ?? JSON.stringify(call.body);
  return [
    `${call.kind} (${call.how})`,
    `path ${clip(JSON.stringify({ ...call.path, ...call.rawPath }))} query ${clip(JSON.stringify(call.query))}`,
    `body ${body === undefined ? "none" : clip(body)}`,
  ].join("\n  ");
}

/** fast-check prints a failing call with this, so a 70 kB body does not flood the report. */
function printable(call: Call): Call {
  return Object.assign(call, { [fc.toStringMethod]: () => summary(call) });
}

function describeCall(call: Call, response: LightMyRequestResponse): string {
  return `${summary(call)}\n  answered ${response.statusCode} ${clip(response.body, 300)}`;
}

/** The checks every answer must pass; a failure names the call and the answer. */
function checkAnswer(operation: Operation, call: Call, response: LightMyRequestResponse) {
  const status = response.statusCode;
  const where = describeCall(call, response);
  expect(status, `a 5xx\n  ${where}`).toBeLessThan(500);
  const declared = operation.responses[String(status)];
  expect(declared, `status ${status} is not declared\n  ${where}`).toBeDefined();
  if (call.kind === "broken") {
    expect(status, `broken data was accepted\n  ${where}`).toBeGreaterThanOrEqual(400);
  }
  const isJson = String(response.headers["content-type"] ?? "").startsWith("application/json");
  const content = declared?.content ?? {};
  if (isJson) {
    const schema = content["application/json"]?.schema;
    expect(schema, `a JSON answer where ${status} declares none\n  ${where}`).toBeDefined();
    const validate = validatorFor(schema as JsonSchema);
    const body = response.json();
    const matches = validate(body);
    expect(
      matches,
      `the body does not match the schema of ${status}: ${ajv.errorsText(validate.errors)}\n  ${where}`,
    ).toBe(true);
    if (call.kind === "valid" && status === 400) {
      // Data the document calls valid must pass the server's own validation.
      expect(body.code, `valid data failed validation\n  ${where}`).not.toBe("VALIDATION_ERROR");
    }
  } else {
    const type = String(response.headers["content-type"] ?? "").split(";")[0] ?? "";
    expect(Object.keys(content), `content type ${type} is not declared\n  ${where}`).toContain(
      type,
    );
  }
}

describe("the OpenAPI document", () => {
  it("is served and lists the operations", () => {
    expect(documentResponse.statusCode).toBe(200);
    expect(operations.length).toBeGreaterThanOrEqual(14);
  });

  it("holds schemas that compile as JSON Schema 2020-12, and describes every answer", () => {
    for (const { id, operation } of operations) {
      const schemas = [
        ...(operation.parameters ?? []).map((parameter) => parameter.schema),
        ...Object.values(operation.requestBody?.content ?? {}).map((media) => media.schema),
        ...Object.values(operation.responses).flatMap((response) =>
          Object.values(response.content ?? {}).map((media) => media.schema),
        ),
      ];
      for (const schema of schemas) expect(() => validatorFor(schema ?? {}), id).not.toThrow();
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${id} ${status}`).not.toBe("Default Response");
      }
    }
  });

  it("declares on every operation its security and the error answers that apply", () => {
    for (const { id, method, template, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, id).toEqual(expect.arrayContaining(["400", "500"]));
      expect(
        statuses.some((status) => status.startsWith("2")),
        `${id} declares its success`,
      ).toBe(true);
      expect(operation.security, id).toBeDefined();
      // Every way in needs a session or a token (an optional session offers an empty one too).
      const signedIn = operation.security?.every((r) => "session" in r || "bearer" in r);
      if (signedIn) expect(statuses, id).toContain("401");
      if (method !== "GET") {
        expect(statuses, id).toEqual(expect.arrayContaining(["403", "413"]));
        expect(
          operation.security?.every((r) => "xsrf" in r || "bearer" in r),
          `${id} names the XSRF header`,
        ).toBe(true);
      }
      if (template.includes("{")) expect(statuses, id).toContain("404");
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) {
          expect(response.content?.["application/json"]?.schema, `${id} ${status}`).toMatchObject({
            properties: { status: { enum: [0] }, code: {}, message: {}, errors: {} },
          });
        }
      }
    }
  });

  it("carries the rules the server applies", () => {
    const signup = jsonBodySchema(document.paths["/api/signup"]?.post as Operation);
    expect(signup?.properties?.emailId).toMatchObject({ format: "email", maxLength: 254 });
    expect(signup?.properties?.skills).toMatchObject({ minItems: 3, maxItems: 20 });
    const edit = jsonBodySchema(document.paths["/api/profile/edit"]?.patch as Operation);
    expect(edit?.additionalProperties).toBe(false);
    expect(edit?.properties?.photoUrl?.anyOf).toContainEqual(
      expect.objectContaining({ format: "uri", maxLength: 2048 }),
    );
    expect(edit?.properties?.age?.anyOf).toContainEqual(
      expect.objectContaining({ type: "integer", minimum: 13, maximum: 120 }),
    );
    const send = document.paths["/api/request/send/{status}/{userId}"]?.post as Operation;
    expect(parametersIn(send, "path").find((p) => p.name === "status")?.schema.enum).toEqual([
      "interested",
      "ignored",
    ]);
    const groupEdit = jsonBodySchema(
      document.paths["/api/community/group/{id}"]?.patch as Operation,
    );
    expect(groupEdit?.anyOf).toEqual([
      { required: ["name"] },
      { required: ["description"] },
      { required: ["tag"] },
    ]);
  });

  it("generates bodies that hold a rule across fields, and breaks that rule too", () => {
    const groupEdit = jsonBodySchema(
      document.paths["/api/community/group/{id}"]?.patch as Operation,
    ) as JsonSchema;
    const validate = validatorFor(groupEdit);
    fc.assert(
      fc.property(validValue(groupEdit), (body) => {
        expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
        const broken = brokenObjects(groupEdit, body as Record<string, unknown>);
        const none = broken.find((b) => b.how === "none of name, description, tag");
        expect(none?.value).not.toHaveProperty("name");
        expect(validate(none?.value)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe("every operation, fuzzed from the document", () => {
  it.each(operations)("$id", async ({ id, template, method, operation }) => {
    const counts = new Map<string, number>();
    seen.set(id, counts);
    const { viewer, token, known, knownInBody } = await world();
    const bearer = operation.security?.some((requirement) => "bearer" in requirement);
    const withBearer = (headers: AuthHeaders): Headers =>
      bearer && token ? { ...headers, authorization: `Bearer ${token}` } : headers;
    let headers = withBearer(viewer.headers);
    const bodySchema = jsonBodySchema(operation);
    const run = async (call: Call) => {
      if (call.kind === "valid" && bodySchema && call.body !== undefined) {
        // The generator's own check: what it calls valid, the document accepts.
        const validate = validatorFor(bodySchema);
        expect(validate(call.body), `${ajv.errorsText(validate.errors)}\n  ${summary(call)}`).toBe(
          true,
        );
      }
      const response = await send(method, template, call, headers);
      const key = `${call.kind} ${response.statusCode}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      checkAnswer(operation, call, response);
      if (template === "/api/logout" && response.statusCode === 200) {
        headers = withBearer((await signUpUser(app)).headers);
      }
    };
    const options = { seed: SEED, endOnFailure: true } as const;
    await fc.assert(fc.asyncProperty(validCalls(operation, known, knownInBody), run), {
      ...options,
      numRuns: VALID_RUNS,
    });
    await fc.assert(
      fc.asyncProperty(
        validCalls(operation, known, knownInBody).chain((valid) => {
          const broken = brokenCalls(operation, valid);
          return broken.length > 0 ? fc.constantFrom(...broken) : fc.constant(null);
        }),
        async (call) => {
          if (call) await run(call);
        },
      ),
      { ...options, numRuns: BROKEN_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(
        validCalls(operation, known, knownInBody).chain((valid) => {
          const odd = oddCalls(operation, valid);
          return odd.length > 0 ? fc.constantFrom(...odd) : fc.constant(null);
        }),
        async (call) => {
          if (call) await run(call);
        },
      ),
      { ...options, numRuns: ODD_RUNS },
    );
  });
});
