// The shop's own cache of anonymous catalogue answers fetched with GET (automatic persisted queries:
// the query's sha256 and its variables in the URL). An answer the GraphQL layer marked public (see
// graphql/catalogue-answers.ts) is kept by its URL and served again without running the query, with a
// weak ETag, answering 304 to a matching If-None-Match. Every catalogue write empties it on every
// replica: the database announces it (the catalogueChanged event, sent by a trigger).
import crypto from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { EventBus } from "../domain/events.js";

/** Enough for every page and filter the storefront shows; the oldest answer makes room. */
const MAX_ANSWERS = 2000;

interface CachedAnswer {
  body: string;
  etag: string;
  cacheControl: string;
  contentType: string;
}

export interface CatalogueCache {
  middleware: RequestHandler;
  /** How many answers are kept; for tests. */
  size(): number;
  stop(): void;
}

const weakEtag = (body: string) => `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;

/** If-None-Match holds this ETag (or *). */
function alreadyHeld(req: Request, etag: string): boolean {
  const given = req.headers["if-none-match"];
  if (!given) return false;
  return given.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed === etag || `W/${trimmed}` === etag;
  });
}

// Apollo's CSRF prevention answers a GET only with one of these headers; a kept answer is held to the same rule.
const passesPreflightRule = (req: Request) => Boolean(req.headers["apollo-require-preflight"] || req.headers["x-apollo-operation-name"]);

export function createCatalogueCache(events: EventBus): CatalogueCache {
  const answers = new Map<string, CachedAnswer>();
  // Bumped by every catalogue write: an answer computed while the catalogue changed is not kept.
  let version = 0;
  const stopListening = events.listen((event) => {
    if (event.type !== "catalogueChanged") return;
    version += 1;
    answers.clear();
  });

  const answer = (req: Request, res: Response, cached: CachedAnswer, send: (body: string) => unknown) => {
    res.setHeader("Cache-Control", cached.cacheControl);
    res.setHeader("ETag", cached.etag);
    res.setHeader("Content-Type", cached.contentType);
    if (alreadyHeld(req, cached.etag)) {
      res.status(304).end();
      return;
    }
    res.status(200);
    send(cached.body);
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || req.headers.authorization !== undefined || !passesPreflightRule(req)) return next();
    const key = req.originalUrl;
    const kept = answers.get(key);
    if (kept) {
      answer(req, res, kept, (body) => res.send(body));
      return;
    }
    const versionAtStart = version;
    const send = res.send.bind(res);
    res.send = ((body: unknown) => {
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (res.statusCode !== 200 || !cacheControl.startsWith("public") || typeof body !== "string") return send(body);
      const fresh: CachedAnswer = { body, etag: weakEtag(body), cacheControl, contentType: String(res.getHeader("content-type") ?? "application/json") };
      if (versionAtStart === version) {
        if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!);
        answers.set(key, fresh);
      }
      answer(req, res, fresh, send);
      return res;
    }) as Response["send"];
    next();
  };

  return { middleware, size: () => answers.size, stop: stopListening };
}
