// npm run bench:rest-lists — a benchmark, not a test: the REST shim's whole product list at real size.
// Seeds BENCH_PRODUCTS (100,000) products into a private schema (bench19_lists_<random>) of the PostgreSQL
// database in BENCH_DATABASE_URL, serves the shop in one production process, and prints for
// GET /public/api/products: the first call's time and bytes (gzip accepted), then requests/s, p50/p99 and the
// bytes sent per call over BENCH_SECONDS (10) at BENCH_CONNECTIONS (4), and the process's RSS at the end.
// BENCH_BASELINE_DIR: the server/ folder of another checkout to measure the same way on the same data
// (before/after a change).
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { seedBenchCatalogue } from "./seed-bench.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const schema = `bench19_lists_${crypto.randomBytes(4).toString("hex")}`;
const here = path.dirname(new URL(import.meta.url).pathname);
const servers = [{ name: "this checkout", dir: path.resolve(here, "..") }];
if (process.env.BENCH_BASELINE_DIR) servers.unshift({ name: "baseline", dir: path.resolve(process.env.BENCH_BASELINE_DIR) });

function startShop(serverDir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(serverDir, "bench", "serve.ts"), ["app", url, schema], {
      cwd: serverDir,
      execArgv: ["--max-semi-space-size=32", "--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`the shop exited with ${code}`)));
  });
}

/** One GET with gzip accepted: milliseconds and bytes on the wire. */
function timedGet(port: number): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/public/api/products", headers: { "accept-encoding": "gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ ms: Math.round(performance.now() - started), bytes }));
      })
      .on("error", reject);
  });
}

const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024);

const db = await openDatabase({ kind: "postgres", url, schema });
const rows: Record<string, string | number>[] = [];
try {
  await db.migrate();
  await seedBenchCatalogue(db.prisma, products);
  for (const server of servers) {
    const shop = await startShop(server.dir);
    try {
      const first = await timedGet(shop.port);
      const second = await timedGet(shop.port);
      const result = await autocannon({ url: `http://127.0.0.1:${shop.port}/public/api/products`, connections, duration: seconds, headers: { "accept-encoding": "gzip" } });
      rows.push({
        server: server.name,
        "1st call ms": first.ms,
        "2nd call ms": second.ms,
        "KB per call": Math.round(first.bytes / 1024),
        "req/s": Math.round(result.requests.average),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        "RSS MB": rssMb(shop.child.pid!),
      });
    } finally {
      shop.child.kill();
    }
  }
  console.log(`\nGET /public/api/products (gzip accepted) on ${products.toLocaleString("en")} products, ${seconds} s at ${connections} connections, one production process each; PostgreSQL at ${url.replace(/\/\/[^@]*@/, "//")}`);
  console.table(rows);
} finally {
  await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await db.close();
}
