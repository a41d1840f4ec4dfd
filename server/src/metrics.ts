// What the shop tells operators, in Prometheus' text format (GET /metrics, see http/metrics-route.ts):
// every instrument is defined here, once per process, and the adapters (http, graphql, rest, db) record
// into them. Things that are state rather than events (pool use, cache size, live sockets, the event bus)
// are read when scraped, from the sources each part registers with watch().
//
// With WEB_CONCURRENCY > 1 each worker keeps its own numbers; the primary process gathers them from every
// worker and adds them up (prom-client's cluster aggregation), so a scrape of any worker sees the shop.
import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram } from "prom-client";

/** The registry every shop metric lives in (an AggregatorRegistry: in a worker it answers the primary's requests). */
export const registry = new AggregatorRegistry();
AggregatorRegistry.setRegistries([registry]);
collectDefaultMetrics({ register: registry });
// The part of nodejs_external_memory_bytes that ArrayBuffers and Buffers hold (kept pages and answers,
// sockets' buffers), which node's defaults leave out: npm run bench:memory reads it.
new Gauge({
  name: "nodejs_array_buffers_bytes",
  help: "Memory of ArrayBuffers and Buffers (process.memoryUsage().arrayBuffers), part of the external memory.",
  registers: [registry],
  collect() {
    this.set(process.memoryUsage().arrayBuffers);
  },
});

// ---- sources read at scrape time ---------------------------------------------------------------------

/** Something that reports numbers when scraped: a gauge's value is the sum over its sources. */
type Source = () => number;
const sources = new Map<string, Set<Source>>();

/** Adds a source to the gauge `name` until the returned function is called (an app that stops unregisters). */
export function watch(name: GaugeName, source: Source): () => void {
  const set = sources.get(name) ?? new Set<Source>();
  sources.set(name, set);
  set.add(source);
  return () => void set.delete(source);
}

const sumOf = (name: string): number => {
  let total = 0;
  for (const source of sources.get(name) ?? []) total += source();
  return total;
};

type GaugeName =
  | "shop_db_pool_connections_total"
  | "shop_db_pool_connections_idle"
  | "shop_db_pool_waiting_requests"
  | "shop_catalogue_cache_entries"
  | "shop_catalogue_cache_bytes"
  | "shop_live_sockets"
  | "shop_live_subscriptions"
  | "shop_event_bus_listening"
  | "shop_event_bus_last_heard_age_seconds"
  | "shop_event_bus_reconnects"
  | "shop_search_index_products"
  | "shop_search_index_ready";

/** A gauge read from its sources; `aggregator` says how workers' values combine (sum unless said). */
function sourcedGauge(name: GaugeName, help: string, aggregator: "sum" | "min" | "max" = "sum"): Gauge {
  return new Gauge({
    name,
    help,
    aggregator,
    registers: [registry],
    collect() {
      this.set(sumOf(name));
    },
  });
}

sourcedGauge("shop_db_pool_connections_total", "PostgreSQL connections open in the pool (the embedded database: 1).");
sourcedGauge("shop_db_pool_connections_idle", "Pool connections idle, ready for a query.");
sourcedGauge("shop_db_pool_waiting_requests", "Queries waiting for a pool connection (above 0 for long: the pool is too small).");
sourcedGauge("shop_catalogue_cache_entries", "Anonymous catalogue answers kept in memory (GraphQL GET answers and REST whole lists).");
sourcedGauge("shop_catalogue_cache_bytes", "Bytes of the kept catalogue answers, as the caches count them.");
sourcedGauge("shop_live_sockets", "Open WebSockets (live updates).");
sourcedGauge("shop_live_subscriptions", "Live subscriptions running on the open WebSockets.");
sourcedGauge("shop_event_bus_listening", "1 while every process hears the shop's events (its LISTEN connection is up); the minimum over workers.", "min");
sourcedGauge("shop_event_bus_last_heard_age_seconds", "Seconds since the process last heard its event channel (heartbeats come every 10 s); the maximum over workers.", "max");
sourcedGauge("shop_search_index_products", "Products held by the processes' in-memory search indexes (summed over workers).");
sourcedGauge("shop_search_index_ready", "1 while every process answers searches from its index (0 while one builds, is behind or cannot hear events: SQL answers); the minimum over workers.", "min");
sourcedGauge("shop_event_bus_reconnects", "Times the LISTEN connection came back after a drop since each process started (each time: caches emptied, live sockets told to read again).");

// ---- background jobs' queues (read from the database when scraped) ----------------------------------------

/** One job kind's queue, as the database holds it: outbox messages of one channel, or pictures awaiting renditions. */
export interface JobQueueReading {
  /** "webhook", "email" (outbox channels), "renditions". */
  kind: string;
  /** Jobs not done yet (outbox: pending, whether due now or waiting for a retry; pictures: due). */
  pending: number;
  /** Seconds the oldest job that is due and not held by a worker has waited (0 when none waits): grows while no jobs process works. */
  oldestDueAgeSeconds: number;
}

let jobQueueReader: (() => Promise<JobQueueReading[]>) | null = null;

/**
 * Makes /metrics read the job queues with `reader` (db/job-queues.ts) until the returned function is called.
 * The numbers are the database's, the same whichever process reads them, so workers' values combine by
 * their maximum rather than a sum. One reader per process (the latest wins).
 */
export function watchJobQueues(reader: () => Promise<JobQueueReading[]>): () => void {
  jobQueueReader = reader;
  return () => {
    if (jobQueueReader === reader) jobQueueReader = null;
  };
}

/** The latest reading, shared by both gauges of one scrape (one pair of statements per scrape, not two). */
let reading: { at: number; rows: Promise<JobQueueReading[]> } | null = null;
const readJobQueues = (): Promise<JobQueueReading[]> => {
  if (!jobQueueReader) return Promise.resolve([]);
  if (!reading || Date.now() - reading.at > 1000) {
    // A database that does not answer leaves the gauges empty rather than failing the whole scrape.
    reading = { at: Date.now(), rows: jobQueueReader().catch(() => []) };
  }
  return reading.rows;
};

new Gauge({
  name: "shop_jobs_pending",
  help: "Background jobs not done yet, by kind: outbox messages per channel (webhook, email), pictures awaiting renditions (renditions).",
  labelNames: ["kind"] as const,
  aggregator: "max",
  registers: [registry],
  async collect() {
    this.reset();
    for (const row of await readJobQueues()) this.set({ kind: row.kind }, row.pending);
  },
});

new Gauge({
  name: "shop_jobs_oldest_due_age_seconds",
  help: "Seconds the oldest due job of each kind has waited without a worker taking it (0: none waits). Growing: no jobs process is working (SHOP_ROLE).",
  labelNames: ["kind"] as const,
  aggregator: "max",
  registers: [registry],
  async collect() {
    this.reset();
    for (const row of await readJobQueues()) this.set({ kind: row.kind }, row.oldestDueAgeSeconds);
  },
});

// ---- read replicas (DATABASE_REPLICA_URL, db/read-routing.ts) --------------------------------------------

let replicaReader: (() => { replica: string; up: number }[]) | null = null;

/** Makes shop_db_replica_up read the replicas' state with `reader` until the returned function is called. */
export function watchReplicas(reader: () => { replica: string; up: number }[]): () => void {
  replicaReader = reader;
  return () => {
    if (replicaReader === reader) replicaReader = null;
  };
}

new Gauge({
  name: "shop_db_replica_up",
  help: "1 while a read replica (DATABASE_REPLICA_URL) answers and takes catalogue reads, 0 while they go to the primary instead; the minimum over workers.",
  labelNames: ["replica"] as const,
  aggregator: "min",
  registers: [registry],
  collect() {
    this.reset();
    for (const row of replicaReader?.() ?? []) this.set({ replica: row.replica }, row.up);
  },
});

export const catalogueReads = new Counter({
  name: "shop_db_catalogue_reads_total",
  help: "Catalogue reads with read replicas configured, by the server that answered (replica, primary) and why (replica; behind: a write not replayed yet; down: no replica answers; replica_failed; replica_empty: found nothing, read again on the primary).",
  labelNames: ["server", "reason"] as const,
  registers: [registry],
});

new Gauge({
  name: "shop_worker_processes",
  help: "Processes serving the port (WEB_CONCURRENCY workers, or 1).",
  registers: [registry],
  collect() {
    this.set(1);
  },
});

// ---- events ----------------------------------------------------------------------------------------------

/** Requests by what they asked for and how they ended (see http/metrics-route.ts for the labels). */
export const requestDuration = new Histogram({
  name: "shop_http_request_duration_seconds",
  help: "HTTP requests: time from arrival to the last byte of the answer, by route, GraphQL operation name and outcome.",
  labelNames: ["route", "operation", "outcome"] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const requestsInFlight = new Gauge({
  name: "shop_http_requests_in_flight",
  help: "HTTP requests being answered now.",
  registers: [registry],
});

export const queryDuration = new Histogram({
  name: "shop_db_query_duration_seconds",
  help: "Database statements: time from sending to the answer (Prisma's and the catalogue's hand-written reads alike).",
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

export const catalogueCacheLookups = new Counter({
  name: "shop_catalogue_cache_lookups_total",
  help: "Looks into the kept catalogue answers, by cache (graphql, rest_lists) and result (hit, miss).",
  labelNames: ["cache", "result"] as const,
  registers: [registry],
});

export const storefrontRenders = new Counter({
  name: "shop_storefront_renders_total",
  help: "Storefront pages drawn on the server; a kept page, or one already being drawn, is not drawn again.",
  registers: [registry],
});

export const ordersPlaced = new Counter({
  name: "shop_orders_placed_total",
  help: "Orders placed (a retried checkout that returned its order counts once).",
  registers: [registry],
});

export const throttleRefusals = new Counter({
  name: "shop_throttle_refusals_total",
  help: "Requests refused by the sign-in, sign-up and password-check throttles (429 / TOO_MANY_REQUESTS).",
  registers: [registry],
});

// ---- what a request was, as the adapters name it ----------------------------------------------------------

/** Operation names are chosen by callers: only well-formed ones are labels, and only so many (memory). */
const MAX_OPERATION_NAMES = 200;
const operationNames = new Set<string>();

export interface RequestName {
  /** e.g. "graphql", "rest:listProducts" (the REST operationId). */
  route?: string;
  /** The GraphQL operation's name, as the caller sent it. */
  operation?: string | null;
  /** A GraphQL answer with errors (sent with 200). */
  graphqlErrors?: boolean;
}

const names = new WeakMap<object, RequestName>();

/** Records what the request asked for, for its line in shop_http_request_duration_seconds. */
export function nameRequest(req: object, name: RequestName): void {
  names.set(req, { ...names.get(req), ...name });
}

/** The labels of a finished request; `fallbackRoute` names it when no adapter did. */
export function requestLabels(req: object, status: number, fallbackRoute: string): { route: string; operation: string; outcome: string } {
  const name = names.get(req);
  let operation = name?.operation ?? "";
  if (operation && !operationNames.has(operation)) {
    if (/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(operation) && operationNames.size < MAX_OPERATION_NAMES) operationNames.add(operation);
    else operation = "other";
  }
  const outcome = status >= 500 ? "server_error" : status >= 400 ? "client_error" : name?.graphqlErrors ? "graphql_error" : "ok";
  return { route: name?.route ?? fallbackRoute, operation, outcome };
}

// ---- scraping --------------------------------------------------------------------------------------------

const ASK = "verdant:metrics?";
const ANSWER = "verdant:metrics";
const SCRAPE_TIMEOUT_MS = 5000;

/**
 * The metrics text of the whole shop: this process's, or, in a worker, every worker's added up by the
 * primary (which must have called answerWorkersMetrics()).
 */
export async function shopMetrics(): Promise<string> {
  if (!cluster.isWorker) return registry.metrics();
  const id = `${process.pid}:${Math.random()}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", heard);
      reject(new Error("the primary process did not gather the workers' metrics in time"));
    }, SCRAPE_TIMEOUT_MS);
    const heard = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", heard);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? "");
    };
    process.on("message", heard);
    process.send!({ type: ASK, id });
  });
}

/** In the primary: answers a worker's request for the shop's metrics with every worker's, added up. */
export function answerWorkersMetrics(): void {
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return;
    registry.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}

export const METRICS_CONTENT_TYPE = registry.contentType;
