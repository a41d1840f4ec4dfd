// npm run bench:api — a benchmark, not a test. Seeds 10,000 products into a private schema of the
// PostgreSQL database in BENCH_DATABASE_URL (default: the local `test` database), then measures with
// autocannon on loopback the shop's GraphQL answers for (a) the home page's data, (b) a search and
// (c) a product by slug, beside the same data read by a bare `pg` query served by node:http (the
// ceiling). The servers run in child processes so the load generator does not share their event loop.
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { seedBenchCatalogue } from "./seed-bench.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
const here = path.dirname(new URL(import.meta.url).pathname);

const PRODUCT_FIELDS = "id slug name description price discountPrice unitPrice quantity imageOne imageTwo rating peopleRated createdAt category { id name }";
const graphqlBody = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
const cases = [
  {
    name: "home page data",
    ceilingPath: "/home",
    body: graphqlBody(
      `{ newArrivals: products(inStock: true, first: 6) { nodes { ${PRODUCT_FIELDS} } } discounted: products(inStock: true, discounted: true, first: 12) { nodes { ${PRODUCT_FIELDS} } } categories { nodes { id name } } }`,
    ),
  },
  {
    name: "search 'orchid ivy'",
    ceilingPath: "/search",
    body: graphqlBody(`query($q: String) { products(search: $q, first: 100) { nodes { ${PRODUCT_FIELDS} } } }`, { q: "orchid ivy" }),
  },
  {
    name: "product by slug",
    ceilingPath: "/product",
    body: graphqlBody(`query($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`, { slug: "bench-orchid-4999" }),
  },
];

function startServer(mode: "app" | "ceiling"): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "serve.ts"), [mode, url, schema], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

async function measure(options: autocannon.Options) {
  const result = await autocannon({ connections, duration: seconds, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

const db = await openDatabase({ kind: "postgres", url, schema });
const servers: ChildProcess[] = [];
try {
  await db.migrate();
  const seedStart = Date.now();
  await seedBenchCatalogue(db.prisma);
  console.log(`Seeded 10,000 products into schema ${schema} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s.`);
  const app = await startServer("app");
  const ceiling = await startServer("ceiling");
  servers.push(app.child, ceiling.child);

  const rows: Record<string, string | number>[] = [];
  for (const benchCase of cases) {
    const shop = await measure({
      url: `http://127.0.0.1:${app.port}/graphql`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: benchCase.body,
    });
    const bare = await measure({ url: `http://127.0.0.1:${ceiling.port}${benchCase.ceilingPath}` });
    rows.push({
      case: benchCase.name,
      "shop req/s": shop.rps,
      "shop p50 ms": shop.p50,
      "shop p99 ms": shop.p99,
      "bare pg req/s": bare.rps,
      "bare p50 ms": bare.p50,
      "bare p99 ms": bare.p99,
      "shop / ceiling": `${Math.round((shop.rps / bare.rps) * 100)}%`,
    });
  }
  console.log(`\n${connections} connections, ${seconds} s per measurement, PostgreSQL at ${url.replace(/\/\/[^@]*@/, "//")}`);
  console.table(rows);
} finally {
  for (const child of servers) child.kill();
  await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await db.close();
}
