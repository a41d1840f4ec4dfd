// npm run catalogue:import: the dry run alone by default (nothing changes), --apply to apply it, the same file
// again changes nothing, --pictures stores a zip's photos for the rows to name; a bad file or a missing one is
// refused with the reason and exit code 1.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { openDatabase } from "../src/db/client.js";
import { JPEG } from "./fixtures/images.js";

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
let dataDir: string;
let workDir: string;

const importCommand = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", path.join(serverDir, "src/catalogue-import.ts"), ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, PORT: "47914", INIT_CWD: workDir, NODE_ENV: "test" },
  });

/** The products' slugs and prices (cents) in the test's database. */
async function products(): Promise<[string, number][]> {
  const db = await openDatabase({ kind: "pglite", dataDir });
  try {
    return (await db.prisma.product.findMany({ orderBy: { slug: "asc" } })).map((product) => [product.slug, product.priceCents]);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-import-"));
  dataDir = path.join(workDir, "data");
  const db = await openDatabase({ kind: "pglite", dataDir });
  try {
    await db.migrate();
    await db.prisma.category.create({ data: { name: "Ferns" } });
    await db.prisma.image.create({ data: { ref: "/uploads/fern.webp", state: "ready" } });
  } finally {
    await db.close();
  }
  fs.writeFileSync(
    path.join(workDir, "ferns.csv"),
    "sku,product_slug,product_name,category,description,price,stock,image_one\r\n" +
      "FERN-1,boston-fern,Boston Fern,Ferns,Soft fronds.,19.99,4,/uploads/fern.webp\r\n" +
      "FERN-2,maidenhair,Maidenhair Fern,Ferns,Fine leaves.,twelve,3,/uploads/fern.webp\r\n",
  );
}, 120_000);
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe("npm run catalogue:import", () => {
  it("prints the dry run and changes nothing; with --apply applies it; the same file again leaves every product unchanged", async () => {
    const dryRun = await importCommand("ferns.csv");
    expect(dryRun.stderr).toContain("would create 1, update 0, leave unchanged 0 product(s); refused 1 (1 row(s)).");
    expect(dryRun.stderr).toContain("line 3: price 'twelve' is not a number");
    expect(dryRun.stderr).toContain("Nothing was changed.");
    expect(await products()).toEqual([]);

    const applied = await importCommand("ferns.csv", "--apply");
    expect(applied.stderr).toMatch(/Applied in \d+\.\d s: created 1, updated 0, left unchanged 0 product\(s\); refused 1 \(1 row\(s\)\)\./);
    expect(await products()).toEqual([["boston-fern", 1999]]);

    const again = await importCommand("ferns.csv", "--apply");
    expect(again.stderr).toContain("created 0, updated 0, left unchanged 1 product(s)");
    expect(await products()).toEqual([["boston-fern", 1999]]);
  }, 180_000);

  it("with --pictures stores the zip's photos first, and rows name them by file name", async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(JPEG, "photos/Palm.jpg");
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    fs.writeFileSync(path.join(workDir, "photos.zip"), Buffer.concat(chunks));
    fs.writeFileSync(path.join(workDir, "palms.csv"), "sku,product_slug,product_name,category,description,price,stock,image_one\r\nPALM-1,palm,Palm,Ferns,Tall.,30.00,2,palm.jpg\r\n");
    const applied = await importCommand("palms.csv", "--pictures", "photos.zip", "--apply");
    expect(applied.stderr).toMatch(/Stored 1 of 1 picture\(s\)/);
    expect(applied.stderr).toContain("created 1, updated 0");
    const db = await openDatabase({ kind: "pglite", dataDir });
    try {
      const palm = await db.prisma.product.findUniqueOrThrow({ where: { slug: "palm" } });
      expect(palm.imageOne).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
      expect(await db.prisma.image.count({ where: { ref: palm.imageOne } })).toBe(1);
    } finally {
      await db.close();
    }
  }, 180_000);

  it("refuses a file that is not UTF-8 CSV, or not there, with the reason and exit code 1", async () => {
    fs.writeFileSync(path.join(workDir, "latin1.csv"), Buffer.from("sku,product_name,category,price,stock\r\nA,Caf\xe9,Ferns,1,1\r\n", "latin1"));
    const refused = await importCommand("latin1.csv").catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("Cannot import the catalogue: The file is not UTF-8 text") });
    const missing = await importCommand("nowhere.csv").catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining("Cannot import the catalogue: there is no file") });
  }, 120_000);
});
