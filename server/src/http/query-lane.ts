// The query lane: GraphQL queries POSTed as plain JSON, answered without the Express and Apollo layers
// when they can be (graphql/compiled-queries.ts; graphql/execute.ts compiles them, with Apollo's rules).
// This is the shop's hottest request (every signed-in page view), so its cost per request is what bounds
// throughput (npm run bench:api).
//
// The lane takes only requests whose headers it fully understands: POST /graphql, Content-Type
// application/json in UTF-8, an unencoded body whose Content-Length is within the limit. Everything else
// goes straight to Express, untouched. For the requests it takes, it reads and parses the body itself, then
// either answers (a query that ran without errors) or hands the request to Express with the parsed body
// (or the parse error) in place, so Express, the JSON parser and Apollo behave exactly as if they had read
// it. An answer from the lane passes through the same middleware an Express answer does (request log with
// its id, security headers, CORS, compression) and carries the same headers.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import Negotiator from "negotiator";
import type { Logger } from "pino";
import proxyaddr from "proxy-addr";
import type { ProxyTrust } from "../config.js";
import type { CompiledQueries, QueryRequest } from "../graphql/compiled-queries.js";
import type { GraphQLContext } from "../graphql/context.js";
import { bodyIsUtf8 } from "../rest/charset.js";
import { nameRequest } from "../metrics.js";

/** Express-style middleware, used here on plain node requests (they only touch node's own API). */
export type Step = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export interface QueryLaneOptions {
  compiled: CompiledQueries;
  /** The context of one operation, as the Express path builds it (the viewer from the Authorization header). */
  context(req: IncomingMessage, clientAddress: string | null): Promise<GraphQLContext>;
  /** What every answer goes through on the Express path, in order: logging, security headers, CORS, compression. */
  steps: Step[];
  /** The body size Express's JSON parser accepts. */
  maxBodyBytes: number;
  /** Express's "trust proxy" setting (TRUST_PROXY), for the caller's address. */
  trustProxy: ProxyTrust;
  /** Where every request the lane does not answer goes. */
  express: RequestListener;
}

export interface QueryLane {
  /** Takes the request (true) or leaves it to the caller (false) without touching it. */
  take(req: IncomingMessage, res: ServerResponse): boolean;
}

const BODY_ERROR = Symbol("query lane body error");

interface ReadRequest extends IncomingMessage {
  body?: unknown;
  [BODY_ERROR]?: Error;
}

/** Express middleware for the GraphQL route, after the JSON parser: reports a body the lane could not parse as the parser would. */
export const reportLaneBodyError: Step = (req, _res, next) => next((req as ReadRequest)[BODY_ERROR]);

// Apollo's media types for a single answer, in its order of preference.
const JSON_TYPE = "application/json; charset=utf-8";
const GRAPHQL_RESPONSE_TYPE = "application/graphql-response+json; charset=utf-8";
const CALLBACK_TYPE = "application/json; callbackSpec=1.0; charset=utf-8";

/** The Content-Type Apollo would answer with for this Accept header, or null when it would do something else. */
function answerType(accept: string | undefined, known: Map<string, string | null>): string | null {
  if (!accept) return JSON_TYPE;
  let type = known.get(accept);
  if (type === undefined) {
    const preferred = new Negotiator({ headers: { accept } }).mediaType([JSON_TYPE, GRAPHQL_RESPONSE_TYPE, CALLBACK_TYPE]);
    type = preferred === JSON_TYPE || preferred === GRAPHQL_RESPONSE_TYPE ? preferred : null;
    // Browsers send a handful of Accept headers; a caller inventing new ones only stops them being remembered.
    if (known.size < 100) known.set(accept, type);
  }
  return type;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The query a parsed body asks for, when it is the plain kind the lane answers (no persisted query, well-formed fields). */
function queryRequestOf(body: unknown): QueryRequest | null {
  if (!isRecord(body) || typeof body.query !== "string" || body.query === "") return null;
  const { operationName, variables, extensions } = body;
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string") return null;
  if (variables !== undefined && variables !== null && !isRecord(variables)) return null;
  if (extensions !== undefined && extensions !== null && (!isRecord(extensions) || "persistedQuery" in extensions)) return null;
  return { query: body.query, operationName: operationName ?? null, variables: variables ?? null };
}

/** Parses a JSON body as Express's JSON parser does (strict: an object or an array), with its error on failure. */
function parseJsonBody(text: string): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (json.length === 0) return {};
  const first = json.trimStart()[0];
  try {
    if (first !== "{" && first !== "[") throw new SyntaxError(`Unexpected token ${first ?? "end"} in JSON`);
    return JSON.parse(json);
  } catch (error) {
    throw Object.assign(new Error((error as Error).message), { status: 400, statusCode: 400, expose: true, type: "entity.parse.failed" });
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    // A client that goes away mid-body: node closes the connection, nothing is left to answer. (After
    // "end", resolving again changes nothing.)
    req.on("error", () => resolve(null));
    req.on("close", () => resolve(null));
  });
}

const noop = () => undefined;

export function createQueryLane(options: QueryLaneOptions): QueryLane {
  const { compiled, steps, express } = options;
  const trust = options.trustProxy;
  const answerTypes = new Map<string, string | null>();

  /** The headers say this is a request the lane understands; anything unusual is Express's. */
  function understood(req: IncomingMessage): boolean {
    if (req.method !== "POST" || req.url !== "/graphql") return false;
    const type = req.headers["content-type"];
    if (!type || !/^application\/json\s*(;|$)/i.test(type) || !bodyIsUtf8(req)) return false;
    const encoding = req.headers["content-encoding"];
    if (encoding && encoding.toLowerCase() !== "identity") return false;
    const length = req.headers["content-length"];
    return length !== undefined && /^\d{1,9}$/.test(length) && Number(length) <= options.maxBodyBytes && !req.headers["transfer-encoding"];
  }

  async function answer(req: ReadRequest, res: ServerResponse): Promise<void> {
    const received = await readBody(req);
    if (received === null) return;
    try {
      req.body = parseJsonBody(received.toString("utf8"));
    } catch (error) {
      req[BODY_ERROR] = error as Error;
      return void express(req, res);
    }
    const request = queryRequestOf(req.body);
    const type = answerType(req.headers.accept, answerTypes);
    if (!request || !type) return void express(req, res);

    const data = await compiled.run(request, () => options.context(req, proxyaddr(req, trust)));
    if (data === null) return void express(req, res);

    nameRequest(req, { route: "graphql", operation: request.operationName });
    const text = `${JSON.stringify({ data })}\n`;
    for (const step of steps) step(req, res, noop);
    res.statusCode = 200;
    // Every answer on this route may be personal (a viewer's data): never stored, as on the Express path.
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Length", Buffer.byteLength(text));
    res.end(text);
    // Which path answered, for whoever debugs a difference (off at the default level, so it costs nothing).
    (req as ReadRequest & { log?: Logger }).log?.debug("answered by the query lane");
  }

  return {
    take(req, res) {
      if (!understood(req)) return false;
      answer(req, res).catch(() => {
        // Unexpected (the database went away while the viewer was looked up): the body is read by now, so
        // Apollo answers the request from the start, and reports the failure its own way.
        if (res.headersSent) return void res.destroy();
        express(req, res);
      });
      return true;
    },
  };
}
