// Guest HTML of the storefront (storefront.ts), kept under the catalogue cache's rule (kept-answers.ts):
// emptied by every catalogue write on every replica and on a gap in what this process hears, never older
// than CATALOGUE_CACHE_SECONDS. Every page the server renders is a guest's (the server never sees a token),
// so any page may be kept; the key is the origin and the page's address (the URL without the parameters no
// screen reads: entry-server's pageAddress). A kept page is compressed once per encoding,
// and carries an ETag: browsers revalidate (no-cache) and get 304 while the page is unchanged.
// Requests for the same page that arrive while it renders wait for that one render.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import Negotiator from "negotiator";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { Logger } from "pino";
import type { EventBus } from "../domain/shared/index.js";
import pLimit from "p-limit";
import { acceptedEncoding, alreadyHeld } from "./catalogue-cache.js";
import { keepCatalogueAnswers, type KeptAnswers } from "./kept-answers.js";
import { requestId } from "./logging.js";
import { storefrontRenders } from "../metrics.js";
import { NOINDEX_PATHS, type RenderedHtml, type StorefrontRenderer } from "./storefront.js";

/**
 * The most bytes of pages kept (a page is 20-60 KB, counted with its compressed forms): a thousand pages or
 * more. Held outside V8's heap (Buffers), so on top of its cap: part of the 400 MB planned per worker.
 */
const MAX_BYTES = 32 * 1024 * 1024;

type Encoding = "br" | "gzip";

interface KeptPage {
  status: number;
  location?: string;
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** A page being drawn, for the visitors waiting for it. */
interface Drawing {
  page: Promise<KeptPage>;
  /** Visitors waiting for it whose connection is still open. */
  waiting: number;
}

/** Every visitor of a page left before its turn to be drawn came: it is not drawn. */
class Abandoned extends Error {}

export interface PageCache {
  /** Answers a browser's (or crawler's) GET for a page of the storefront. */
  serve: RequestHandler;
  /**
   * Answers, before Express, a browser's GET for a page already kept or being drawn (true), with these fixed
   * headers (the security headers) and the request's log line; anything else is left untouched (false). A
   * kept page then costs a lookup, not the app's middleware chain. `orElse` answers a request
   * whose page failed to draw (the app).
   */
  serveKept: (req: IncomingMessage, res: ServerResponse, orElse: (req: IncomingMessage, res: ServerResponse) => void) => boolean;
  kept: Pick<KeptAnswers<unknown>, "stats">;
  stop(): void;
}

/**
 * Renders run at most this many at once, the others wait their turn in order of arrival. A render is mostly
 * this process's CPU with short waits for the database: a few at once keep the CPU busy through those waits,
 * while more only interleave, and every page then takes as long as the slowest (the p99 of uncached pages
 * at 20 connections, npm run bench:html). Turns are p-limit's: at most this many, the rest in order.
 */
const RENDERS_AT_ONCE = 3;

const strongEtag = (body: Buffer) => `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;

// A page just rendered is sent compressed quickly (brotli 5: ~1 ms for a 60 KB page); a kept page is then
// compressed again, best (brotli 9: a third smaller than gzip, ~4 ms), after that answer has gone, so the
// visitors who find it kept get the smallest copy and nobody waits for it. Brotli 9 on the request's path
// was a quarter of an uncached render's time (bench:html's profile).
const compress = (body: Buffer, encoding: Encoding, best: boolean): Buffer =>
  encoding === "br"
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: best ? 9 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: best ? 9 : 6 });

const encoded = (page: KeptPage, encoding: Encoding): Buffer => (page.encoded[encoding] ??= compress(page.body, encoding, false));

/** The best forms of a kept page's encodings made so far (and of brotli, the one browsers ask for). */
function polish(page: KeptPage): void {
  for (const encoding of new Set<Encoding>(["br", ...(Object.keys(page.encoded) as Encoding[])])) page.encoded[encoding] = compress(page.body, encoding, true);
}

function toPage(rendered: RenderedHtml): KeptPage {
  const body = Buffer.from(rendered.html);
  return { status: rendered.status, location: rendered.location, body, etag: strongEtag(body), encoded: {} };
}

export function createPageCache(
  events: EventBus,
  renderer: StorefrontRenderer,
  {
    maxAgeSeconds,
    publicUrl,
    logger,
    fixedHeaders = [],
  }: { maxAgeSeconds: number; publicUrl?: string; logger: Logger; /** Headers every page carries (the security headers). */ fixedHeaders?: ReadonlyArray<[string, string]> },
): PageCache {
  const pages = keepCatalogueAnswers<KeptPage>(events, { name: "html", maxAgeMs: maxAgeSeconds * 1000, maxBytes: MAX_BYTES });
  const rendering = new Map<string, Drawing>();
  const renders = pLimit(RENDERS_AT_ONCE);

  /**
   * The page of this visitor, once drawn. A visitor whose connection closes before then stops waiting; a
   * page whose visitors have all left when its turn comes is not drawn (a crawler that gave up, a shopper
   * who went on): under a burst of distinct pages the turns go to visitors still there.
   */
  const waitFor = (drawing: Drawing, res: ServerResponse): Promise<KeptPage> => {
    drawing.waiting += 1;
    const left = () => (drawing.waiting -= 1);
    res.once("close", left);
    return drawing.page.finally(() => res.off("close", left));
  };

  /** Starts drawing a page for a first visitor, who is already waiting for it (none left: not drawn). */
  const draw = (key: string, address: string, origin: string, res: ServerResponse): Promise<KeptPage> => {
    let settle!: { resolve: (page: KeptPage) => void; reject: (error: unknown) => void };
    const drawing: Drawing = { page: new Promise<KeptPage>((resolve, reject) => (settle = { resolve, reject })), waiting: 0 };
    const waited = waitFor(drawing, res);
    rendering.set(key, drawing);
    const version = pages.version();
    renders(() => {
      if (drawing.waiting === 0) throw new Abandoned();
      storefrontRenders.inc();
      return renderer.render(address, origin);
    })
      .then((rendered) => {
        const page = toPage(rendered);
        // The page, and as much again for its compressed forms at most.
        if (pages.keep(key, page, 2 * page.body.length + 1024, version) && !page.location) {
          // After this turn's answers are sent; skipped if the page was dropped meanwhile.
          setImmediate(() => {
            if (pages.get(key, false) === page) polish(page);
          });
        }
        return page;
      })
      .finally(() => rendering.delete(key))
      .then(settle.resolve, settle.reject);
    return waited;
  };

  const send = (req: IncomingMessage, res: ServerResponse, page: KeptPage) => {
    if (page.location) {
      res.statusCode = page.status;
      res.setHeader("Location", page.location);
      res.end();
      return;
    }
    res.statusCode = page.status;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // Revalidated on every visit: a new release or a catalogue change shows at once; unchanged pages cost a 304.
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", page.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (NOINDEX_PATHS.test(new URL(req.url ?? "/", "http://page").pathname)) res.setHeader("X-Robots-Tag", "noindex");
    if (page.status === 200 && alreadyHeld(req, page.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    const body = encoding ? encoded(page, encoding) : page.body;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  // The origin as Express reads it (req.protocol, Host) when no public address is set. Behind a proxy that
  // names the protocol, only Express knows whether to believe it: such requests are left to it.
  const originOf = (req: IncomingMessage): string | null => {
    if (publicUrl) return publicUrl;
    if (req.headers["x-forwarded-proto"] !== undefined) return null;
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    return `${encrypted ? "https" : "http"}://${req.headers.host ?? "localhost"}`;
  };

  // A page is kept only after clientFiles sent its request to `serve` (a browser's navigation, not a file,
  // Accept preferring HTML to JSON): the same URL asked the same way finds it again, kept or being drawn.
  const serveKept = (req: IncomingMessage, res: ServerResponse, orElse: (req: IncomingMessage, res: ServerResponse) => void): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const origin = originOf(req);
    if (origin === null || new Negotiator(req).mediaType(["application/json", "text/html"]) !== "text/html") return false;
    const key = `${origin}${renderer.pageAddress(req.url ?? "/")}`;
    const kept = pages.get(key, false);
    const drawing = kept ? undefined : rendering.get(key);
    if (!kept && !drawing) return false;
    const started = performance.now();
    const id = requestId(req);
    const answer = (page: KeptPage) => {
      res.setHeader("X-Request-Id", id);
      for (const [name, value] of fixedHeaders) res.setHeader(name, value);
      send(req, res, page);
      // The same line the request logger writes for every other request.
      if (logger.isLevelEnabled("info")) {
        logger.info(
          { req: { id, method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) },
          "request completed",
        );
      }
    };
    if (kept) answer(kept);
    // The page is being drawn for an earlier visitor: this one waits for it here, not through the app's
    // middleware (which, for 20 visitors on a page nothing keeps, cost more than drawing it). If
    // the drawing fails, the app answers as it does any failed page.
    else
      waitFor(drawing!, res)
        .then(answer, () => {
          if (!res.destroyed) orElse(req, res);
        })
        .catch((error: unknown) => logger.error({ err: error, url: req.url }, "answering a page drawn for another visitor failed"));
    return true;
  };

  const serve: RequestHandler = async (req, res, next) => {
    const origin = publicUrl ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;
    // Addresses that differ only in what no screen reads (tracking tags, made-up parameters) are one page.
    const address = renderer.pageAddress(req.originalUrl);
    const key = `${origin}${address}`;
    const kept = pages.get(key);
    if (kept) return send(req, res, kept);
    try {
      const drawing = rendering.get(key);
      send(req, res, await (drawing ? waitFor(drawing, res) : draw(key, address, origin, res)));
    } catch (error) {
      // Nobody is left to answer.
      if (error instanceof Abandoned || res.destroyed) return;
      // The browser can still draw the page itself: index.html is sent instead (next()).
      logger.error({ err: error, url: req.originalUrl }, "server rendering failed");
      next();
    }
  };

  return { serve, serveKept, kept: pages, stop: pages.stop };
}
