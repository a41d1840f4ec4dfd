// GET /uploads/<key>: the stored pictures. Names made from their content (every upload and rendition
// always) never change meaning, so browsers and CDNs keep them for a year without asking again;
// other names (the demo's drawings) for a day. A local folder is served by express.static (ranges,
// validators); object storage is streamed from the bucket when no CDN URL is configured.
import path from "node:path";
import express, { type RequestHandler } from "express";
import { isStoreKey, type ImageStore } from "../domain/images/index.js";
import { LocalImageStore } from "../storage/local-store.js";
import { IMMUTABLE } from "../storage/s3-store.js";

/** 32 hex digits: a content hash (or, for uploads of an older shop, a random name never reused). */
const CONTENT_NAMED = /(^|\/)[a-f0-9]{32}\.(jpg|png|gif|webp|avif)$/;
const A_DAY = "public, max-age=86400";

const cachingFor = (key: string) => (CONTENT_NAMED.test(key) ? IMMUTABLE : A_DAY);

function inert(res: express.Response): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
}

export function servePictures(store: ImageStore): RequestHandler {
  if (store instanceof LocalImageStore) {
    return express.static(store.dir, {
      dotfiles: "deny",
      fallthrough: false,
      cacheControl: false,
      setHeaders(res, file) {
        inert(res);
        res.setHeader("Cache-Control", cachingFor(path.relative(store.dir, file).split(path.sep).join("/")));
      },
    });
  }
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      let key: string;
      try {
        key = decodeURIComponent(req.path.slice(1));
      } catch {
        key = ""; // a malformed %-escape names no picture
      }
      const file = isStoreKey(key) ? await store.open(key) : null;
      if (!file) {
        res.status(404).json({ message: "Not found.", error: "Not found." });
        return;
      }
      inert(res);
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Content-Length", String(file.size));
      res.setHeader("Cache-Control", cachingFor(key));
      if (req.method === "HEAD") {
        file.body.destroy();
        res.end();
        return;
      }
      file.body.on("error", (error) => (res.headersSent ? res.destroy(error) : next(error)));
      file.body.pipe(res);
    } catch (error) {
      next(error);
    }
  };
}
