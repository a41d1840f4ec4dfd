// npm run bench:catalogue-import — how long importing a catalogue file takes, how much memory it holds, and
// what it costs the shop serving meanwhile, on real PostgreSQL at real size. A private schema of
// BENCH_DATABASE_URL (default: the local `test` database) gets the demo shop; a file of BENCH_PRODUCTS new
// products (default 100000; every tenth with three variants, so about 1.2 rows a product) is written; then:
//   1. the shop (one process, bench/serve.ts) answers 20 clients reading a product page (GraphQL product by
//      slug, uncached POST) for BENCH_SECONDS (10): the p99 before;
//   2. the dry run, then the application, each in a child process of its own (its peak RSS is the import's),
//      with the same 20 clients reading throughout: the p99 during each;
//   3. the same file imported again (everything unchanged): the idempotent second run's time.
// The schema is dropped afterwards.
import crypto from "node:crypto";
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { stringify } from "csv-stringify/sync";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { CATALOGUE_CSV_COLUMNS, CatalogueImports } from "../src/domain/catalogue-transfer/index.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { seedDatabase } from "../seed/demo-shop.js";
import { startAppProcess } from "./app-process.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const here = path.dirname(new URL(import.meta.url).pathname);

interface Measured {
  phase: "check" | "apply";
  id: number;
  seconds: number;
  peakRssMb: number;
  summary: string;
}

/** In the child: the dry run of the file (a new import) or the application of import `id`. */
async function measure(schema: string, phase: "check" | "apply", target: string): Promise<Measured> {
  const db = await openDatabase({ kind: "postgres", url, schema, poolSize: 2 });
  try {
    const imports = new CatalogueImports(db.prisma);
    const started = performance.now();
    const view = phase === "check" ? await imports.checkForOperator("bench.csv", fs.readFileSync(target)) : await imports.applyForOperator(Number(target));
    const counts = phase === "check" ? view.planned! : view.applied!;
    return {
      phase,
      id: view.id,
      seconds: (performance.now() - started) / 1000,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      summary: `created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}, refused ${counts.refused}`,
    };
  } finally {
    await db.close();
  }
}

function inChild(schema: string, phase: "check" | "apply", target: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "catalogue-import.ts"), ["measure", schema, phase, target], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.once("message", (message) => resolve(message as Measured));
    child.once("exit", (code) => (code === 0 ? undefined : reject(new Error(`the ${phase} child exited with ${code}`))));
  });
}

/** 20 clients reading a product page until `work` is over (or for BENCH_SECONDS without work): their p99 and req/s. */
async function readersDuring<T>(port: number, slug: string, work?: () => Promise<T>): Promise<{ p50: number; p99: number; rps: number; result?: T }> {
  const reading = autocannon({
    url: `http://127.0.0.1:${port}/graphql`,
    connections: 20,
    duration: work ? 24 * 3600 : seconds,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "query($slug: String!) { product(slug: $slug) { id slug name price unitPrice quantity imageOne category { id name } } }", variables: { slug } }),
  });
  let result: T | undefined;
  if (work) {
    result = await work();
    (reading as unknown as { stop(): void }).stop();
  }
  const done = await reading;
  if (done.non2xx > 0 || done.errors > 0) throw new Error(`readers: ${done.non2xx} non-2xx answers, ${done.errors} errors`);
  return { p50: done.latency.p50, p99: done.latency.p99, rps: Math.round(done.requests.average), result };
}

/** The file: `products` new products of the demo's categories and picture, every tenth with three pot sizes. */
function catalogueFile(products: number, categories: string[], picture: string): string {
  const rows: string[][] = [[...CATALOGUE_CSV_COLUMNS]];
  const column = (name: string) => CATALOGUE_CSV_COLUMNS.indexOf(name as (typeof CATALOGUE_CSV_COLUMNS)[number]);
  for (let n = 0; n < products; n += 1) {
    const sizes = n % 10 === 0 ? ["12 cm", "17 cm", "24 cm"] : [null];
    sizes.forEach((size, index) => {
      const row = CATALOGUE_CSV_COLUMNS.map(() => "");
      row[column("sku")] = size ? `IMP-${n}-${index}` : `IMP-${n}`;
      row[column("product_slug")] = `imported-plant-${n}`;
      row[column("product_name")] = `Imported Plant ${n}`;
      row[column("category")] = categories[n % categories.length];
      row[column("description")] = `A sturdy plant from the supplier's list, number ${n}. Bright indirect light, water weekly.`;
      row[column("price")] = `${5 + (n % 90)}.${String(n % 100).padStart(2, "0")}`;
      row[column("stock")] = String(n % 50);
      row[column("enabled")] = "true";
      if (size) [row[column("option1_name")], row[column("option1_value")]] = ["Pot size", size];
      row[column("image_one")] = picture;
      rows.push(row);
    });
  }
  return stringify(rows, { record_delimiter: "\r\n" });
}

async function main(products: number): Promise<void> {
  const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  const db = await openDatabase({ kind: "postgres", url, schema });
  let app: Awaited<ReturnType<typeof startAppProcess>> | undefined;
  try {
    await db.migrate();
    await seedDatabase(db.prisma, { adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_ADMIN_PASSWORD, demo: true, imageStore: new LocalImageStore(workDir) });
    const categories = (await db.prisma.category.findMany({ orderBy: { id: "asc" } })).map((category) => category.name);
    const demo = await db.prisma.product.findFirstOrThrow({ orderBy: { id: "asc" } });
    const file = path.join(workDir, "catalogue.csv");
    fs.writeFileSync(file, catalogueFile(products, categories, demo.imageOne));
    const rows = (fs.readFileSync(file, "utf8").match(/\r\n/g)?.length ?? 1) - 1;
    console.log(`\n== importing ${products.toLocaleString("en")} products (${rows.toLocaleString("en")} rows, ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB) into schema ${schema}`);

    app = await startAppProcess({ url, schema, uploadsDir: workDir, clientDist: path.join(workDir, "no-client") });
    const before = await readersDuring(app.port, demo.slug);
    console.log(`product page, 20 clients, before:        ${before.rps} req/s, p50 ${before.p50} ms, p99 ${before.p99} ms`);
    const check = await readersDuring(app.port, demo.slug, () => inChild(schema, "check", file));
    console.log(`dry run:  ${check.result!.seconds.toFixed(1)} s, peak RSS ${check.result!.peakRssMb.toFixed(0)} MB (${check.result!.summary}); readers meanwhile ${check.rps} req/s, p99 ${check.p99} ms`);
    const apply = await readersDuring(app.port, demo.slug, () => inChild(schema, "apply", String(check.result!.id)));
    console.log(`apply:    ${apply.result!.seconds.toFixed(1)} s, peak RSS ${apply.result!.peakRssMb.toFixed(0)} MB (${apply.result!.summary}); readers meanwhile ${apply.rps} req/s, p99 ${apply.p99} ms`);
    const again = await inChild(schema, "check", file);
    const againApplied = await inChild(schema, "apply", String(again.id));
    console.log(`the same file again: dry run ${again.seconds.toFixed(1)} s, apply ${againApplied.seconds.toFixed(1)} s (${againApplied.summary})`);
    console.log(`products now: ${(await db.prisma.product.count()).toLocaleString("en")}, variants: ${(await db.prisma.productVariant.count()).toLocaleString("en")}`);
  } finally {
    app?.child.kill();
    await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "measure") {
  const result = await measure(process.argv[3]!, process.argv[4] as "check" | "apply", process.argv[5]!);
  process.send!(result, () => process.exit(0));
} else {
  const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
  if (!(Number.isInteger(products) && products >= 100)) throw new Error(`BENCH_PRODUCTS: "${process.env.BENCH_PRODUCTS}" is not a number of products of at least 100.`);
  await main(products);
}
