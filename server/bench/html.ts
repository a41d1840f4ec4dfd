// npm run bench:html — a benchmark, not a test. The storefront's guest HTML, rendered on the
// server, at real catalogue size: seeds a private schema of the PostgreSQL database in BENCH_DATABASE_URL
// (default: the local `test` database) with the demo shop plus products up to BENCH_PRODUCTS (100,000),
// serves the real app (production mode, the built client and its server build) in a child process, and
// prints for the home, a category, a product and a search page the req/s and p50/p99 latency at
// BENCH_CONNECTIONS (20) connections for BENCH_SECONDS (8) each after BENCH_WARMUP (2) seconds unrecorded, as a browser asks (Accept: text/html,
// brotli): cached (the shop keeps guest pages until the catalogue changes) and uncached (the app started
// with CATALOGUE_CACHE_SECONDS=0): once with every connection asking the same page (they share its renders),
// once with every request a page of its own (another product, another ?price=: every request renders).
// The schema is dropped afterwards (BENCH_SCHEMA keeps it). BENCH_WORKERS runs the app in worker processes.
// Build the client first (npm run build -w client).
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { CLIENT_DIST, STOREFRONT_BUILD } from "../src/http/app.js";
import { startAppProcess } from "./app-process.js";
import { seedShopOfSize } from "./catalogue-seed.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
// BENCH_SCHEMA: seed that schema once and keep it (for measuring one change after another); a fresh one, dropped after, by default.
const keptSchema = process.env.BENCH_SCHEMA;
// BENCH_ONLY: "uncached" or "cached" measures that half alone.
const only = process.env.BENCH_ONLY;
// BENCH_PAGES: the pages to measure, e.g. "category,search" (all four by default).
const onlyPages = process.env.BENCH_PAGES?.split(",");
// BENCH_DISTINCT: "only" measures uncached pages with every request a page of its own alone, "no" leaves that out.
const distinctModes = process.env.BENCH_DISTINCT === "only" ? [true] : process.env.BENCH_DISTINCT === "no" ? [false] : [false, true];
// BENCH_WORKERS: the app in that many worker processes on one port (WEB_CONCURRENCY), as on a box with cores to spare; 1 by default.
const workers = Number(process.env.BENCH_WORKERS ?? 1);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  non2xx: number;
}

/** A page of the bench: its address, and for "every request renders" the address of the n-th request. */
interface BenchPage {
  name: string;
  address: string;
  /** Another page of the same kind for each request (a parameter the screen reads, or another product). */
  distinct?: (n: number) => string;
}

/**
 * `distinct`: every request asks a page of its own (BenchPage.distinct), so each is rendered: requests for the
 * same page while it renders wait for that one render, and addresses differing only in what no screen reads
 * are that same page (client/src/app/pageAddress.ts), which would measure fewer renders than requests.
 */
async function measure(origin: string, page: BenchPage, distinct: boolean): Promise<Load> {
  const target = `${origin}${page.address}`;
  const headers = { accept: "text/html", "accept-encoding": "br" };
  // One request first: the page is rendered (and, when caching, kept) before the clock starts. It must be the
  // server's rendering (the page state is in it), not the bare index.html.
  const first = await fetch(target, { headers });
  if (!(await first.text()).includes('type="application/json" id=')) throw new Error(`${target} is not server-rendered.`);
  // Unrecorded, as bench:search does: a page's code is compiled by V8 in its first requests, as in a shop
  // that has been running, not in the figures.
  let request = 0;
  const requests = distinct && page.distinct ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: page.distinct!((request += 1)) }) }] : undefined;
  await autocannon({ url: target, headers, connections, duration: warmupSeconds, requests });
  const result = await autocannon({ url: target, headers, connections, duration: seconds, requests });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
    non2xx: result.non2xx,
  };
}

async function main() {
  if (!fs.existsSync(path.join(STOREFRONT_BUILD, "entry-server.js"))) throw new Error("Build the client first: npm run build -w client.");
  const schema = keptSchema ?? `bench_${crypto.randomBytes(4).toString("hex")}`;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
  const db = await openDatabase({ kind: "postgres", url, schema });
  const servers: ChildProcess[] = [];
  const cleanup = async () => {
    for (const server of servers) server.kill();
    if (!keptSchema) await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
  try {
    await db.migrate();
    await seedShopOfSize(db.prisma, url, schema, { products, customers: 100, uploadsDir });
    const count = await db.prisma.product.count();
    // Products in stock, newest first: the product page, and one of them per request when every request renders.
    const slugs = (await db.prisma.product.findMany({ where: { quantity: { gt: 0 } }, orderBy: { id: "desc" }, select: { slug: true }, take: 20_000 })).map((row) => row.slug);
    // A price range no product reaches: every product still listed, each request another page (?price=).
    const underPrice = (n: number) => `price=0-${100_000 + n}`;
    const pages: BenchPage[] = [
      // The home page reads no parameter: it is one page (measured uncached as 20 visitors asking it with nothing kept).
      { name: "home", address: "/" },
      { name: "category", address: "/categories/Indoor%20Plants", distinct: (n) => `/categories/Indoor%20Plants?${underPrice(n)}` },
      { name: "product", address: `/products/${slugs[0]}`, distinct: (n) => `/products/${slugs[n % slugs.length]}` },
      { name: "search", address: "/search?q=monstera", distinct: (n) => `/search?q=monstera&${underPrice(n)}` },
    ];
    console.log(`\n== guest HTML, ${count.toLocaleString("en")} products, ${connections} connections, ${seconds} s each (schema ${schema})`);

    const rows: string[] = [];
    for (const [label, cacheSeconds] of [
      ["cached", "60"],
      ["uncached", "0"],
    ] as const) {
      if (only && only !== label) continue;
      process.env.BENCH_CATALOGUE_CACHE_SECONDS = cacheSeconds;
      process.env.BENCH_STOREFRONT_BUILD = STOREFRONT_BUILD;
      const started = await startAppProcess({ url, schema, uploadsDir, clientDist: CLIENT_DIST, workers });
      servers.push(started.child);
      const origin = `http://127.0.0.1:${started.port}`;
      // Uncached, twice: visitors asking the same page with nothing kept (they share its renders), and every
      // request a page of its own (each one rendered: a crawler's walk, or a catalogue just changed).
      for (const distinct of label === "cached" ? [false] : distinctModes) {
        for (const page of pages) {
          if ((distinct && !page.distinct) || (onlyPages && !onlyPages.includes(page.name))) continue;
          const load = await measure(origin, page, distinct);
          const kind = label === "cached" ? "cached" : distinct ? "uncached, every request its own page" : "uncached, one page";
          const line = `| ${page.name} | ${kind} | ${load.rps} | ${load.p50} / ${load.p99} | ${(load.bytes / 1000).toFixed(1)} kB |${load.non2xx ? ` ${load.non2xx} non-2xx` : ""}`;
          console.log(line);
          rows.push(line);
        }
      }
      // "stop": a normal exit, so that a CPU profile asked for with BENCH_NODE_ARGS is written.
      const exited = new Promise((resolve) => started.child.once("exit", resolve));
      started.child.send("stop");
      await exited;
    }
    console.log(`\n| page | guest HTML | req/s | p50 / p99 ms | br bytes |\n|---|---|---|---|---|\n${rows.join("\n")}`);
  } finally {
    await cleanup();
  }
}

await main();
