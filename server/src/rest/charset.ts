// Request bodies are read as UTF-8 only. body-parser would decode any "utf-*" charset, UTF-7 included,
// whose '+ADw-' spellings slip '<' and quotes past filters that look at the raw bytes; a body that says
// it is in any charset but UTF-8 is refused with 415 instead (no charset at all means UTF-8, as JSON is).
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";

export const UTF8_ONLY = "Send the body in UTF-8 (Content-Type: application/json; charset=utf-8).";

/** The charset a Content-Type header declares, lower-cased, or null when it declares none. */
export function declaredCharset(contentType: string | undefined): string | null {
  const match = contentType ? /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType) : null;
  return match ? match[1].toLowerCase() : null;
}

export function bodyIsUtf8(req: IncomingMessage): boolean {
  const charset = declaredCharset(req.headers["content-type"]);
  return charset === null || charset === "utf-8";
}

/** Express middleware: 415 for a body declared in another charset. */
export const requireUtf8Body: RequestHandler = (req, res, next) => {
  if (bodyIsUtf8(req)) return next();
  res.setHeader("Connection", "close");
  res.status(415).json({ message: UTF8_ONLY, error: UTF8_ONLY });
};
