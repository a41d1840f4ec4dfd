// The shop's own cache of anonymous catalogue answers fetched with GET (automatic persisted queries:
// the query's sha256 and its variables in the URL). An answer the GraphQL layer marked public (see
// graphql/catalogue-answers.ts) is kept by its URL with the headers it was sent with, and served again
// without running the query, with a weak ETag, answering 304 to a matching If-None-Match. When it is
// emptied (every catalogue write, on every replica; a gap in the events this process hears) and how old an
// answer may get is kept-answers.ts's rule, shared with the REST shim's whole lists.
//
// A kept answer is served before Express (serveKept): the hottest anonymous reads skip the middleware
// chain, and its compressed forms are made once, not per request. Requests with an Origin header (their
// CORS headers depend on it) take the Express path, which answers from the same cache.
import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { EventBus } from "../domain/shared/index.js";
import { keepCatalogueAnswers, type KeptAnswers } from "./kept-answers.js";
import { requestId } from "./logging.js";

/**
 * Enough for every page and filter the storefront shows (a few KB each, counted twice for their compressed
 * forms); the least recently used answer makes room.
 */
const MAX_BYTES = 32 * 1024 * 1024;

// Headers made for one request or one encoding, never replayed from a kept answer.
const PER_REQUEST_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "x-request-id",
  "date",
  "connection",
  "keep-alive",
  "etag",
  "vary",
  "access-control-allow-origin",
  "access-control-allow-headers",
  "access-control-allow-methods",
  "access-control-max-age",
]);

type Encoding = "br" | "gzip";

interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** The headers the answer was first sent with (security headers, Cache-Control, Content-Type). */
  headers: [string, OutgoingHttpHeader][];
  /** Compressed once, on the first request that accepts each encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

export interface CatalogueCache {
  /** Serves a kept answer before any middleware; false when the request is not one (then Express serves it). */
  serveKept(req: IncomingMessage, res: ServerResponse): boolean;
  /** Keeps and serves answers on the Express path. */
  middleware: RequestHandler;
  /** The answers kept, for metrics. */
  kept: Pick<KeptAnswers<unknown>, "stats">;
  stop(): void;
}

const weakEtag = (body: Buffer) => `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;

/** If-None-Match holds this ETag (or *). */
export function alreadyHeld(req: IncomingMessage, etag: string): boolean {
  const given = req.headers["if-none-match"];
  if (!given) return false;
  return given.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed === etag || `W/${trimmed}` === etag;
  });
}

/** The encodings an Accept-Encoding header accepts (q above 0). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of header?.split(",") ?? []) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  return accepted;
}

/** The best encoding the caller accepts (brotli, then gzip), or null for the plain body. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = acceptedEncodings(header);
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}

/** Whether the caller accepts gzip. */
export const acceptsGzip = (header: string | undefined): boolean => acceptedEncodings(header).has("gzip");

function encodedBody(answer: CachedAnswer, encoding: Encoding): Buffer {
  return (answer.encoded[encoding] ??=
    encoding === "br" ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(answer.body));
}

// Apollo's CSRF prevention answers a GET only with one of these headers; a kept answer is held to the same rule.
const passesPreflightRule = (req: IncomingMessage) => Boolean(req.headers["apollo-require-preflight"] || req.headers["x-apollo-operation-name"]);

const mayBeKept = (req: IncomingMessage) => req.method === "GET" && req.headers.authorization === undefined && passesPreflightRule(req);

/** `maxAgeSeconds`: CATALOGUE_CACHE_SECONDS, the upper age of a kept answer (0: nothing is kept). */
export function createCatalogueCache(events: EventBus, logger: Logger, { maxAgeSeconds }: { maxAgeSeconds: number }): CatalogueCache {
  const answers = keepCatalogueAnswers<CachedAnswer>(events, { name: "graphql", maxAgeMs: maxAgeSeconds * 1000, maxBytes: MAX_BYTES });

  const serveKept = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!req.url?.startsWith("/graphql?") || req.headers.origin !== undefined || !mayBeKept(req)) return false;
    // A miss here is counted by the middleware, which looks again.
    const kept = answers.get(req.url, false);
    if (!kept) return false;
    const started = performance.now();
    for (const [name, value] of kept.headers) res.setHeader(name, value);
    const id = requestId(req);
    res.setHeader("X-Request-Id", id);
    res.setHeader("ETag", kept.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (alreadyHeld(req, kept.etag)) {
      res.statusCode = 304;
      res.end();
    } else {
      const encoding = acceptedEncoding(req.headers["accept-encoding"]);
      const body = encoding ? encodedBody(kept, encoding) : kept.body;
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.statusCode = 200;
      res.end(body);
    }
    // The same line the request logger writes for every other request.
    if (logger.isLevelEnabled("info")) {
      logger.info(
        { req: { id, method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) },
        "request completed",
      );
    }
    return true;
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (!mayBeKept(req)) return next();
    const key = req.originalUrl;
    const answer = (cached: CachedAnswer, send: (body: Buffer) => unknown) => {
      for (const [name, value] of cached.headers) res.setHeader(name, value);
      res.setHeader("ETag", cached.etag);
      if (alreadyHeld(req, cached.etag)) {
        res.status(304).end();
        return;
      }
      res.status(200);
      send(cached.body);
    };
    const kept = answers.get(key);
    if (kept) {
      answer(kept, (body) => res.send(body));
      return;
    }
    const versionAtStart = answers.version();
    const send = res.send.bind(res);
    res.send = ((body: unknown) => {
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (res.statusCode !== 200 || !cacheControl.startsWith("public") || typeof body !== "string") return send(body);
      const headers = Object.entries(res.getHeaders()).filter(
        (entry): entry is [string, OutgoingHttpHeader] => entry[1] !== undefined && !PER_REQUEST_HEADERS.has(entry[0]),
      );
      const fresh: CachedAnswer = { body: Buffer.from(body), etag: "", headers, encoded: {} };
      fresh.etag = weakEtag(fresh.body);
      // The body, and as much again for its compressed forms and headers at most.
      answers.keep(key, fresh, 2 * fresh.body.length + 1024, versionAtStart);
      answer(fresh, send);
      return res;
    }) as Response["send"];
    next();
  };

  return { serveKept, middleware, kept: answers, stop: answers.stop };
}
