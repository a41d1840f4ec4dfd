// npm run bench:render — a benchmark, not a test. What one server render of a storefront page
// costs, without HTTP or other requests around it: the home, a category, a product and a search page drawn
// one after another BENCH_RENDERS (200) times each (after 30 unrecorded), in this process, at real catalogue
// size (BENCH_PRODUCTS, 100,000, in PostgreSQL), printing per page the wall time and CPU time of a render and
// how much of it was the page's queries (executed against the schema, as the server does). The rest is the
// drawing: React, Mantine, Apollo's cache, the page state. bench:html measures the pages over HTTP under load.
// BENCH_SCHEMA keeps the seeded schema (bench:html's too); BENCH_PROFILE=<prefix> writes a CPU profile per
// page (`npx tsx bench/profile.ts <file>` summarises it). Build the client first (npm run build -w client).
import "reflect-metadata";
import crypto from "node:crypto";
import fs from "node:fs";
import inspector from "node:inspector";
import os from "node:os";
import path from "node:path";
import { execute } from "graphql";
import pino from "pino";
import { openDatabase } from "../src/db/client.js";
import { createShop } from "../src/domain/shop.js";
import { createGraphQLContext } from "../src/graphql/context.js";
import { buildShopSchema } from "../src/graphql/schema.js";
import { STOREFRONT_BUILD } from "../src/http/app.js";
import { loadStorefrontEntry } from "../src/http/storefront.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { seedShopOfSize } from "./catalogue-seed.js";

// React's production build, as the server runs it (read when the storefront's build is first imported).
process.env.NODE_ENV = "production";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const renders = Number(process.env.BENCH_RENDERS ?? 200);
const keptSchema = process.env.BENCH_SCHEMA;
const schema = keptSchema ?? `bench_${crypto.randomBytes(4).toString("hex")}`;

/** A CPU profile of `work`, written to `${prefix}-${name}.cpuprofile`; no profile without a prefix. */
async function profiled(prefix: string | undefined, name: string, work: () => Promise<void>): Promise<void> {
  if (!prefix) return work();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post("Profiler.enable");
  await post("Profiler.start");
  await work();
  const { profile } = (await post("Profiler.stop")) as { profile: unknown };
  fs.writeFileSync(`${prefix}-${name}.cpuprofile`, JSON.stringify(profile));
  session.disconnect();
}

const entry = await loadStorefrontEntry(STOREFRONT_BUILD);
if (!entry) throw new Error("Build the client first: npm run build -w client.");
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-render-"));
const db = await openDatabase({ kind: "postgres", url, schema, poolSize: 10 });
try {
  await db.migrate();
  await seedShopOfSize(db.prisma, url, schema, { products, customers: 100, uploadsDir });
  const shop = createShop(db.prisma, {
    jwtSecret: "bench-secret-bench-secret-bench-secret!",
    tokenTtlSeconds: 3600,
    imageStore: new LocalImageStore(uploadsDir),
    events: db.events,
    readRows: db.readRows,
    searchRows: db.searchRows,
    searchIndex: true,
  });
  await shop.search.indexSettled();
  const graphqlSchema = await buildShopSchema();
  const logger = pino({ level: "silent" });
  const slug = (await db.prisma.product.findFirst({ where: { quantity: { gt: 0 } }, orderBy: { id: "desc" }, select: { slug: true } }))!.slug;
  const pages = [
    ["home", "/"],
    ["category", "/categories/Indoor%20Plants"],
    ["product", `/products/${slug}`],
    ["search", "/search?q=monstera"],
  ] as const;
  console.log(`\n== one server render at a time, ${(await db.prisma.product.count()).toLocaleString("en")} products, ${renders} renders a page (schema ${schema})`);
  console.log("| page | wall ms | CPU ms | of which queries ms | HTML kB |\n|---|---|---|---|---|");
  for (const [name, address] of pages) {
    let queryMs = 0;
    let html = 0;
    const render = async () => {
      // A guest context per page, as the server's renderer makes (its loaders batch the page's reads).
      const context = createGraphQLContext(shop, null, null, logger);
      const page = await entry.renderPage(address, {
        origin: "http://shop.example",
        runQuery: async ({ query, variables, operationName }) => {
          const started = performance.now();
          const result = await execute({ schema: graphqlSchema, document: query, variableValues: variables, operationName, contextValue: context });
          queryMs += performance.now() - started;
          return result as never;
        },
      });
      html = page.kind === "page" ? page.head.length + page.body.length + page.state.length : 0;
    };
    for (let n = 0; n < 30; n += 1) await render();
    queryMs = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await profiled(process.env.BENCH_PROFILE, name, async () => {
      for (let n = 0; n < renders; n += 1) await render();
    });
    const wall = (performance.now() - started) / renders;
    const used = process.cpuUsage(cpu);
    console.log(`| ${name} | ${wall.toFixed(2)} | ${((used.user + used.system) / 1000 / renders).toFixed(2)} | ${(queryMs / renders).toFixed(2)} | ${(html / 1000).toFixed(1)} |`);
  }
} finally {
  if (!keptSchema) await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await db.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
}
process.exit(0);
