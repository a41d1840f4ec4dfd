// A small JSON Schema vocabulary (the subset OpenAPI 3.1 shares with JSON Schema 2020-12). The route
// table is written in it; the same objects become the OpenAPI document and check query strings, and
// the tests validate real responses with `validate` against the document the server publishes.

export type JsonType = "string" | "integer" | "number" | "boolean" | "array" | "object" | "null";

export interface Schema {
  type?: JsonType | JsonType[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: readonly (string | number | boolean | null)[];
  oneOf?: Schema[];
  $ref?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  contentMediaType?: string;
  examples?: unknown[];
}

type Described = { description?: string };

export const text = (options: Described & Pick<Schema, "format" | "pattern" | "maxLength" | "minLength" | "examples"> = {}): Schema => ({
  type: "string",
  ...options,
});
export const integer = (options: Described & Pick<Schema, "minimum" | "maximum" | "examples"> = {}): Schema => ({ type: "integer", ...options });
export const number = (options: Described & Pick<Schema, "minimum" | "examples"> = {}): Schema => ({ type: "number", ...options });
export const boolean = (options: Described = {}): Schema => ({ type: "boolean", ...options });
export const dateTime = (description?: string): Schema => ({ type: "string", format: "date-time", ...(description ? { description } : {}) });
export const oneOfValues = (values: readonly string[], description?: string): Schema => ({
  type: "string",
  enum: values,
  ...(description ? { description } : {}),
});
export const list = (items: Schema, description?: string): Schema => ({ type: "array", items, ...(description ? { description } : {}) });
export const either = (schemas: Schema[], description?: string): Schema => ({ oneOf: schemas, ...(description ? { description } : {}) });
/** A file part of a multipart form. */
export const file = (description?: string): Schema => ({
  type: "string",
  contentMediaType: "application/octet-stream",
  ...(description ? { description } : {}),
});

/** Makes a schema also accept null (OpenAPI 3.1 style: a type list, or oneOf for $refs). */
export function nullable(schema: Schema): Schema {
  if (schema.$ref || schema.oneOf || schema.type === undefined) return { oneOf: [schema, { type: "null" }] };
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return { ...schema, type: [...types, "null"], ...(schema.enum ? { enum: [...schema.enum, null] } : {}) };
}

/**
 * An object. Every property is required unless listed in `optional`. Answers are closed
 * (additionalProperties: false) so a field the document does not name fails the response tests;
 * requests stay open because the old client sends fields the shop ignores (subtotal_price, user_id ...).
 */
export function object(
  properties: Record<string, Schema>,
  options: Described & { optional?: string[]; open?: boolean } = {},
): Schema {
  const optional = new Set(options.optional ?? []);
  return {
    type: "object",
    ...(options.description ? { description: options.description } : {}),
    properties,
    required: Object.keys(properties).filter((name) => !optional.has(name)),
    additionalProperties: options.open ?? false,
  };
}

/** A map whose keys are free and whose values all follow one schema. */
export const mapOf = (values: Schema, description?: string): Schema => ({
  type: "object",
  additionalProperties: values,
  ...(description ? { description } : {}),
});

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

// ---- validation -----------------------------------------------------------------------------------

const typeOf = (value: unknown): JsonType =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "number"
        ? Number.isInteger(value)
          ? "integer"
          : "number"
        : (typeof value as JsonType);

function typeMatches(expected: JsonType, actual: JsonType): boolean {
  return expected === actual || (expected === "number" && actual === "integer");
}

/**
 * Checks a value against a schema; returns one line per problem ("$.cart[0].price: expected number,
 * got string"), empty when the value fits. `components` resolves "#/components/schemas/X" references.
 */
export function validate(schema: Schema, value: unknown, components: Record<string, Schema> = {}, at = "$"): string[] {
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/components\/schemas\//, "");
    const target = components[name];
    if (!target) return [`${at}: unknown schema reference ${schema.$ref}`];
    return validate(target, value, components, at);
  }
  if (schema.oneOf) {
    const matching = schema.oneOf.filter((option) => validate(option, value, components, at).length === 0);
    if (matching.length !== 1) {
      return [`${at}: expected exactly one of ${schema.oneOf.length} alternatives to match, ${matching.length} did`];
    }
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const expected = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!expected.some((type) => typeMatches(type, actual))) return [`${at}: expected ${expected.join(" or ")}, got ${actual}`];
  }
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(value as never)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === "string") {
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) problems.push(`${at}: does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.format === "date-time" && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
      problems.push(`${at}: not an ISO date-time`);
    }
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => problems.push(...validate(schema.items!, item, components, `${at}[${index}]`)));
  }
  if (actual === "object") {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in record)) problems.push(`${at}: missing required property ${name}`);
    }
    for (const [name, item] of Object.entries(record)) {
      const property = schema.properties?.[name];
      if (property) problems.push(...validate(property, item, components, `${at}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${at}: unexpected property ${name}`);
      else if (typeof schema.additionalProperties === "object") {
        problems.push(...validate(schema.additionalProperties, item, components, `${at}.${name}`));
      }
    }
  }
  return problems;
}
