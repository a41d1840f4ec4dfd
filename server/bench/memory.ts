// npm run bench:memory — a benchmark, not a test: the memory of one shop process (as npm start runs it in
// production: NODE_ENV=production, --max-semi-space-size=32) on 10,000 products in PostgreSQL, under
//   1. repeated queries: the same 12-product list POSTed over and over (the query lane's steady state), then
//   2. a stream of distinct query texts, each request a new `query Qn { an: products(first: 2) { nodes { id } } }`
//      (what any client can send to fill the shop's per-text memos and caches),
// printing requests/s and the process's resident memory (RSS, read from /proc each second) for each phase.
// BENCH_SECONDS (30) per phase, BENCH_CONNECTIONS (20), BENCH_DATABASE_URL (the local `test` database; the
// seeded schema is named bench19_memory_<random> and dropped at the end).
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { seedBenchCatalogue } from "./seed-bench.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const schema = `bench19_memory_${crypto.randomBytes(4).toString("hex")}`;
const here = path.dirname(new URL(import.meta.url).pathname);

const rssMb = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
};

function startShop(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "serve.ts"), ["app", url, schema], {
      // As npm start runs it (BENCH_SEMI_SPACE to try another young generation); --expose-gc only lets the
      // heap figure be taken after a collection.
      execArgv: [`--max-semi-space-size=${process.env.BENCH_SEMI_SPACE ?? 32}`, "--expose-gc", "--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`the shop exited with ${code}`)));
  });
}

/** The shop's V8 heap held after a collection, in MB (it answers over IPC). */
function heapUsedMb(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const heard = (message: unknown) => {
      const memory = (message as { memory?: NodeJS.MemoryUsage }).memory;
      if (!memory) return;
      child.off("message", heard);
      resolve(Math.round(memory.heapUsed / 2 ** 20));
    };
    child.on("message", heard);
    child.send("memory");
  });
}

/** Runs the load for `seconds`, sampling the shop's RSS every second. */
async function phase(name: string, child: ChildProcess, options: autocannon.Options) {
  const pid = child.pid!;
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
  const result = await autocannon({ connections, duration: seconds, ...options });
  clearInterval(sampler);
  samples.push(rssMb(pid));
  if (result.non2xx > 0 || result.errors > 0) console.warn(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    phase: name,
    "req/s": Math.round(result.requests.average),
    "p99 ms": result.latency.p99,
    "RSS start MB": samples[0],
    "RSS max MB": Math.max(...samples),
    "RSS end MB": samples[samples.length - 1],
    "heap held MB": await heapUsedMb(child),
  };
}

const db = await openDatabase({ kind: "postgres", url, schema });
let shop: ChildProcess | undefined;
try {
  await db.migrate();
  await seedBenchCatalogue(db.prisma);
  const started = await startShop();
  shop = started.child;
  const target = `http://127.0.0.1:${started.port}/graphql`;
  const headers = { "content-type": "application/json" };
  const idle = rssMb(shop.pid!);
  const rows = [{ phase: "idle after start", "req/s": 0, "p99 ms": 0, "RSS start MB": idle, "RSS max MB": idle, "RSS end MB": idle, "heap held MB": await heapUsedMb(shop) }];
  const repeated = JSON.stringify({ query: "{ products(first: 12) { nodes { id slug name price unitPrice quantity imageOne category { id name } } } }" });
  rows.push(await phase("repeated query", shop, { url: target, method: "POST", headers, body: repeated }));
  let n = 0;
  rows.push(
    await phase("distinct query texts", shop, {
      url: target,
      requests: [
        {
          method: "POST",
          headers,
          setupRequest: (request) => {
            n += 1;
            return { ...request, body: JSON.stringify({ query: `query Q${n} { a${n}: products(first: 2) { nodes { id } } }` }) };
          },
        },
      ],
    }),
  );
  rows.push(await phase("repeated query again", shop, { url: target, method: "POST", headers, body: repeated }));
  console.log(`\n${seconds} s per phase at ${connections} connections, one production process (--max-semi-space-size=${process.env.BENCH_SEMI_SPACE ?? 32}), ${n} distinct texts sent; PostgreSQL at ${url.replace(/\/\/[^@]*@/, "//")}`);
  console.table(rows);
} finally {
  shop?.kill();
  await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await db.close();
}
