import fc from "fast-check";

/** A JSON schema as the OpenAPI 3.1 document holds it. */
export type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éüßñçøЖЯ中文";
const INNER = `${LETTERS} -'.`;

/** Ordinary visible text: no surrounding spaces (the server trims), nothing invisible. */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.max(minLength, Math.min(maxLength, minLength + 40));
  const letter = fc.constantFrom(...LETTERS);
  const inner = fc.constantFrom(...INNER);
  const sized = fc.integer({ min: minLength, max });
  const build = (length: number) =>
    length === 0
      ? fc.constant("")
      : length === 1
        ? letter
        : fc
            .tuple(
              letter,
              fc.array(inner, { minLength: length - 2, maxLength: length - 2 }),
              letter,
            )
            .map(([first, middle, last]) => first + middle.join("") + last);
  // Now and then exactly the longest allowed value.
  return fc.oneof(
    { weight: 4, arbitrary: sized.chain(build) },
    { weight: 1, arbitrary: build(Math.min(maxLength, minLength + 2000)) },
  );
}

const lower = (chars: string, min: number, max: number) =>
  fc
    .array(fc.constantFrom(...chars), { minLength: min, maxLength: max })
    .map((list) => list.join(""));

const emailArbitrary = fc
  .tuple(
    lower("abcdefghijklmnopqrstuvwxyz0123456789", 1, 12),
    lower("abcdefghijklmnopqrstuvwxyz", 1, 10),
    lower("abcdefghijklmnopqrstuvwxyz", 2, 4),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

const urlArbitrary = fc
  .tuple(
    fc.constantFrom("http", "https"),
    lower("abcdefghijklmnopqrstuvwxyz", 1, 12),
    lower("abcdefghijklmnopqrstuvwxyz0123456789-_", 0, 20),
  )
  .map(([scheme, host, path]) => `${scheme}://${host}.example/${path}`);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  if (schema.format === "email") return emailArbitrary.filter((v) => v.length <= maxLength);
  if (schema.format === "uri") return urlArbitrary.filter((v) => v.length <= maxLength);
  if (schema.format === "uuid") return fc.uuid({ version: 4 });
  if (schema.format === "date-time") {
    const [min, max] = [new Date("2000-01-01T00:00:00Z"), new Date("2099-12-31T23:59:59Z")];
    return fc.date({ min, max, noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.pattern) {
    // Strings made from the pattern itself: filtering random text for `^\d{6}$` never ends.
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern)
      .filter(
        (v) => v === v.trim() && v.length >= minLength && v.length <= maxLength && pattern.test(v),
      );
  }
  return text(minLength, maxLength);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1;
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1;
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Values the schema accepts, the kind a person would send. */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const { anyOf: _any, oneOf: _one, ...base } = schema;
    if (types(base).length === 0) return fc.oneof(...branches.map(validValue));
    // Branches that narrow a typed schema (an object that needs one of some fields): both hold.
    return fc.oneof(...branches.map((branch) => validValue(narrowed(base, branch))));
  }
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => validValue({ ...schema, type })));
  switch (kinds[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "string":
      return stringArbitrary(schema);
    case "array": {
      const item = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 5, minLength + 25);
      // Distinct items, also when compared regardless of case and surrounding space.
      return fc.uniqueArray(validValue(item), {
        minLength,
        maxLength,
        selector: (value) =>
          typeof value === "string" ? value.trim().toLowerCase() : JSON.stringify(value),
      });
    }
    case "object":
      return objectArbitrary(schema);
    default:
      return fc.jsonValue();
  }
}

function narrowed(base: JsonSchema, branch: JsonSchema): JsonSchema {
  return { ...base, ...branch, required: [...(base.required ?? []), ...(branch.required ?? [])] };
}

/** The fields of which an object needs at least one (`anyOf` branches that each require some). */
function oneOfFieldsNeeded(schema: JsonSchema): string[] {
  const branches = schema.anyOf ?? [];
  if (!branches.every((branch) => Object.keys(branch).join() === "required")) return [];
  return branches.flatMap((branch) => branch.required ?? []);
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, validValue(property)]),
  );
  return fc.record(model, {
    requiredKeys: required.filter((name) => name in properties),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** One way a value breaks its schema, as a name for the report and the value itself. */
export type Breakage = { how: string; value: unknown };

const NUL = "\u0000";

function admits(schema: JsonSchema, type: string): boolean {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some((branch) => admits(branch, type));
  const kinds = types(schema);
  if (schema.enum || schema.const !== undefined) return false;
  return (
    kinds.length === 0 || kinds.includes(type) || (type === "integer" && kinds.includes("number"))
  );
}

/** Plain string branches of a schema (the ones that say what text is allowed). */
function stringBranches(schema: JsonSchema): JsonSchema[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap(stringBranches);
  return types(schema).includes("string") && schema.const === undefined && !schema.enum
    ? [schema]
    : [];
}

/**
 * Values that the schema refuses for sure, whatever lenient reading the server adds (it trims
 * text and reads digits as numbers), with the valid value they replace.
 */
export function brokenValues(schema: JsonSchema, valid: unknown): Breakage[] {
  const out: Breakage[] = [];
  if (!admits(schema, "boolean")) out.push({ how: "boolean instead", value: true });
  if (!admits(schema, "object")) out.push({ how: "object instead", value: { $gt: "" } });
  if (!admits(schema, "array")) out.push({ how: "array instead", value: ["x"] });
  if (!admits(schema, "number") && !admits(schema, "integer")) {
    out.push({ how: "number instead", value: 1e308 });
  }
  if (!admits(schema, "string")) out.push({ how: "text instead", value: "not-a-number" });
  if (!admits(schema, "null")) out.push({ how: "null instead", value: null });
  if (schema.enum || schema.const !== undefined) {
    out.push({ how: "not one of the values", value: "not-a-listed-value" });
  }
  for (const branch of stringBranches(schema)) {
    if (branch.maxLength !== undefined) {
      out.push({ how: "one longer than allowed", value: "x".repeat(branch.maxLength + 1) });
      out.push({ how: "far too long", value: "x".repeat(branch.maxLength + 70_000) });
    }
    if (branch.format === "email") out.push({ how: "not an email", value: "not-an-email" });
    if (branch.format === "uri") {
      out.push({ how: "not an http(s) URL", value: "javascript:alert(1)" });
    }
  }
  if (typeof valid === "string") {
    out.push({ how: "a NUL byte inside", value: `${valid.slice(0, 1)}${NUL}${valid.slice(1)}` });
    out.push({ how: "only a NUL byte", value: NUL });
  }
  const numbers = [schema, ...(schema.anyOf ?? [])].filter(
    (branch) => types(branch).includes("integer") || types(branch).includes("number"),
  );
  for (const branch of numbers) {
    if (branch.maximum !== undefined)
      out.push({ how: "above the maximum", value: branch.maximum + 1 });
    if (branch.minimum !== undefined)
      out.push({ how: "below the minimum", value: branch.minimum - 1 });
    out.push({ how: "a huge number", value: 1e300 });
    if (types(branch).includes("integer")) out.push({ how: "a fraction", value: 1.5 });
  }
  if (types(schema).includes("array")) {
    if (schema.minItems) out.push({ how: "too few items", value: [] });
    if (schema.maxItems !== undefined) {
      out.push({
        how: "too many items",
        value: Array.from({ length: schema.maxItems + 1 }, (_, i) => `item ${i}`),
      });
    }
    if (schema.items && Array.isArray(valid) && valid.length > 0) {
      for (const broken of brokenValues(schema.items, valid[0])) {
        out.push({ how: `an item: ${broken.how}`, value: [broken.value, ...valid.slice(1)] });
      }
    }
  }
  return out;
}

/** Broken variants of a whole object: a field missing, broken, or one the schema does not know. */
export function brokenObjects(schema: JsonSchema, valid: Record<string, unknown>): Breakage[] {
  const out: Breakage[] = [];
  for (const name of schema.required ?? []) {
    const { [name]: _dropped, ...rest } = valid;
    out.push({ how: `${name} missing`, value: rest });
  }
  const needed = oneOfFieldsNeeded(schema);
  if (needed.length > 0) {
    const rest = Object.fromEntries(
      Object.entries(valid).filter(([name]) => !needed.includes(name)),
    );
    out.push({ how: `none of ${needed.join(", ")}`, value: rest });
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const example = valid[name];
    for (const broken of brokenValues(property, example)) {
      out.push({ how: `${name}: ${broken.how}`, value: { ...valid, [name]: broken.value } });
    }
  }
  if (schema.additionalProperties === false) {
    out.push({ how: "an unknown field", value: { ...valid, notAField: "x" } });
  }
  return out;
}

/**
 * Text that is odd rather than wrong: the server may take it or refuse it with a 4xx, but must
 * never fail on it.
 */
export const ODD_TEXTS: Breakage[] = [
  { how: "only zero-width characters", value: "\u200b\u200c\u200d\u2060\ufeff" },
  { how: "zero-width characters inside", value: "Ad\u200ba\u200dm" },
  { how: "a right-to-left override", value: "abc\u202edcba" },
  { how: "only combining marks", value: "\u0301\u0308\u0301" },
  { how: "emoji with joiners", value: "\u{1F469}\u200d\u{1F469}\u200d\u{1F467}" },
  { how: "a lone surrogate", value: "a\ud800b" },
  { how: "control characters", value: "a\u0001\u0007\u001bb" },
  { how: "only spaces", value: "   " },
  { how: "markup", value: "<script>alert(1)</script>" },
  { how: "SQL", value: "'; drop table users; --" },
];

/** Odd variants of a whole object: each text field in turn given an odd text. */
export function oddObjects(schema: JsonSchema, valid: Record<string, unknown>): Breakage[] {
  const out: Breakage[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const list = types(property).includes("array");
    if (stringBranches(property).length === 0 && !list) continue;
    for (const odd of ODD_TEXTS) {
      const value = list ? [odd.value, "Chess", "Hiking"] : odd.value;
      out.push({ how: `${name}: ${odd.how}`, value: { ...valid, [name]: value } });
    }
  }
  return out;
}
