// A child process of bench/api.ts and bench/catalogue.ts: serves either the real shop app or the bare-pg
// ceiling on a port.
//   tsx bench/serve.ts app <databaseUrl> <schema>
//   tsx bench/serve.ts ceiling <databaseUrl> <schema>
//   tsx bench/serve.ts app-workers <databaseUrl> <schema>   the app in BENCH_WORKERS (2) worker processes on one port
// BENCH_UPLOADS_DIR: the folder served at /uploads (the demo seed's pictures); BENCH_CLIENT_DIST: the built
// client to serve instead of client/dist.
import "reflect-metadata";
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import inspector from "node:inspector";
import os from "node:os";
import pg from "pg";
import type { RowReader } from "../src/domain/shared/index.js";
import { Prisma } from "../src/generated/prisma/client.js";
import { openDatabase } from "../src/db/client.js";
import { lowPriorityEncoder } from "../src/domain/images/index.js";
import { createShop } from "../src/domain/shop.js";
import { createApp } from "../src/http/app.js";
import { startWorkers } from "../src/http/workers.js";
import { LocalImageStore } from "../src/storage/local-store.js";

const [mode, url, schema] = process.argv.slice(2);

async function serveApp(): Promise<http.Server> {
  // BENCH_REPLICA_URL: the catalogue's reads on these read replicas (as DATABASE_REPLICA_URL does for npm start).
  const replicaUrls = process.env.BENCH_REPLICA_URL?.split(",").filter(Boolean) ?? [];
  const db = await openDatabase({ kind: "postgres", url, schema, poolSize: 10, replicaUrls });
  if (process.env.BENCH_PLANS) printStatementsPlannedAgain(db.readRows);
  const uploadsDir = process.env.BENCH_UPLOADS_DIR || os.tmpdir();
  // As the shop runs: AVIF renditions in a low-priority process, started (with the start-up work) by the worker.
  const shop = createShop(db.prisma, {
    jwtSecret: "bench-secret-bench-secret-bench-secret!",
    tokenTtlSeconds: 3600,
    imageStore: new LocalImageStore(uploadsDir),
    imageEncoder: lowPriorityEncoder(),
    events: db.events,
    readRows: db.readRows,
    searchRows: db.searchRows,
    catalogue: { prisma: db.catalogue.prisma, readRows: db.catalogue.rows, searchRows: db.catalogue.searchRows },
    // As `npm start` does; BENCH_SEARCH_INDEX=off measures search in SQL.
    searchIndex: process.env.BENCH_SEARCH_INDEX !== "off",
  });
  shop.images.renditions.start();
  // Measured once the search index holds the catalogue, as a replica that has finished starting.
  const indexing = Date.now();
  await shop.search.indexSettled();
  if (shop.search.indexReady) console.log(`Search index built in ${((Date.now() - indexing) / 1000).toFixed(1)} s.`);
  const clientDist = process.env.BENCH_CLIENT_DIST || undefined;
  // BENCH_CATALOGUE_CACHE_SECONDS: 0 measures every answer (and page) computed afresh.
  const catalogueCacheSeconds = process.env.BENCH_CATALOGUE_CACHE_SECONDS ? Number(process.env.BENCH_CATALOGUE_CACHE_SECONDS) : undefined;
  // BENCH_STOREFRONT_BUILD: the storefront's server build, to render pages as `npm start` does (bench:html).
  const storefrontBuild = process.env.BENCH_STOREFRONT_BUILD || undefined;
  const { app } = await createApp({ env: "production", introspection: false, corsOrigins: [], uploadsDir, clientDist, catalogueCacheSeconds, storefrontBuild }, shop, db);
  return http.createServer(app);
}

/**
 * BENCH_PLANS=1: every 15 s, the named statements of one pool connection (the one the read lands on) that
 * PostgreSQL planned anew more than five times (it plans every statement for its values on its first five
 * runs), i.e. that do not run on a kept plan (domain/shared/sql.ts).
 */
function printStatementsPlannedAgain(read: RowReader): void {
  setInterval(async () => {
    const rows = await read<{ generic: bigint; custom: bigint; statement: string }>(
      Prisma.sql`SELECT generic_plans AS generic, custom_plans AS custom, statement FROM pg_prepared_statements WHERE custom_plans > 5 ORDER BY custom_plans DESC LIMIT 12`,
    );
    for (const row of rows) console.log(`planned anew ${row.custom} times, on its kept plan ${row.generic}: ${row.statement.replace(/\s+/g, " ").trim()}`);
  }, 15_000).unref();
}

// The ceiling: the same rows read with hand-written SQL on node-postgres and answered by node:http.
function serveCeiling(): http.Server {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path="${schema}",public` });
  const productColumns = `p.id, p.slug, p.name, p.description, p.price_cents, p.discount_price_cents, p.quantity, p.image_one,
    p.image_two, p.rating_sum, p.people_rated, p.created_at, c.id AS category_id, c.name AS category_name`;
  const queries: Record<string, () => Promise<unknown>> = {
    // A page of 12 reads 13 rows: the extra one only tells whether more follow.
    "/list": async () =>
      (await pool.query(`SELECT ${productColumns} FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.created_at DESC, p.id DESC LIMIT 13`)).rows.slice(0, 12),
    "/home": async () => {
      const [arrivals, discounted, categories] = await Promise.all([
        pool.query(`SELECT ${productColumns} FROM products p JOIN categories c ON c.id = p.category_id WHERE p.quantity > 0 ORDER BY p.created_at DESC, p.id DESC LIMIT 6`),
        pool.query(`SELECT ${productColumns} FROM products p JOIN categories c ON c.id = p.category_id WHERE p.quantity > 0 AND p.discount_price_cents IS NOT NULL ORDER BY p.created_at DESC, p.id DESC LIMIT 12`),
        pool.query(`SELECT id, name FROM categories ORDER BY created_at DESC`),
      ]);
      return { arrivals: arrivals.rows, discounted: discounted.rows, categories: categories.rows };
    },
    "/product": async () =>
      (await pool.query(`SELECT ${productColumns} FROM products p JOIN categories c ON c.id = p.category_id WHERE p.slug = $1`, ["bench-orchid-4999"])).rows[0],
  };
  return http.createServer(async (req, res) => {
    const query = queries[req.url ?? ""];
    if (!query) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(await query()));
  });
}

if (mode === "app-workers" && cluster.isPrimary) {
  const port = await startWorkers(Number(process.env.BENCH_WORKERS ?? 2));
  process.send?.({ port });
} else {
  const server = mode === "ceiling" ? serveCeiling() : await serveApp();
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.send?.({ port });
  });
}
// BENCH_ALLOCATIONS=<file>: where this process's allocations go (sampled, collected ones included: what the
// garbage collector has to work through), written at "stop"; open it in Chrome's DevTools (Memory).
const allocations = process.env.BENCH_ALLOCATIONS ? new inspector.Session() : null;
if (allocations) {
  allocations.connect();
  allocations.post("HeapProfiler.startSampling", { samplingInterval: 32_768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
}

// bench/profile.ts profiles the load only: "profile-start" after its warm-up, "profile-stop" (the profile is
// sent back) before "stop".
const cpu = new inspector.Session();
let cpuConnected = false;
process.on("message", (message) => {
  if (message === "profile-start") {
    // One session for every profile of the run (bench:pricing profiles each phase).
    if (!cpuConnected) cpu.connect();
    cpuConnected = true;
    cpu.post("Profiler.enable", () => cpu.post("Profiler.start", () => process.send?.("profiling")));
    return;
  }
  if (message === "profile-stop") {
    cpu.post("Profiler.stop", (error, result) => process.send?.({ profile: error ? null : result.profile }));
    return;
  }
  if (message === "stop" && allocations) {
    allocations.post("HeapProfiler.stopSampling", (error, result) => {
      if (!error) fs.writeFileSync(`${process.env.BENCH_ALLOCATIONS}.${process.pid}.heapprofile`, JSON.stringify(result.profile));
      process.exit(0);
    });
    return;
  }
  if (message === "stop") process.exit(0);
});
