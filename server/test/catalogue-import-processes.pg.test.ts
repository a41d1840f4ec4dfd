// The catalogue import across a real kill -9 (`npm run catalogue:import -- file --apply` on PostgreSQL): the process
// is killed part-way through the application; the same command run again goes on from the last committed batch, and
// the shop ends with every product of the file exactly once, the counts those of the dry run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { privateSchemaUrl, stopAll, tempDataDir } from "./processes.js";

const PRODUCTS = 10_000;
const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.end();
  await stopAll();
});

/** The command as npm runs it, on the test's schema; resolves with its exit code (or the signal that ended it). */
function importCommand(env: Record<string, string>, file: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/catalogue-import.ts", file, "--apply"], {
    cwd: serverDir,
    env: { ...process.env, ...env, NODE_ENV: "test" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stderr })));
  return { child, ended };
}

describe("the catalogue import across a kill -9", () => {
  it(`${PRODUCTS} products: killed part-way, the same command again ends with each product once`, async () => {
    const url = privateSchemaUrl("importkill");
    const schema = new URL(url).searchParams.get("schema")!;
    const base = new URL(url);
    base.searchParams.delete("schema");
    const db = await openDatabase({ kind: "postgres", url: base.toString(), schema });
    try {
      await db.migrate();
      await db.prisma.category.create({ data: { name: "Ferns" } });
      await db.prisma.image.create({ data: { ref: "/uploads/fern.webp", state: "ready" } });
    } finally {
      await db.close();
    }
    const pool = new pg.Pool({ connectionString: base.toString(), options: `-c search_path="${schema}",public`, max: 2 });
    pools.push(pool);

    const dataDir = tempDataDir("import-kill");
    const file = path.join(dataDir, "ferns.csv");
    const rows = Array.from({ length: PRODUCTS }, (_, n) => `FERN-${n},fern-${n},Fern ${n},Ferns,A fern.,${(n % 50) + 1}.99,${n % 7},/uploads/fern.webp`);
    fs.writeFileSync(file, `sku,product_slug,product_name,category,description,price,stock,image_one\r\n${rows.join("\r\n")}\r\n`);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, PORT: "47915" };

    // Killed once some batches are committed, before the last one.
    const first = importCommand(env, file);
    for (;;) {
      const found = await pool.query<{ applied_rows: number }>("SELECT applied_rows FROM catalogue_imports ORDER BY id DESC LIMIT 1");
      if ((found.rows[0]?.applied_rows ?? 0) >= 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.child.kill("SIGKILL");
    const killed = await first.ended;
    expect(killed.signal).toBe("SIGKILL");
    const { rows: [halfway] } = await pool.query<{ status: string; applied_rows: number; count: string }>(
      "SELECT status, applied_rows, (SELECT count(*) FROM products) AS count FROM catalogue_imports",
    );
    expect(halfway.status).toBe("applying");
    expect(halfway.applied_rows).toBeLessThan(PRODUCTS);
    // Exactly the committed batches' products are there: the checkpoint moves in the batch's own transaction.
    expect(Number(halfway.count)).toBe(halfway.applied_rows);

    // The killed process's hold (2 minutes after its last batch) has run out: here, moved to the past.
    await pool.query("UPDATE catalogue_imports SET working_until = now() - interval '1 second'");
    const second = await importCommand(env, file).ended;
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`Going on with the unfinished import`);
    expect(second.stderr).toMatch(new RegExp(`created ${PRODUCTS}, updated 0, left unchanged 0 product\\(s\\)`));

    const { rows: [after] } = await pool.query<{ products: string; slugs: string; variants: string; imports: string; status: string }>(
      `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(DISTINCT slug) FROM products) AS slugs,
              (SELECT count(*) FROM product_variants) AS variants, (SELECT count(*) FROM catalogue_imports) AS imports,
              (SELECT status FROM catalogue_imports) AS status`,
    );
    expect(after).toEqual({ products: String(PRODUCTS), slugs: String(PRODUCTS), variants: String(PRODUCTS), imports: "1", status: "applied" });
  }, 300_000);
});
