// npm run catalogue:export: the catalogue's CSV from the database the configuration names (here an embedded
// one in a folder of the test's own), to a file (complete or not at all) or to standard output.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { CATALOGUE_CSV_COLUMNS } from "../src/domain/catalogue-transfer/index.js";

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
let dataDir: string;
let workDir: string;

/** The command as npm runs it, in `workDir` (INIT_CWD), on the test's database; a port nothing answers on. */
const exportCommand = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", path.join(serverDir, "src/catalogue-export.ts"), ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, PORT: "47913", INIT_CWD: workDir, NODE_ENV: "test" },
    maxBuffer: 16 * 1024 * 1024,
  });

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-export-"));
  dataDir = path.join(workDir, "data");
  const db = await openDatabase({ kind: "pglite", dataDir });
  try {
    await db.migrate();
    const category = await db.prisma.category.create({ data: { name: "Ferns" } });
    await db.prisma.product.create({
      data: { slug: "boston-fern", name: "Boston Fern", description: 'Soft, arching "fronds".\nLikes humidity.', categoryId: category.id, priceCents: 1999, quantity: 4, imageOne: "/uploads/fern.jpg" },
    });
  } finally {
    await db.close();
  }
}, 120_000);
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe("npm run catalogue:export", () => {
  it("writes the file given with --out (relative to where npm runs), complete, and says how many rows", async () => {
    const { stdout, stderr } = await exportCommand("--out", "catalogue.csv");
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^Exported 1 variant row\(s\) to .*catalogue\.csv in \d+\.\d s\.\n$/);
    const rows = parse(fs.readFileSync(path.join(workDir, "catalogue.csv"), "utf8")) as string[][];
    expect(rows[0]).toEqual([...CATALOGUE_CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => row.slice(0, 9))).toEqual([["BOSTON-FERN", "boston-fern", "Boston Fern", "Ferns", 'Soft, arching "fronds".\nLikes humidity.', "", "19.99", "", "4"]]);
    expect(fs.readdirSync(workDir).filter((name) => name.includes(".partial"))).toEqual([]);
  }, 120_000);

  it("without --out writes the CSV alone to standard output; an unknown option is refused with the usage", async () => {
    const { stdout } = await exportCommand();
    expect(stdout.startsWith(`${CATALOGUE_CSV_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(parse(stdout)).toHaveLength(2);
    const refused = await exportCommand("--outt", "x.csv").catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("Usage: npm run catalogue:export") });
  }, 120_000);
});
