// npm run bench:api — a benchmark, not a test. Seeds 10,000 products into a private schema of the
// PostgreSQL database in BENCH_DATABASE_URL (default: the local `test` database), then measures with
// autocannon on loopback the shop's GraphQL answers for (a) a list of 12 products (the plain first page),
// (b) the home page's data, (c) a product by slug, beside the same rows read by a bare `pg` query served by
// node:http (the ceiling), and (d) the five search cases and the suggestions (bench/search-cases.ts;
// no ceiling: no single query answers them), at 20 and at 64 connections (BENCH_CONNECTIONS, e.g. "20,64").
// Three servers: the shop in one process answering POSTs (no caching: the "shop" columns); the shop in
// BENCH_WORKERS (2) worker processes answering GETs of automatic persisted queries, as the storefront's
// anonymous visitors send them, with its catalogue cache on (the "cached" columns); and the ceiling.
// The servers run in child processes so the load generator does not share their event loop.
// The shop and its ceiling are measured in turns BENCH_PAIRS times (3 by default) and the medians reported:
// shop/ceiling is the median of the pairs' ratios, with their range beside it.
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { seedBenchCatalogue } from "./seed-bench.js";
import { searchCases } from "./search-cases.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "20,64").split(",").map(Number);
/** How many times the shop and its ceiling are measured in turns per case (the medians are reported). */
const pairs = Math.max(1, Number(process.env.BENCH_PAIRS ?? 3));
const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
const here = path.dirname(new URL(import.meta.url).pathname);

const PRODUCT_FIELDS = "id slug name description price discountPrice unitPrice quantity imageOne imageTwo rating peopleRated createdAt category { id name }";

interface BenchCase {
  name: string;
  /** The ceiling's path; null when no single query answers the case. */
  ceilingPath: string | null;
  query: string;
  variables?: Record<string, unknown>;
}

const cases: BenchCase[] = [
  {
    name: "list of 12",
    ceilingPath: "/list",
    query: `{ products(first: 12) { nodes { ${PRODUCT_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
  },
  {
    name: "home page data",
    ceilingPath: "/home",
    query: `{ newArrivals: products(inStock: true, first: 6) { nodes { ${PRODUCT_FIELDS} } } discounted: products(inStock: true, discounted: true, first: 12) { nodes { ${PRODUCT_FIELDS} } } categories { nodes { id name } } }`,
  },
  {
    name: "product by slug",
    ceilingPath: "/product",
    query: `query($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`,
    variables: { slug: "bench-orchid-4999" },
  },
  ...searchCases("monstera orchid").map((searchCase) => ({ name: searchCase.name, ceilingPath: null, query: searchCase.query, variables: { q: searchCase.q } })),
];

// BENCH_CASES="list,slug" measures only the cases whose names contain one of those words.
const chosenCases = process.env.BENCH_CASES ? cases.filter((c) => process.env.BENCH_CASES!.split(",").some((word) => c.name.includes(word.trim()))) : cases;

/** The GET of an automatic persisted query: the hash only, or (to register it) with the query text. */
function persistedUrl(base: string, benchCase: BenchCase, withQuery: boolean): string {
  const params = new URLSearchParams({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: crypto.createHash("sha256").update(benchCase.query).digest("hex") } }) });
  if (benchCase.variables) params.set("variables", JSON.stringify(benchCase.variables));
  if (withQuery) params.set("query", benchCase.query);
  return `${base}/graphql?${params}`;
}

function startServer(mode: "app" | "app-workers" | "ceiling"): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "serve.ts"), [mode, url, schema], {
      // As npm start and the Dockerfile run the server (see scripts/start.mjs).
      execArgv: ["--max-semi-space-size=32", "--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      // Measured as deployed (the Dockerfile and docker-compose.yml set it): libraries skip development-only checks.
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

async function measure(connections: number, options: autocannon.Options) {
  // An unrecorded run first (BENCH_WARMUP seconds, 3 by default), so every column is measured in its steady
  // state: V8's optimising compiler, compiled queries and connection pools warm alike. One second was not
  // enough for the shop, whose first case then ran partly unoptimised.
  await autocannon({ connections, duration: warmupSeconds, ...options });
  const result = await autocannon({ connections, duration: seconds, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

type Measured = Awaited<ReturnType<typeof measure>>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs (req/s, p50 and p99 apart). */
function medianRun(runs: Measured[]): Measured {
  return { rps: Math.round(median(runs.map((run) => run.rps))), p50: median(runs.map((run) => run.p50)), p99: median(runs.map((run) => run.p99)) };
}

const db = await openDatabase({ kind: "postgres", url, schema });
const servers: ChildProcess[] = [];
try {
  await db.migrate();
  const seedStart = Date.now();
  await seedBenchCatalogue(db.prisma);
  console.log(`Seeded 10,000 products into schema ${schema} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s.`);
  const app = await startServer("app");
  const workers = await startServer("app-workers");
  const ceiling = await startServer("ceiling");
  servers.push(app.child, workers.child, ceiling.child);

  const rows: Record<string, string | number>[] = [];
  for (const connections of connectionCounts) {
    for (const benchCase of chosenCases) {
      // The shop and its ceiling measured in turns, BENCH_PAIRS times: each ratio is taken from two runs
      // seconds apart, and the median of the pairs is reported (one pair swings by tens of points here).
      const shopRuns: Measured[] = [];
      const bareRuns: Measured[] = [];
      const ratios: number[] = [];
      for (let pair = 0; pair < pairs; pair += 1) {
        const shop = await measure(connections, {
          url: `http://127.0.0.1:${app.port}/graphql`,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: benchCase.query, variables: benchCase.variables ?? {} }),
        });
        shopRuns.push(shop);
        if (benchCase.ceilingPath) {
          const bare = await measure(connections, { url: `http://127.0.0.1:${ceiling.port}${benchCase.ceilingPath}` });
          bareRuns.push(bare);
          ratios.push(shop.rps / bare.rps);
        }
      }
      // Every worker learns the query from its text once (connections spread over the workers); then hashes only.
      const preflight = { "apollo-require-preflight": "true" };
      await autocannon({ connections, duration: 1, url: persistedUrl(`http://127.0.0.1:${workers.port}`, benchCase, true), headers: preflight });
      const cached = await measure(connections, { url: persistedUrl(`http://127.0.0.1:${workers.port}`, benchCase, false), headers: preflight });
      const shop = medianRun(shopRuns);
      const bare = bareRuns.length ? medianRun(bareRuns) : null;
      const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
      rows.push({
        case: benchCase.name,
        conns: connections,
        "shop req/s": shop.rps,
        "shop p50": shop.p50,
        "shop p99": shop.p99,
        "cached req/s": cached.rps,
        "cached p50": cached.p50,
        "cached p99": cached.p99,
        "bare pg req/s": bare?.rps ?? "-",
        "bare p50": bare?.p50 ?? "-",
        "bare p99": bare?.p99 ?? "-",
        "shop/ceiling": ratios.length ? percent(median(ratios)) : "-",
        ...(pairs > 1 ? { "pairs' range": ratios.length ? `${percent(Math.min(...ratios))}-${percent(Math.max(...ratios))}` : "-" } : {}),
        "cached/ceiling": bare ? `${Math.round((cached.rps / bare.rps) * 100)}%` : "-",
      });
    }
  }
  console.log(`\n${seconds} s per measurement, shop and ceiling in turns ${pairs} times (medians), latencies in ms, cached = ${process.env.BENCH_WORKERS ?? 2} workers with the catalogue cache, PostgreSQL at ${url.replace(/\/\/[^@]*@/, "//")}`);
  console.table(rows);
} finally {
  for (const child of servers) child.kill();
  await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await db.close();
}
