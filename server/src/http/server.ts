// The HTTP server the app runs in, with time limits, so a client that stalls cannot hold a connection
// (and its memory) for ever: the headers must arrive within 15 s, the whole request within 30 s. And its
// drain for a rolling restart (drainHttpServer): no request in flight or arriving on a kept-alive
// connection is lost.
import http from "node:http";
import type { RequestListener, ServerResponse } from "node:http";
import net from "node:net";

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

/**
 * A kept-alive connection idle when the drain starts may be carrying the client's next request right now
 * (its bytes not read yet): closing it would reset that request. So for this long every connection may
 * still bring one more request, answered with `Connection: close`; a busy client sends its next one within
 * milliseconds. Connections still idle after it are closed, then every DRAIN_SWEEP_MS as they become idle.
 */
const IDLE_GRACE_MS = 1000;
const DRAIN_SWEEP_MS = 25;

const draining = new WeakSet<http.Server>();
const inFlight = new WeakMap<http.Server, Set<ServerResponse>>();

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
  // Before the app sees a request: note it as in flight, and once draining, answer it as the connection's last.
  const answering = new Set<ServerResponse>();
  inFlight.set(server, answering);
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (draining.has(server)) res.setHeader("Connection", "close");
    answering.add(res);
    res.once("close", () => answering.delete(res));
  });
  return server;
}

/**
 * Stops a server without dropping a request: it stops accepting connections; every answer not yet begun
 * says `Connection: close` (the client sends its next request elsewhere, and node closes the connection
 * after that answer); connections that stay idle are closed after IDLE_GRACE_MS. Calls `closed` once the
 * last connection has gone.
 */
export function drainHttpServer(server: http.Server, closed: () => void): void {
  draining.add(server);
  for (const res of inFlight.get(server) ?? []) if (!res.headersSent) res.setHeader("Connection", "close");
  let sweep: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    sweep = setInterval(() => server.closeIdleConnections(), DRAIN_SWEEP_MS);
  }, IDLE_GRACE_MS);
  // net's close() stops accepting and leaves open connections alone; http's would also close the idle ones
  // at once (node >= 19), resetting a request that is arriving on one of them.
  net.Server.prototype.close.call(server, () => {
    clearTimeout(grace);
    clearInterval(sweep);
    closed();
  });
}
