// Calls the REST shim over real HTTP and checks EVERY answer against the OpenAPI document the server
// publishes at /public/api/openapi.json: an answer whose status the document does not list, or whose
// body does not fit the listed schema, fails the test that made the call.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { serveTestShop, type TestShop } from "./support.js";

type Schema = Record<string, unknown>;

export interface RestAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  /** A JSON body (serialised here). */
  json?: unknown;
  /** A multipart form. */
  form?: FormData;
  /** A raw body with its own content type. */
  raw?: { body: string | Uint8Array; type: string };
  headers?: Record<string, string>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }>; [key: string]: unknown }>>;
  components: { schemas: Record<string, Schema> };
  [key: string]: unknown;
}

export const API = "/public/api";

/**
 * A JSON Schema validator (ajv, draft 2020-12 as OpenAPI 3.1 uses it) over the document: `check(pointer,
 * value)` checks a value against the schema at that JSON pointer of the document, its $refs resolved in
 * the document. Answers one line per problem, none when the value fits.
 */
export function documentValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...document, $id: "openapi.json" });
  return (pointer: string, value: unknown): string[] => {
    const check = ajv.getSchema(`openapi.json#${pointer}`);
    if (!check) return [`${pointer}: no such schema in the document`];
    return check(value) ? [] : (check.errors ?? []).map((error) => `$${error.instancePath}: ${error.message}`);
  };
}

/** The JSON pointer of a named schema, and of an operation's answer, in the document. */
export const componentPointer = (name: string) => `/components/schemas/${name}`;
const escapePointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");
const answerPointer = (template: string, method: string, status: number) =>
  `/paths/${escapePointer(template)}/${method}/responses/${status}/content/${escapePointer("application/json")}/schema`;

/** The document's path template that a concrete path matches, e.g. /products/{slug} for /products/monstera. */
export function templateFor(document: OpenApiDocument, path: string, method: string): string | undefined {
  const candidates = Object.keys(document.paths).filter((template) => {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`);
    return pattern.test(path) && document.paths[template][method] !== undefined;
  });
  // A literal path beats a template (e.g. /products vs /products/{slug} never collide, but be explicit).
  return candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

export async function openRestApi(t: TestShop) {
  const server = await serveTestShop(t);
  const document = (await (await fetch(`${server.url}${API}/openapi.json`)).json()) as OpenApiDocument;
  /** operationId -> statuses seen, validated. */
  const seen = new Map<string, Set<number>>();
  const validate = documentValidator(document);

  async function call<T = any>(method: "GET" | "POST" | "DELETE", path: string, options: CallOptions = {}): Promise<RestAnswer<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.raw) {
      headers["content-type"] = options.raw.type;
      body = options.raw.body as BodyInit;
    }
    const response = await fetch(`${server.url}${API}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    checkAgainstDocument(method, path, response.status, parsed);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  function checkAgainstDocument(method: string, fullPath: string, status: number, body: unknown) {
    const path = fullPath.split("?")[0];
    const template = templateFor(document, path, method.toLowerCase());
    if (!template) {
      // Unknown paths and wrong methods are outside the document; they must still answer JSON errors.
      if (status !== 404 && status !== 405) throw new Error(`${method} ${path} is not in the OpenAPI document but answered ${status}`);
      const problems = validate(componentPointer("Error"), body);
      if (problems.length) throw new Error(`${method} ${path} ${status}: ${problems.join("; ")}`);
      return;
    }
    const operation = document.paths[template][method.toLowerCase()];
    const answer = operation.responses[String(status)];
    if (!answer) {
      throw new Error(`${method} ${path} answered ${status}, which the document does not list for ${operation.operationId}: ${JSON.stringify(body)}`);
    }
    const schema = answer.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${operation.operationId} ${status} has no JSON schema in the document`);
    const problems = validate(answerPointer(template, method.toLowerCase(), status), body);
    if (problems.length) {
      throw new Error(`${method} ${path} ${status} does not fit the document:\n  ${problems.join("\n  ")}\nbody: ${JSON.stringify(body).slice(0, 500)}`);
    }
    (seen.get(operation.operationId) ?? seen.set(operation.operationId, new Set()).get(operation.operationId)!).add(status);
  }

  return {
    url: server.url,
    document,
    seen,
    call,
    get: <T = any>(path: string, options?: CallOptions) => call<T>("GET", path, options),
    post: <T = any>(path: string, options?: CallOptions) => call<T>("POST", path, options),
    delete: <T = any>(path: string, options?: CallOptions) => call<T>("DELETE", path, options),
    close: () => server.close(),
  };
}

export type RestApi = Awaited<ReturnType<typeof openRestApi>>;

// ---- fixtures --------------------------------------------------------------------------------------

/** The smallest valid PNG (1x1, transparent). */
/** A 1x1 PNG that decodes (the shop reads every upload's pixels always). */
export const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
export const TINY_GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;", "latin1");

export const imageBlob = (bytes: Uint8Array, type = "image/png") => new Blob([new Uint8Array(bytes)], { type });

/** A product form as the old client builds it (FormData, every value text). */
export function productForm(fields: Record<string, string | number | null | undefined>, files: Record<string, { bytes: Uint8Array; name: string }> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) form.append(name, imageBlob(file.bytes), file.name);
  return form;
}

export async function makeCategory(t: TestShop, name: string) {
  return t.shop.prisma.category.create({ data: { name } });
}

export async function makeProduct(
  t: TestShop,
  fields: { name: string; categoryId: number; priceCents?: number; discountPriceCents?: number | null; quantity?: number; createdAt?: Date },
) {
  const slug = `${fields.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`;
  return t.shop.prisma.product.create({
    data: {
      slug,
      name: fields.name,
      description: `About ${fields.name}.`,
      categoryId: fields.categoryId,
      priceCents: fields.priceCents ?? 1000,
      discountPriceCents: fields.discountPriceCents ?? null,
      quantity: fields.quantity ?? 10,
      imageOne: "/uploads/example.png",
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    },
    include: { category: true },
  });
}

export const reference = (seed: string) => seed.toUpperCase().replace(/[^A-Z0-9]/g, "").padEnd(16, "X").slice(0, 16);
