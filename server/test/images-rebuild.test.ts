// npm run images:rebuild, as a shop owner runs it on a stopped shop with pictures stored before renditions
// existed: a progress bar, every rendition made, the stored photo stripped of its metadata; run again, it
// has nothing to do (idempotent).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { privateSchemaUrl, stopAll, tempDataDir } from "./processes.js";
import { onPostgres } from "./support.js";

afterAll(stopAll);

const serverDir = path.resolve(import.meta.dirname, "..");

function rebuild(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/images-rebuild.ts"], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: "development", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe(`npm run images:rebuild on ${onPostgres ? "PostgreSQL" : "the embedded database"}`, () => {
  it("makes every missing rendition with a progress bar, strips the stored photo, then has nothing left to do", async () => {
    const dataDir = tempDataDir("rebuild");
    const uploads = path.join(dataDir, "uploads");
    fs.mkdirSync(uploads, { recursive: true });
    const key = "aaaabbbbccccddddeeeeffff00001111.jpg";
    fs.writeFileSync(
      path.join(uploads, key),
      await sharp({ create: { width: 900, height: 600, channels: 3, background: "#557a46" } })
        .withExif({ IFD0: { Make: "Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2600/100" } })
        .jpeg()
        .toBuffer(),
    );
    const databaseUrl = onPostgres ? privateSchemaUrl("rebuild") : null;
    const db = await openDatabase(databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir });
    await db.migrate();
    const category = await db.prisma.category.create({ data: { name: "Old Ferns" } });
    await db.prisma.product.create({ data: { slug: "old-fern", name: "Old Fern", description: "x", categoryId: category.id, priceCents: 100, quantity: 1, imageOne: `/uploads/${key}` } });
    await db.close();

    const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const first = await rebuild(env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("1 picture(s) to make renditions for.");
    expect(first.output).toMatch(/\[#{30}\] 1\/1 100% \/uploads\/aaaabbbbccccddddeeeeffff00001111\.jpg: 9 rendition\(s\)/);
    expect(first.output).toMatch(/Made 9 rendition\(s\) for 1 picture\(s\)/);
    expect((await sharp(fs.readFileSync(path.join(uploads, key))).metadata()).exif).toBeUndefined();
    // The stored photo and 320, 640 and 900 px in AVIF, WebP and JPEG.
    expect(fs.readdirSync(uploads)).toHaveLength(10);

    const second = await rebuild(env);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain("Every stored picture already has its renditions.");
    expect(fs.readdirSync(uploads)).toHaveLength(10);
  }, 120_000);
});
