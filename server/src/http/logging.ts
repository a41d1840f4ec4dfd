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

/**
 * What the request's log line says about an API key that made it (its id and name, never its secret).
 * The adapters set it once they know the caller (http/app.ts for GraphQL, rest/router.ts for REST).
 */
export interface KeyedRequest {
  apiKey?: { id: number; name: string };
}

function withApiKey(req: IncomingMessage, line: object): object {
  const key = (req as KeyedRequest).apiKey;
  return key ? { ...line, apiKey: key } : line;
}

export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    // Read when the line is written, so a key found while serving the request is named in it. Added to
    // the line's own object rather than as pino-http's customProps: those make a second child logger for
    // every request (about 2% of a catalogue request's CPU in npm run bench:profile) to bind what is
    // nearly always nothing.
    customSuccessObject: (req, _res, line) => withApiKey(req, line),
    customErrorObject: (req, _res, _error, line) => withApiKey(req, line),
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
