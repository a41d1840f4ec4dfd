// Guest HTML of the storefront (storefront.ts), kept under the catalogue cache's rule (kept-answers.ts):
// emptied by every catalogue write on every replica and on a gap in what this process hears, never older
// than CATALOGUE_CACHE_SECONDS. Every page the server renders is a guest's (the server never sees a token),
// so any page may be kept; the key is the origin and the URL. A kept page is compressed once per encoding,
// and carries an ETag: browsers revalidate (no-cache) and get 304 while the page is unchanged.
// Requests for the same page that arrive while it renders wait for that one render.
import crypto from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Logger } from "pino";
import type { EventBus } from "../domain/events.js";
import { acceptedEncoding, alreadyHeld } from "./catalogue-cache.js";
import { keepCatalogueAnswers, type KeptAnswers } from "./kept-answers.js";
import { NOINDEX_PATHS, type RenderedHtml, type StorefrontRenderer } from "./storefront.js";

/** The most bytes of pages kept (a page is 20-60 KB, counted with its compressed forms): a few thousand pages. */
const MAX_BYTES = 48 * 1024 * 1024;

type Encoding = "br" | "gzip";

interface KeptPage {
  status: number;
  location?: string;
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

export interface PageCache {
  /** Answers a browser's (or crawler's) GET for a page of the storefront. */
  serve: RequestHandler;
  /**
   * Answers a GET for a page already kept, with these headers' middleware (the security headers) and nothing
   * else of the app's chain; anything else goes on (`next()`). Mounted first, so a kept page costs a lookup.
   */
  serveKept: (headers: RequestHandler) => RequestHandler;
  kept: Pick<KeptAnswers<unknown>, "stats">;
  stop(): void;
}

const strongEtag = (body: Buffer) => `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;

function encoded(page: KeptPage, encoding: Encoding): Buffer {
  // Brotli at quality 9: once per kept page, a third smaller than gzip for a few ms.
  return (page.encoded[encoding] ??=
    encoding === "br" ? brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } }) : gzipSync(page.body, { level: 9 }));
}

function toPage(rendered: RenderedHtml): KeptPage {
  const body = Buffer.from(rendered.html);
  return { status: rendered.status, location: rendered.location, body, etag: strongEtag(body), encoded: {} };
}

export function createPageCache(
  events: EventBus,
  renderer: StorefrontRenderer,
  { maxAgeSeconds, publicUrl, logger }: { maxAgeSeconds: number; publicUrl?: string; logger: Logger },
): PageCache {
  const pages = keepCatalogueAnswers<KeptPage>(events, { name: "html", maxAgeMs: maxAgeSeconds * 1000, maxBytes: MAX_BYTES });
  const rendering = new Map<string, Promise<KeptPage>>();

  const send = (req: Request, res: Response, page: KeptPage) => {
    if (page.location) {
      res.redirect(page.status, page.location);
      return;
    }
    res.status(page.status);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // Revalidated on every visit: a new release or a catalogue change shows at once; unchanged pages cost a 304.
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", page.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (NOINDEX_PATHS.test(req.path)) res.setHeader("X-Robots-Tag", "noindex");
    if (page.status === 200 && alreadyHeld(req, page.etag)) {
      res.status(304).end();
      return;
    }
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    const body = encoding ? encoded(page, encoding) : page.body;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const keyOf = (req: Request) => `${publicUrl ?? `${req.protocol}://${req.get("host") ?? "localhost"}`}${req.originalUrl}`;

  // A page is kept only after clientFiles sent its request here (a browser's navigation, not a file): the same
  // URL asked the same way finds it again.
  const serveKept = (headers: RequestHandler): RequestHandler => (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.accepts(["json", "html"]) !== "html") return next();
    const kept = pages.get(keyOf(req));
    if (!kept) return next();
    headers(req, res, () => send(req, res, kept));
  };

  const serve: RequestHandler = async (req, res, next) => {
    const origin = publicUrl ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;
    const key = keyOf(req);
    const kept = pages.get(key);
    if (kept) return send(req, res, kept);
    try {
      let pending = rendering.get(key);
      if (!pending) {
        const version = pages.version();
        pending = renderer.render(req.originalUrl, origin).then((rendered) => {
          const page = toPage(rendered);
          // The page, and as much again for its compressed forms at most.
          pages.keep(key, page, 2 * page.body.length + 1024, version);
          return page;
        });
        rendering.set(key, pending);
        void pending.finally(() => rendering.delete(key)).catch(() => undefined);
      }
      send(req, res, await pending);
    } catch (error) {
      // The browser can still draw the page itself: index.html is sent instead (next()).
      logger.error({ err: error, url: req.originalUrl }, "server rendering failed");
      next();
    }
  };

  return { serve, serveKept, kept: pages, stop: pages.stop };
}
