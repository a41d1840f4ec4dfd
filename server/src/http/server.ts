// The HTTP server the app runs in, with time limits, so a client that stalls cannot hold a connection
// (and its memory) for ever: the headers must arrive within 15 s, the whole request within 30 s.
import http from "node:http";
import type { RequestListener } from "node:http";

export interface ServerTimeouts {
  /** Milliseconds for the request's headers to arrive. */
  headersTimeout: number;
  /** Milliseconds for the whole request (headers and body) to arrive. */
  requestTimeout: number;
  /** How often Node looks for requests past those limits (its default, 30 s, would let one stall twice as long). */
  checkEvery: number;
  /** Milliseconds an idle keep-alive connection stays open. */
  keepAliveTimeout: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = { headersTimeout: 15_000, requestTimeout: 30_000, checkEvery: 1_000, keepAliveTimeout: 5_000 };

export function createHttpServer(app: RequestListener, timeouts: ServerTimeouts = SERVER_TIMEOUTS): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeout,
      requestTimeout: timeouts.requestTimeout,
      connectionsCheckingInterval: timeouts.checkEvery,
    },
    app,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  return server;
}
