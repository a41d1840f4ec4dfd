// Structured JSON logs, one line per request with its own id. Tokens, cookies and bodies are never logged.
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pino, type Logger } from "pino";
import { pinoHttp } from "pino-http";

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"], censor: "[redacted]" },
  });
}

/** A caller's X-Request-Id is kept when it is a sane token, so logs can be joined across services. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : crypto.randomUUID();
}

export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = requestId(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    serializers: {
      // The query string may carry search text but never secrets (tokens travel in headers only).
      req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
