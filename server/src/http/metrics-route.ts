// GET /metrics for Prometheus (the instruments are in ../metrics.ts), and the timing of every request.
// Off unless METRICS_TOKEN is set; then the scraper sends it as `Authorization: Bearer <token>`.
import crypto from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { METRICS_CONTENT_TYPE, requestDuration, requestLabels, requestsInFlight, shopMetrics } from "../metrics.js";

/** The route label of a request no adapter named: by its path, never the path itself (unbounded). */
function routeOf(url: string | undefined): string {
  const path = url ?? "";
  if (path === "/graphql" || path.startsWith("/graphql?")) return "graphql";
  if (path.startsWith("/public/api/")) return "rest:unknown";
  if (path.startsWith("/uploads/")) return "uploads";
  for (const fixed of ["/healthz", "/readyz", "/metrics"]) if (path === fixed) return fixed.slice(1);
  return "storefront";
}

/** Wraps the request listener: requests in flight, and each one's duration by route, operation and outcome. */
export function timedRequests(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    // Read now: Express rewrites req.url inside mounted apps.
    const fallbackRoute = routeOf(req.url);
    requestsInFlight.inc();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      requestsInFlight.dec();
      // A connection cut before the answer went out counts as the server's failure to answer.
      const status = res.writableFinished ? res.statusCode : 599;
      requestDuration.observe(requestLabels(req, status, fallbackRoute), Number(process.hrtime.bigint() - started) / 1e9);
    };
    res.once("finish", finish);
    res.once("close", finish);
    listener(req, res);
  };
}

/** GET /metrics: 404 without a token configured (off), 401 without the right bearer token. */
export function metricsRoute(token: string | undefined): RequestHandler {
  const expected = token ? crypto.createHash("sha256").update(token).digest() : null;
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!expected) {
      res.status(404).json({ message: "Not found.", error: "Not found." });
      return;
    }
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!crypto.timingSafeEqual(crypto.createHash("sha256").update(given).digest(), expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).json({ message: "Send the metrics token as 'Authorization: Bearer <token>'.", error: "Unauthorized." });
      return;
    }
    try {
      const text = await shopMetrics();
      res.setHeader("Content-Type", METRICS_CONTENT_TYPE);
      res.send(text);
    } catch (error) {
      req.log?.error({ err: error }, "could not gather the metrics");
      res.status(503).json({ message: "The metrics could not be gathered; try again.", error: "Unavailable." });
    }
  };
}
