// The OpenAPI 3.1 document of the REST shim, generated from the route table the router serves, so the
// document and the served routes cannot disagree about paths, methods, parameters, bodies or answers.
import type * as z from "zod";
import { jsonSchemaOf } from "./json-schema.js";
import type { Route } from "./route.js";
import { components, ErrorAnswer, ValidationErrors } from "./views.js";

type Operation = Record<string, unknown>;

const FAILURES: Record<number, { description: string; schema: z.ZodType }> = {
  400: { description: "The body is not valid JSON or not a JSON object, or the form cannot be read.", schema: ErrorAnswer },
  401: {
    description: "Not signed in: no token, or a malformed, forged or expired one, or one whose session ended (logout, password or role change) (for login: a wrong email or password).",
    schema: ErrorAnswer,
  },
  403: { description: "The caller's role or ownership does not allow this.", schema: ErrorAnswer },
  404: { description: "No such record.", schema: ErrorAnswer },
  409: { description: "The request conflicts with the current state (see message).", schema: ErrorAnswer },
  413: { description: "The request is too large.", schema: ErrorAnswer },
  415: { description: "The body is not sent in a media type this operation reads, or not in UTF-8.", schema: ErrorAnswer },
  422: {
    description: "Validation failed: every field with its messages (text with a NUL character or a broken surrogate included).",
    schema: ValidationErrors,
  },
  429: {
    description: "Too many attempts: the Retry-After header says how many seconds to wait, the message when to try again.",
    schema: ErrorAnswer,
  },
};

/** Every status an operation can answer with besides its successes. */
export function failureStatuses(route: Route): number[] {
  const statuses = new Set<number>(route.fails);
  if (route.access !== "guest") statuses.add(401);
  if (route.access === "admin") statuses.add(403);
  if (route.body.kind !== "none") [400, 413, 415].forEach((status) => statuses.add(status));
  // Any text the caller sends (body, query, path) may be refused as unstorable.
  if (route.body.kind !== "none") statuses.add(422);
  if (route.query && Object.keys(route.query).length > 0) statuses.add(422);
  if (route.params && Object.keys(route.params).length > 0) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

const content = (schema: z.ZodType) => ({ "application/json": { schema: jsonSchemaOf(schema, { io: "output", components }) } });

const optionalParameters = (where: "query" | "header", schemas: Record<string, z.ZodType> = {}) =>
  Object.entries(schemas).map(([name, schema]) => {
    const json = jsonSchemaOf(schema);
    return { name, in: where, required: false, ...(json.description ? { description: json.description } : {}), schema: json };
  });

function operation(route: Route): Operation {
  const parameters = [
    ...Object.entries(route.params ?? {}).map(([name, schema]) => ({ name, in: "path", required: true, schema: jsonSchemaOf(schema) })),
    ...optionalParameters("query", route.query),
    ...optionalParameters("header", route.headers),
  ];
  const responses: Record<string, unknown> = {};
  for (const answer of route.ok) responses[String(answer.status)] = { description: answer.description, content: content(answer.schema) };
  for (const status of failureStatuses(route)) {
    const failure = FAILURES[status];
    responses[String(status)] = { description: failure.description, content: content(failure.schema) };
  }
  const body = route.body;
  const bodySchema = body.kind === "none" ? null : jsonSchemaOf(body.schema);
  return {
    operationId: route.name,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description || route.scope ? { description: [route.description, route.scope ? `An API key needs the ${route.scope} scope.` : ""].filter(Boolean).join(" ") } : {}),
    security: route.access === "guest" ? [] : [{ bearerAuth: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body.kind === "json"
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: bodySchema }, "application/x-www-form-urlencoded": { schema: bodySchema } },
          },
        }
      : body.kind === "multipart"
        ? { requestBody: { required: true, content: { "multipart/form-data": { schema: bodySchema } } } }
        : {}),
    responses,
  };
}

export function buildOpenApi(routes: Route[]) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: "3.1.0",
    info: {
      title: "Verdant shop REST API (compatibility)",
      version: "1.0.0",
      description:
        "The REST calls of the older shop client, served over the same domain services as the GraphQL API at /graphql. " +
        "Send the access token from POST /login, or an API key's secret (vrd_...), as 'Authorization: Bearer <token>'. Money is in US dollars as JSON numbers; dates are ISO 8601. " +
        "A 422 body is a map of field name to messages.",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: "/public/api" }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, jsonSchemaOf(schema, { io: "output", components })])),
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "A session's access token (POST /login) or an API key's secret (vrd_...)." } },
    },
  };
}
