// npm run bench:search — a benchmark, not a test. Search at real catalogue size.
//
// Seeds a private schema of the PostgreSQL database in BENCH_DATABASE_URL (default: the local `test`
// database) with the demo shop plus generated products up to BENCH_PRODUCTS (default 100000; the names of
// bench/catalogue-seed.ts, so a word hits a plausible share), serves the real app in one process
// (production mode, a child process), and measures uncached POSTs with autocannon at BENCH_CONNECTIONS
// ("20,64") connections for BENCH_SECONDS (8) each, after BENCH_WARMUP (2) seconds unrecorded:
// - the five search cases (a page of 24 with its total): one word, two words in reverse order, a typo, a
//   three-letter prefix, no match; and the header's suggestions for a prefix;
// - the common words (search-cases.ts, commonWordCases): words carried by about 10,000, 45,000 and every one
//   of the products, each as a page of 24 with its total and as the storefront's search page (the page and
//   the filters' counts in one request); the "matches" column is the case's total;
// - isolation: the product page alone at 10 connections, then the same while 20 more connections search
//   the typo non-stop (answers "busy, try again" count apart: they are the gate doing its job).
// The schema is dropped afterwards. BENCH_CASES=seeds,plant measures only the cases whose name holds one of
// these words (and no isolation rows unless one is "product"). BENCH_CPU_PROF=<dir>: the server writes a
// CPU profile of its whole run there (node --cpu-prof), for Chrome's DevTools.
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { seedShopOfSize } from "./catalogue-seed.js";
import { CARD, commonWordCases, PAGE, searchCases, type SearchCase } from "./search-cases.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "20,64").split(",").map(Number);
// BENCH_SCHEMA: seed that schema once and keep it (for EXPLAIN between runs); a fresh one, dropped after, by default.
const keptSchema = process.env.BENCH_SCHEMA;
const caseWords = process.env.BENCH_CASES?.split(",").filter(Boolean) ?? null;
const chosen = (name: string) => caseWords === null || caseWords.some((word) => name.includes(word));
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const schema = keptSchema ?? `bench_${crypto.randomBytes(4).toString("hex")}`;
const here = path.dirname(new URL(import.meta.url).pathname);


function startServer(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "serve.ts"), ["app", url, schema], {
      execArgv: ["--max-semi-space-size=32", ...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : []), "--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`the app server exited with ${code}`)));
  });
}

const post = (port: number, query: string, variables: Record<string, unknown>): autocannon.Options => ({
  url: `http://127.0.0.1:${port}/graphql`,
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ query, variables }),
});

/** req/s and latency; answers carrying an error (e.g. "busy") are counted apart from the good ones. */
async function measure(connections: number, options: autocannon.Options) {
  await autocannon({ ...options, connections, duration: warmupSeconds });
  let refused = 0;
  const result = await autocannon({
    ...options,
    connections,
    duration: seconds,
    setupClient: (client) => {
      client.on("body", (body: Buffer) => {
        if (body.includes('"errors"')) refused += 1;
      });
    },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  // Answered per second in all, and of those the ones that were searches rather than "busy".
  const rps = result.requests.average;
  const answered = result.requests.total;
  return { rps: Math.round(rps), served: Math.round(rps * (answered ? (answered - refused) / answered : 1)), p50: result.latency.p50, p99: result.latency.p99, refused };
}

const db = await openDatabase({ kind: "postgres", url, schema });
let server: ChildProcess | undefined;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
try {
  await db.migrate();
  const seedStart = Date.now();
  await seedShopOfSize(db.prisma, url, schema, { products, customers: 50, uploadsDir });
  const total = await db.prisma.product.count();
  const words = await db.prisma.searchWord.count();
  console.log(`Seeded ${total.toLocaleString("en")} products (${words} dictionary words) into ${schema} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s.`);
  await db.prisma.$executeRawUnsafe(`ANALYZE`);
  const started = await startServer();
  server = started.child;
  const port = started.port;

  const cases: SearchCase[] = [...searchCases().map(({ name, query, q }) => ({ name, query, variables: { q } })), ...commonWordCases()].filter((benchCase) => chosen(benchCase.name));
  // Each case's total (the products it matches), asked once before measuring.
  const matches = new Map<string, number | string>();
  for (const benchCase of cases) {
    const answer = (await (await fetch(`http://127.0.0.1:${port}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: benchCase.query, variables: benchCase.variables }) })).json()) as {
      data?: { products?: { totalCount: number } };
    };
    matches.set(benchCase.name, answer.data?.products?.totalCount ?? "");
  }
  const rows: Record<string, string | number>[] = [];
  for (const connections of connectionCounts) {
    for (const benchCase of cases) {
      const figures = await measure(connections, post(port, benchCase.query, benchCase.variables));
      rows.push({ case: benchCase.name, matches: matches.get(benchCase.name)!, conns: connections, "req/s": figures.rps, "served/s": figures.served, p50: figures.p50, p99: figures.p99, busy: figures.refused });
    }
  }
  if (caseWords === null || chosen("product")) await measureIsolation(port, rows);
  console.log(`\n${total.toLocaleString("en")} products, ${seconds} s per measurement, latencies in ms, one process, uncached POSTs, PostgreSQL at ${url.replace(/\/\/[^@]*@/, "//")}`);
  console.table(rows);
} finally {
  await stopServer(server);
  if (!keptSchema) await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await db.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
}

/** The product page alone, then while 20 more connections search the typo non-stop. */
async function measureIsolation(port: number, rows: Record<string, string | number>[]) {
  const slug = (await db.prisma.product.findFirstOrThrow({ orderBy: { id: "desc" }, select: { slug: true } })).slug;
  const productPage = post(port, `query($s: String!) { product(slug: $s) { ${CARD} description rating peopleRated } }`, { s: slug });
  const alone = await measure(10, productPage);
  rows.push({ case: "product page alone", conns: 10, "req/s": alone.rps, "served/s": alone.served, p50: alone.p50, p99: alone.p99, busy: alone.refused });
  const searching = autocannon({ ...post(port, PAGE, { q: "monstra" }), connections: 20, duration: warmupSeconds + seconds + 1 });
  const beside = await measure(10, productPage);
  const searched = await searching;
  rows.push({ case: "product page, 20 searching 'monstra'", conns: 10, "req/s": beside.rps, "served/s": beside.served, p50: beside.p50, p99: beside.p99, busy: beside.refused });
  rows.push({ case: "  (the 20 searching meanwhile)", conns: 20, "req/s": Math.round(searched.requests.average), "served/s": "", p50: searched.latency.p50, p99: searched.latency.p99, busy: "" });
}

/** Stops the server: with a CPU profile asked for, by a clean exit (node writes the profile then). */
async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  if (!cpuProfileDir) {
    child.kill();
    return;
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.send("stop");
  await exited;
}
