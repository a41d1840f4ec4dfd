// WEB_CONCURRENCY on the embedded database: it lives in a single process, so the shop runs one and says
// so. The workers on PostgreSQL are in workers.pg.test.ts.
import { afterAll, describe, expect, it } from "vitest";
import { postQuery, startShopProcess, stopAll, tempDataDir, workersOf } from "./processes.js";

afterAll(stopAll);

describe("one worker per core", () => {
  it("WEB_CONCURRENCY=2 on the embedded database: one process, and the log says why", async () => {
    const shop = await startShopProcess({ DATA_DIR: tempDataDir("shop-workers"), DATABASE_URL: "", WEB_CONCURRENCY: "2" });
    expect(shop.output()).toMatch(/WEB_CONCURRENCY=2 ignored: the embedded database serves one process/);
    expect(shop.output()).not.toMatch(/Workers:/);
    expect(workersOf(shop.child.pid!)).toHaveLength(0);
    expect((await postQuery(shop.url, "{ categories { nodes { id } } }")).data.categories.nodes.length).toBeGreaterThanOrEqual(8);
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  }, 240_000);
});
