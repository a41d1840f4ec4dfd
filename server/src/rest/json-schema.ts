// Zod schemas -> the JSON Schema (2020-12, OpenAPI 3.1's dialect) of the REST document. One converter for
// the request payloads, the parameters and the answers, so what the shim reads and answers is what the
// document says.
import * as z from "zod";

/** Where the document keeps a named schema. */
export const componentRef = (name: string): string => `#/components/schemas/${name}`;

export interface JsonSchemaOptions {
  /** "input" for what a client sends (before mapping), "output" for what the shim answers. */
  io?: "input" | "output";
  /** Named schemas: wherever one appears (but at the top) it becomes a $ref to its component. */
  components?: Record<string, z.ZodType>;
}

export function jsonSchemaOf(schema: z.ZodType, { io = "input", components = {} }: JsonSchemaOptions = {}): Record<string, unknown> {
  const names = new Map<unknown, string>(Object.entries(components).map(([name, component]) => [component, name]));
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const out = jsonSchema as Record<string, unknown>;
      const name = names.get(zodSchema);
      if (name !== undefined && (zodSchema as unknown) !== schema) {
        for (const key of Object.keys(out)) delete out[key];
        out.$ref = componentRef(name);
        return;
      }
      // zod's own bounds for z.int() (the safe integers) and its date-time pattern say nothing a reader needs.
      if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
      if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
      if (out.format === "date-time") delete out.pattern;
    },
  }) as Record<string, unknown>;
  const { $schema: _dialect, ...rest } = json;
  return rest;
}
