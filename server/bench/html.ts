// npm run bench:html — a benchmark, not a test (issue 21). The storefront's guest HTML, rendered on the
// server, at real catalogue size: seeds a private schema of the PostgreSQL database in BENCH_DATABASE_URL
// (default: the local `test` database) with the demo shop plus products up to BENCH_PRODUCTS (100,000),
// serves the real app (production mode, the built client and its server build) in a child process, and
// prints for the home, a category, a product and a search page the req/s and p50/p99 latency at
// BENCH_CONNECTIONS (20) connections for BENCH_SECONDS (8) each after BENCH_WARMUP (2) seconds unrecorded, as a browser asks (Accept: text/html,
// brotli): cached (the shop keeps guest pages until the catalogue changes) and uncached (the app started
// with CATALOGUE_CACHE_SECONDS=0, and each request for an address of its own: every request renders the page). The schema is dropped afterwards.
// Build the client first (npm run build -w client).
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { seedDatabase } from "../seed/demo-shop.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { CLIENT_DIST, STOREFRONT_BUILD } from "../src/http/app.js";
import { startAppProcess } from "./app-process.js";
import { seedBenchShop } from "./catalogue-seed.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  non2xx: number;
}

/**
 * `distinct`: every request asks its own address (the page's, plus `bench=<n>`, which the page ignores), so
 * each is rendered: requests for the same address while it renders wait for that one render, which would
 * measure fewer renders than requests.
 */
async function measure(target: string, distinct: boolean): Promise<Load> {
  const headers = { accept: "text/html", "accept-encoding": "br" };
  // One request first: the page is rendered (and, when caching, kept) before the clock starts. It must be the
  // server's rendering (the page state is in it), not the bare index.html.
  const first = await fetch(target, { headers });
  if (!(await first.text()).includes('type="application/json" id=')) throw new Error(`${target} is not server-rendered.`);
  // Unrecorded, as bench:search does: a page's code is compiled by V8 in its first requests, as in a shop
  // that has been running, not in the figures.
  let request = 0;
  const { pathname, search } = new URL(target);
  const requests = distinct ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `${pathname}${search ? `${search}&` : "?"}bench=${(request += 1)}` }) }] : undefined;
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
  const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
  const db = await openDatabase({ kind: "postgres", url, schema });
  const servers: ChildProcess[] = [];
  const cleanup = async () => {
    for (const server of servers) server.kill();
    await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
  try {
    await db.migrate();
    await seedDatabase(db.prisma, { adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_ADMIN_PASSWORD, demo: true, imageStore: new LocalImageStore(uploadsDir) });
    const demoProducts = await db.prisma.product.count();
    if (products > demoProducts) await seedBenchShop(url, schema, { products: products - demoProducts, customers: 100, orders: 0 });
    const count = await db.prisma.product.count();
    const slug = (await db.prisma.product.findFirst({ where: { quantity: { gt: 0 } }, orderBy: { id: "desc" }, select: { slug: true } }))!.slug;
    const pages = [
      ["home", "/"],
      ["category", "/categories/Indoor%20Plants"],
      ["product", `/products/${slug}`],
      ["search", "/search?q=monstera"],
    ] as const;
    console.log(`\n== guest HTML, ${count.toLocaleString("en")} products, ${connections} connections, ${seconds} s each (schema ${schema})`);

    const rows: string[] = [];
    for (const [label, cacheSeconds] of [
      ["cached", "60"],
      ["uncached", "0"],
    ] as const) {
      process.env.BENCH_CATALOGUE_CACHE_SECONDS = cacheSeconds;
      process.env.BENCH_STOREFRONT_BUILD = STOREFRONT_BUILD;
      const started = await startAppProcess({ url, schema, uploadsDir, clientDist: CLIENT_DIST });
      servers.push(started.child);
      for (const [page, route] of pages) {
        const load = await measure(`http://127.0.0.1:${started.port}${route}`, label === "uncached");
        const line = `| ${page} | ${label} | ${load.rps} | ${load.p50} / ${load.p99} | ${(load.bytes / 1000).toFixed(1)} kB |${load.non2xx ? ` ${load.non2xx} non-2xx` : ""}`;
        console.log(line);
        rows.push(line);
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
