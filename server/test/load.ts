// Load as operators see it during restarts: `clients` callers, each sending one request after another on
// its own kept-alive connection (or a new connection each time), counting what became of every request:
// answered, refused (no connection could be made: nobody listens), or failed (reset, cut, or never answered).
// Used by the restart tests and by bench/restarts.ts for longer runs.
import http from "node:http";

export interface LoadOptions {
  clients: number;
  /** Reuse one connection per client (HTTP keep-alive), as browsers and balancers do; else one per request. */
  keepAlive: boolean;
  /** A client stops after its first refused connection (the process stopped listening for good). */
  stopOnRefused?: boolean;
}

export interface LoadReport {
  answered: number;
  /** Answers whose status was 5xx. */
  serverErrors: number;
  refused: number;
  /** Requests reset or cut after they were sent: the error, how long they had waited (ms) and when they failed (performance.now()). */
  failed: { error: string; ms: number; at: number }[];
  /** Requests still without an answer or an error when the load stopped, with how long they had waited (ms). */
  unanswered: number[];
  /** The longest wait for an answer or an error (ms). */
  longestMs: number;
}

const BODY = JSON.stringify({ query: "{ categories(first: 5) { nodes { id name } } }" });

export function startLoad(baseUrl: string, options: LoadOptions) {
  const { hostname, port } = new URL(baseUrl);
  const report: LoadReport = { answered: 0, serverErrors: 0, refused: 0, failed: [], unanswered: [], longestMs: 0 };
  const pending = new Map<http.ClientRequest, number>();
  let running = true;
  const agents: http.Agent[] = [];

  const client = async (agent: http.Agent | undefined) => {
    while (running) {
      const started = performance.now();
      let request!: http.ClientRequest;
      const outcome = await new Promise<"answered" | "refused" | "failed">((resolve) => {
        request = http.request(
          {
            host: hostname,
            port,
            path: "/graphql",
            method: "POST",
            agent: agent ?? false,
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(BODY), ...(agent ? {} : { connection: "close" }) },
          },
          (response) => {
            response.resume();
            response.on("end", () => {
              if ((response.statusCode ?? 0) >= 500) report.serverErrors += 1;
              resolve("answered");
            });
            response.on("error", () => resolve("failed"));
          },
        );
        pending.set(request, started);
        request.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code === "ECONNREFUSED") return resolve("refused");
          // Cut by stop(): counted as unanswered there.
          if (!running) return resolve("failed");
          report.failed.push({ error: error.code ?? error.message, ms: Math.round(performance.now() - started), at: performance.now() });
          resolve("failed");
        });
        request.end(BODY);
      });
      pending.delete(request);
      report.longestMs = Math.max(report.longestMs, Math.round(performance.now() - started));
      if (outcome === "answered") report.answered += 1;
      if (outcome === "refused") {
        report.refused += 1;
        if (options.stopOnRefused) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };

  const clients = Array.from({ length: options.clients }, () => {
    const agent = options.keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : undefined;
    if (agent) agents.push(agent);
    return client(agent);
  });

  return {
    report,
    /** Resolves once every client stopped by itself (stopOnRefused). */
    finished: Promise.all(clients),
    /**
     * Stops sending; requests still waiting after `settleMs` (answers under load may be slow, a request
     * nobody will ever answer waits for ever) count as unanswered.
     */
    async stop(settleMs = 0): Promise<LoadReport> {
      running = false;
      for (const until = performance.now() + settleMs; pending.size > 0 && performance.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
      const now = performance.now();
      report.unanswered = [...pending.values()].map((at) => Math.round(now - at));
      for (const request of pending.keys()) request.destroy();
      for (const agent of agents) agent.destroy();
      await Promise.race([Promise.all(clients), new Promise((resolve) => setTimeout(resolve, 1000))]);
      return report;
    },
  };
}
