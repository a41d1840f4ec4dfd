// WEB_CONCURRENCY on the embedded database: it lives in a single process, so the shop runs one and says
// so. The workers on PostgreSQL are in workers.pg.test.ts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanUpLater, startShopProcess, stopAll } from "./processes.js";

afterAll(stopAll);

/** The worker processes the shop's process started. */
const workersOf = (pid: number): number[] => {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};

const categoriesQuery = async (url: string) =>
  (
    await fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ categories { nodes { id } } }" }) })
  ).json();

function dataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-workers-"));
  cleanUpLater({ folder });
  return folder;
}

describe("one worker per core", () => {
  it("WEB_CONCURRENCY=2 on the embedded database: one process, and the log says why", async () => {
    const shop = await startShopProcess({ DATA_DIR: dataDir(), DATABASE_URL: "", WEB_CONCURRENCY: "2" });
    expect(shop.output()).toMatch(/WEB_CONCURRENCY=2 ignored: the embedded database serves one process/);
    expect(shop.output()).not.toMatch(/Workers:/);
    expect(workersOf(shop.child.pid!)).toHaveLength(0);
    expect((await categoriesQuery(shop.url)).data.categories.nodes.length).toBeGreaterThanOrEqual(8);
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  }, 240_000);
});
