// npm run bench:catalogue-export — how long the catalogue's CSV export takes and how much memory it holds, on
// real PostgreSQL at real catalogue size: a private schema of BENCH_DATABASE_URL (default: the local `test`
// database) is seeded with the demo shop, then filled to BENCH_PRODUCTS products (default 100000; a list
// such as "10000,100000" runs each; about 2.5 variants a product, bench/variants-seed.ts). The export runs
// in a child process of its own (so its peak RSS is the export's, not the seeding's), writing the file to
// nowhere; a second child only opens the database, for the baseline. The schema is dropped afterwards.
import crypto from "node:crypto";
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { CatalogueExport } from "../src/domain/catalogue-transfer/index.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { seedDatabase } from "../seed/demo-shop.js";
import { seedBenchShop } from "./catalogue-seed.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const here = path.dirname(new URL(import.meta.url).pathname);

interface Measured {
  seconds: number;
  rows: number;
  bytes: number;
  /** Peak resident set of the child process, MB (process.resourceUsage().maxRSS). */
  peakRssMb: number;
  peakHeapMb: number;
}

/** In the child: open the schema, export (or not, for the baseline), report. */
async function measure(schema: string, mode: "export" | "baseline"): Promise<Measured> {
  const db = await openDatabase({ kind: "postgres", url, schema, poolSize: 2 });
  let peakHeap = 0;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 25);
  try {
    const started = performance.now();
    let bytes = 0;
    let rows = 0;
    if (mode === "export") {
      const file = await new CatalogueExport(db.readRows).openForOperator();
      await file.writeTo(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done();
          },
        }),
      );
      rows = file.rowCount;
    } else {
      await db.ping();
    }
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    return { seconds: (performance.now() - started) / 1000, rows, bytes, peakRssMb: process.resourceUsage().maxRSS / 1024, peakHeapMb: peakHeap / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
    await db.close();
  }
}

function inChild(schema: string, mode: "export" | "baseline"): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "catalogue-export.ts"), ["measure", schema, mode], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.once("message", (message) => resolve(message as Measured));
    child.once("exit", (code) => (code === 0 ? undefined : reject(new Error(`the ${mode} child exited with ${code}`))));
  });
}

async function benchSize(products: number): Promise<void> {
  const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
  const db = await openDatabase({ kind: "postgres", url, schema });
  try {
    await db.migrate();
    const seedStart = Date.now();
    await seedDatabase(db.prisma, { adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_ADMIN_PASSWORD, demo: true, imageStore: new LocalImageStore(uploadsDir) });
    const demoProducts = await db.prisma.product.count();
    await seedBenchShop(url, schema, { products: Math.max(0, products - demoProducts), customers: 0, orders: 0 });
    const [productCount, variantCount] = await Promise.all([db.prisma.product.count(), db.prisma.productVariant.count()]);
    console.log(`\n== ${productCount.toLocaleString("en")} products, ${variantCount.toLocaleString("en")} variants (schema ${schema}, seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s)`);
    const baseline = await inChild(schema, "baseline");
    const runs = [await inChild(schema, "export"), await inChild(schema, "export"), await inChild(schema, "export")];
    const best = runs.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
    const worstRss = Math.max(...runs.map((run) => run.peakRssMb));
    console.log(`baseline (open the database only): peak RSS ${baseline.peakRssMb.toFixed(0)} MB`);
    for (const [index, run] of runs.entries()) {
      console.log(
        `export run ${index + 1}: ${run.rows.toLocaleString("en")} rows, ${(run.bytes / 1024 / 1024).toFixed(1)} MB of CSV in ${run.seconds.toFixed(2)} s` +
          ` (${Math.round(run.rows / run.seconds).toLocaleString("en")} rows/s); peak RSS ${run.peakRssMb.toFixed(0)} MB, peak heap ${run.peakHeapMb.toFixed(0)} MB`,
      );
    }
    console.log(`best ${best.seconds.toFixed(2)} s; peak RSS at most ${worstRss.toFixed(0)} MB (${(worstRss - baseline.peakRssMb).toFixed(0)} MB over the baseline)`);
  } finally {
    await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "measure") {
  const result = await measure(process.argv[3]!, process.argv[4] as "export" | "baseline");
  process.send!(result, () => process.exit(0));
} else {
  const sizes = (process.env.BENCH_PRODUCTS ?? "100000").split(",").map((size) => Number(size.trim()));
  for (const size of sizes) {
    if (!(Number.isInteger(size) && size >= 100)) throw new Error(`BENCH_PRODUCTS: "${size}" is not a number of products of at least 100.`);
    await benchSize(size);
  }
}
