// The REST shim's whole catalogue lists (products, categories, regions), built once per catalogue change
// and kept gzipped: at 100,000 products the JSON is 34 MB, about 2 MB gzipped, and building it took about
// a second of server time per call. The first caller after a change builds it while it is read from the
// database batch by batch (never held whole, uncompressed); callers that come meanwhile wait for the same
// build; later ones get the kept bytes, with a weak ETag (If-None-Match: 304). Callers that accept no gzip
// get it unzipped on the fly (then compressed as they accept, e.g. brotli only). Kept under kept-answers.ts's
// rule: emptied by every catalogue write on every replica and by a gap in the events, never older than
// CATALOGUE_CACHE_SECONDS.
import crypto from "node:crypto";
import { once } from "node:events";
import { createGunzip, createGzip } from "node:zlib";
import type { Request, Response } from "express";
import type { EventBus } from "../domain/shared/index.js";
import type { KeptLists } from "../rest/route.js";
import { acceptsGzip, alreadyHeld } from "./catalogue-cache.js";
import { keepCatalogueAnswers, type KeptAnswers } from "./kept-answers.js";

/** A few variants of the 100,000-product list (1.8 MB each) and every small one. */
const MAX_BYTES = 48 * 1024 * 1024;

interface KeptList {
  /** The JSON, gzipped, as the compressor gave it. */
  gzipped: Buffer[];
  length: number;
  etag: string;
}

export interface CatalogueLists extends KeptLists {
  kept: Pick<KeptAnswers<unknown>, "stats">;
  stop(): void;
}

async function build(json: AsyncIterable<string>): Promise<KeptList> {
  const gzip = createGzip();
  const gzipped: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => gzipped.push(chunk));
  const hash = crypto.createHash("sha1");
  try {
    for await (const piece of json) {
      hash.update(piece);
      if (!gzip.write(piece)) await once(gzip, "drain");
    }
    gzip.end();
    await once(gzip, "end");
  } finally {
    gzip.destroy();
  }
  return { gzipped, length: gzipped.reduce((sum, chunk) => sum + chunk.length, 0), etag: `W/"${hash.digest("base64url")}"` };
}

// Not through stream.pipeline: into a ServerResponse it adds six 'close' listeners (node watches a response
// as an old-style stream, twice), which with those every answer carries (the request's log line and timing,
// the server's drain) made eleven, and node printed MaxListenersExceededWarning on every call.
function send(list: KeptList, req: Request, res: Response): void {
  res.setHeader("ETag", list.etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.type("json");
  if (alreadyHeld(req, list.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200);
  if (acceptsGzip(req.headers["accept-encoding"])) {
    // The kept bytes go out as they are (compression() leaves an answer already encoded alone).
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", list.length);
    for (const chunk of list.gzipped) res.write(chunk);
    res.end();
    return;
  }
  // Unzipped as it goes out; compression() then encodes it as the caller accepts (brotli only, or nothing).
  const gunzip = createGunzip();
  gunzip.once("error", (error) => res.destroy(error));
  res.once("close", () => gunzip.destroy());
  gunzip.pipe(res);
  for (const chunk of list.gzipped) gunzip.write(chunk);
  gunzip.end();
}

export function createCatalogueLists(events: EventBus, { maxAgeSeconds }: { maxAgeSeconds: number }): CatalogueLists {
  const kept = keepCatalogueAnswers<KeptList>(events, { name: "rest_lists", maxAgeMs: maxAgeSeconds * 1000, maxBytes: MAX_BYTES });
  const building = new Map<string, Promise<KeptList>>();

  return {
    async serve(key, req, res, json) {
      let list = kept.get(key);
      if (!list) {
        let built = building.get(key);
        if (!built) {
          const version = kept.version();
          built = build(json()).then((fresh) => {
            kept.keep(key, fresh, fresh.length, version);
            return fresh;
          });
          building.set(key, built);
          void built.finally(() => building.delete(key)).catch(() => undefined);
        }
        list = await built;
      }
      send(list, req, res);
    },
    kept,
    stop: kept.stop,
  };
}
