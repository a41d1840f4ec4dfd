// The built storefront (client/dist), served for caching and small transfers:
// - hashed assets (assets/*, their names change with their content) are cached for a year, immutable;
// - index.html is revalidated on every visit (no-cache), so a new release is picked up at once;
// - the .br / .gz copies written at build (client/build/precompress.ts) are sent as they are to browsers
//   that accept them, so no request pays for compressing a file that never changes.
// Client-side routing: a browser navigating to any other path gets index.html; API callers get a JSON 404.
import fs from "node:fs";
import path from "node:path";
import express, { type Request, type RequestHandler, type Response, type Router } from "express";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";
const SHORT = "public, max-age=3600";

const ENCODINGS = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

/** How long a browser may keep a file of the built client without asking again. */
export function cacheControlFor(relativePath: string): string {
  const normalised = relativePath.split(path.sep).join("/");
  if (normalised.startsWith("assets/")) return IMMUTABLE;
  if (normalised.endsWith(".html")) return REVALIDATE;
  return SHORT;
}

/** The client's files (and which compressed copies each has), read once at start: a build replaces them all. */
function listFiles(dist: string): Map<string, Set<string>> {
  const files = new Map<string, Set<string>>();
  for (const entry of fs.readdirSync(dist, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    const encoding = ENCODINGS.find((candidate) => relative.endsWith(candidate.extension));
    if (!encoding) {
      if (!files.has(relative)) files.set(relative, new Set());
      continue;
    }
    const original = relative.slice(0, -encoding.extension.length);
    files.set(original, (files.get(original) ?? new Set()).add(encoding.name));
  }
  return files;
}

/**
 * `renderPage`, when given, answers navigations with the page rendered on the server (storefront.ts); it
 * calls `next()` when it cannot, and index.html is sent as before (the browser then renders the page).
 */
export function clientFiles(dist: string, apiPaths: RegExp, renderPage?: RequestHandler): Router {
  const router = express.Router();
  const files = listFiles(dist);

  /** Sends a file of the client, its compressed copy when the browser takes one, with its cache policy. */
  const send = (req: Request, res: Response, relative: string) => {
    const encodings = files.get(relative) ?? new Set<string>();
    // The smallest copy the browser takes: brotli before gzip, whatever order the browser lists them in.
    const encoding = ENCODINGS.find((candidate) => encodings.has(candidate.name) && req.acceptsEncodings(candidate.name) === candidate.name);
    res.setHeader("Cache-Control", cacheControlFor(relative));
    if (encodings.size) res.vary("Accept-Encoding");
    if (encoding) {
      res.type(path.extname(relative));
      res.setHeader("Content-Encoding", encoding.name);
    }
    res.sendFile(path.join(dist, relative + (encoding?.extension ?? "")), { dotfiles: "deny", cacheControl: false });
  };

  router.use((req, res, next) => {
    // A form of the storefront sent by a browser without JavaScript (sign-in, the newsletter: forms the app
    // sends itself, method="post" so nothing typed goes into an address): the page again (303, a GET), which
    // says that the form needs JavaScript. What was sent is not read.
    if (req.method === "POST" && !apiPaths.test(req.path) && req.is("application/x-www-form-urlencoded") && req.accepts(["json", "html"]) === "html") {
      return res.redirect(303, req.originalUrl);
    }
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    // Only names from the listing are served, so no path can reach outside dist/.
    if (relative && files.has(relative)) return send(req, res, relative);
    // Browsers navigating get the app (which shows its own not-found screen); API callers get JSON 404.
    if (apiPaths.test(req.path) || req.accepts(["json", "html"]) !== "html" || !files.has("index.html")) return next();
    if (renderPage) return void renderPage(req, res, () => send(req, res, "index.html"));
    send(req, res, "index.html");
  });
  return router;
}
