// The REST compatibility layer at /public/api: serves the route table of routes.ts.
// Per request: who is asking -> the handler, which calls the domain with a reader for the body (the
// domain decides whether the caller may act before any body is read) -> snake_case JSON. Every failure
// becomes a JSON answer (errors.ts).
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import { invalid, safeError, unstorableTextError, type FieldErrors } from "../domain/shared/index.js";
import type * as z from "zod";
import type { ImageUpload } from "../domain/images/index.js";
import type { Shop } from "../domain/shop.js";
import { bodyIsUtf8, UTF8_ONLY } from "./charset.js";
import { errorAnswer, HttpError, plainError } from "./errors.js";
import { parseMultipart } from "./multipart.js";
import type { KeptLists, ListReply, Route } from "./route.js";
import { routes } from "./routes.js";
import { nameRequest, throttleRefusals } from "../metrics.js";
import { requestViewer } from "./request-viewer.js";

export const MAX_JSON_BYTES = "1mb";

const jsonParser = express.json({ limit: MAX_JSON_BYTES, strict: true });
const formParser = express.urlencoded({ limit: MAX_JSON_BYTES, extended: false, parameterLimit: 100 });

const run = (middleware: RequestHandler, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => {
    void middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
  });

const hasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

async function readBody(route: Route, req: Request, res: Response): Promise<{ body: Record<string, unknown>; files: Record<string, ImageUpload> }> {
  const kind = route.body.kind;
  if (kind === "none") return { body: {}, files: {} };
  if (!bodyIsUtf8(req)) throw new HttpError(415, UTF8_ONLY);
  if (kind === "multipart") {
    if (!req.is("multipart/form-data")) throw new HttpError(415, "Send this form as multipart/form-data.");
    const form = await parseMultipart(req, route.body.files);
    return { body: form.fields, files: form.files };
  }
  if (!hasBody(req)) return { body: {}, files: {} };
  if (req.is(["application/json", "+json"])) await run(jsonParser, req, res);
  else if (req.is("application/x-www-form-urlencoded")) await run(formParser, req, res);
  else throw new HttpError(415, "Send the body as JSON (Content-Type: application/json).");
  const body: unknown = req.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, "The request body must be a JSON object.");
  return { body: body as Record<string, unknown>, files: {} };
}

/**
 * Query strings as the domain takes them, each read by its schema (true/false flags become booleans;
 * the domain parses numbers and knows the allowed values, with its own messages). A parameter given
 * twice is refused here, since it is a fault of the request, not of a value.
 */
function readQuery(schemas: Record<string, z.ZodType> | undefined, raw: Request["query"]): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const problems: FieldErrors = {};
  for (const [name, schema] of Object.entries(schemas ?? {})) {
    const value = raw[name];
    if (value === undefined || value === "") continue;
    if (typeof value !== "string") problems[name] = [`The ${name} parameter may be given only once.`];
    else query[name] = schema.parse(value);
  }
  if (Object.keys(problems).length > 0) throw invalid(problems);
  return query;
}

/** Refuses text the shop cannot store (NUL, lone surrogates) anywhere in the request, naming the field. */
function refuseUnstorableText(...parts: unknown[]): void {
  for (const part of parts) {
    const error = unstorableTextError(part, "");
    if (error) throw error;
  }
}

/** Text fields named like the file parts (an old client may send image_one as text) never stand in for a file. */
function withoutFileFields(fields: Record<string, unknown>, files: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !files.includes(name)));
}

/** The body as the route's schema maps it for the domain: read once, when the domain first asks. */
function bodyReader(route: Route, req: Request, res: Response): () => Promise<never> {
  let reading: Promise<never> | undefined;
  const read = async () => {
    const { body, files } = await readBody(route, req, res);
    refuseUnstorableText(body);
    if (route.body.kind === "none") return undefined as never;
    const fields = route.body.kind === "multipart" ? { ...withoutFileFields(body, route.body.files), ...files } : body;
    return route.body.schema.parse(fields) as never;
  };
  return () => (reading ??= read());
}

/** A list's JSON array, a batch at a time: "[", each batch's items, "]". Reads the first batch before giving anything. */
async function* jsonArray(items: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const batch of items) {
    if (batch.length === 0) continue;
    const text = JSON.stringify(batch);
    yield first ? text.slice(1, -1) : `,${text.slice(1, -1)}`;
    first = false;
  }
  yield "]";
}

/** Sends a list as it is read; the first batch is read before the status goes out. */
export async function streamList(res: Response, status: number, reply: ListReply): Promise<void> {
  const pieces = jsonArray(reply.items)[Symbol.asyncIterator]();
  // One pair of listeners for the whole list, not a pair per wait: a long list waits for the caller many
  // times, and listeners added per wait pile up on the response (MaxListenersExceededWarning).
  let waiting: (() => void) | null = null;
  const wake = () => {
    const resume = waiting;
    waiting = null;
    resume?.();
  };
  res.on("drain", wake);
  res.once("close", wake);
  const write = async (text: string) => {
    if (res.write(text)) return;
    if (!res.destroyed) await new Promise<void>((resolve) => (waiting = resolve));
    // The caller went away: stop reading the rest of the list.
    if (res.destroyed) throw new Error("the caller closed the connection mid-list");
  };
  try {
    // "[" and the first batch: a refusal while reading it still answers with its own status.
    const opening = [await pieces.next(), await pieces.next()];
    res.status(status).type("json");
    for (const piece of opening) if (!piece.done) await write(piece.value);
    for (let piece = await pieces.next(); !piece.done; piece = await pieces.next()) await write(piece.value);
    res.end();
  } finally {
    res.off("drain", wake);
    res.off("close", wake);
  }
}

function serve(shop: Shop, route: Route, lists: KeptLists | undefined): RequestHandler {
  // Anything but a public read may be personal (a user's data, a fresh token): no cache may keep it.
  const personal = route.access !== "guest" || route.method !== "get";
  const metricsRoute = `rest:${route.name}`;
  return async (req, res) => {
    nameRequest(req, { route: metricsRoute });
    if (personal) res.setHeader("Cache-Control", "no-store");
    try {
      // Guests' calls never ask who is calling: the hot catalogue reads skip the session lookup.
      const viewer = route.access === "guest" ? null : await requestViewer(shop, req);
      const params = Object.fromEntries(Object.entries(req.params as Record<string, string>));
      const query = readQuery(route.query, req.query);
      refuseUnstorableText(params, query);
      const clientAddress = req.ip ?? null;
      // The catalogue as this viewer reads it (an admin on the primary: domain/shop.ts readingFor).
      const reply = await route.handle({ shop: shop.readingFor(viewer), viewer, clientAddress, params, query, body: bodyReader(route, req, res), req });
      if (!("items" in reply)) res.status(reply.status ?? route.ok[0].status).json(reply.body);
      // The same list for every caller: kept per route and query (only the parameters it reads, as it read them).
      else if (route.keep === "catalogue" && lists) await lists.serve(`${route.name}${JSON.stringify(query)}`, req, res, () => jsonArray(reply.items));
      else await streamList(res, route.ok[0].status, reply);
    } catch (error) {
      const answer = errorAnswer(error, route.invalidStyle);
      if (answer.status === 429) throttleRefusals.inc();
      if (answer.status >= 500) req.log?.error({ err: safeError(error), route: route.name }, "unexpected error in a REST call");
      // A body we stopped reading part-way cannot be followed by another request on this connection.
      if (answer.status === 413 || answer.status === 415) res.setHeader("Connection", "close");
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      if (!res.headersSent) res.status(answer.status).json(answer.body);
      // A list that failed part-way: cut the connection, so the caller cannot take half a list for the whole.
      else res.destroy();
    }
  };
}

/** /products/{slug} -> /products/:slug for Express, and a matcher for the 405 check. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
const matcher = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`, "i");

/** `lists`: where the catalogue's whole lists are kept (without it they are built for every call). */
export function createRestRouter(shop: Shop, lists?: KeptLists): Router {
  const router = Router();
  for (const route of routes) router[route.method](expressPath(route.path), serve(shop, route, lists));

  const known = routes.map((route) => ({ route, test: matcher(route.path) }));
  router.use((req, res) => {
    const allowed = known.filter(({ test }) => test.test(req.path)).map(({ route }) => route.method.toUpperCase());
    if (allowed.length > 0) {
      const answer = plainError(405, `Use ${[...new Set(allowed)].join(" or ")} for this path.`);
      res.setHeader("Allow", [...new Set(allowed)].join(", "));
      res.status(answer.status).json(answer.body);
      return;
    }
    const answer = plainError(404, "There is no such API call.");
    res.status(answer.status).json(answer.body);
  });
  return router;
}
