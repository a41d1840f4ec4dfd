// A real webhook receiver for tests: an HTTP server on loopback that records every request it gets and
// answers as the test says (a status, a delay), and checks signatures with the `standardwebhooks` package,
// as an integrator's receiver would.
import http from "node:http";
import { Webhook } from "standardwebhooks";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
  /** The path the request went to (several endpoints may share one receiver). */
  path: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How to answer the n-th request (0-based) to `path`: a status, after an optional delay. */
  answer: (request: Received, index: number) => { status: number; delayMs?: number; body?: string };
  /** Resolves once `count` requests (to `path`, when given) arrived; rejects after `timeoutMs`. */
  waitFor(count: number, path?: string, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Whether the request carries a valid Standard Webhooks signature by `secret` (verified by the standardwebhooks package). */
export function verifies(secret: string, request: Received): boolean {
  try {
    new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const sockets = new Set<import("node:net").Socket>();
  const receiver: Receiver = {
    url: "",
    received,
    answer: () => ({ status: 200 }),
    async waitFor(count, path, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      const matching = () => received.filter((request) => path === undefined || request.path === path);
      while (matching().length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests${path ? ` to ${path}` : ""}, got ${matching().length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return matching();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      const request: Received = { headers: req.headers, body, json: safeJson(body), at: Date.now(), path };
      received.push(request);
      const index = counts.get(path) ?? 0;
      counts.set(path, index + 1);
      const { status, delayMs = 0, body: answerBody = "" } = receiver.answer(request, index);
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(status, { "content-type": "text/plain" }).end(answerBody);
      }, delayMs);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return receiver;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
