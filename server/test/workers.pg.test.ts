// WEB_CONCURRENCY on PostgreSQL: `npm start` runs that many worker processes on one port. Migrations and
// the seed run once, before the workers start; SIGTERM drains every worker (WebSockets hear 1001) and the
// shop exits 0.
import { afterAll, describe, expect, it } from "vitest";
import { connectLive } from "./live-support.js";
import { postQuery, privateSchemaUrl, startShopProcess, stopAll, tempDataDir, workersOf } from "./processes.js";

afterAll(stopAll);

describe("one worker per core", () => {
  it("WEB_CONCURRENCY=2 on PostgreSQL: two workers on one port, prepared once, drained together on SIGTERM", async () => {
    const shop = await startShopProcess({ DATA_DIR: tempDataDir("shop-workers"), DATABASE_URL: privateSchemaUrl("workers"), WEB_CONCURRENCY: "2", METRICS_TOKEN: "workers-metrics-token-0123" });

    expect(shop.output()).toMatch(/Workers:\s+2 processes on one port/);
    expect(shop.output().match(/Applied \d+ migration/g)).toHaveLength(1);
    expect(shop.output().match(/Seeded the demo catalogue/g)).toHaveLength(1);
    expect(workersOf(shop.child.pid!)).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => postQuery(shop.url, "{ categories { nodes { id } } }")));
    for (const answer of answers) expect(answer.data.categories.nodes.length).toBeGreaterThanOrEqual(8);

    // /metrics, whichever worker answers it, adds up both workers' numbers (the primary gathers them).
    for (let scrape = 0; scrape < 3; scrape += 1) {
      const metrics = await (await fetch(`${shop.url}/metrics`, { headers: { authorization: "Bearer workers-metrics-token-0123", connection: "close" } })).text();
      expect(metrics).toMatch(/^shop_worker_processes 2$/m);
      const graphqlAnswers = metrics
        .split("\n")
        .filter((line) => line.startsWith('shop_http_request_duration_seconds_count{route="graphql"'))
        .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
      expect(graphqlAnswers).toBeGreaterThanOrEqual(8);
      expect(metrics).toMatch(/^shop_event_bus_listening 1$/m);
    }

    const socket = connectLive(shop.url);
    await new Promise((resolve) => socket.client.on("connected", resolve));
    shop.child.kill("SIGTERM");
    expect(await socket.closed).toMatchObject({ code: 1001 });
    expect(await shop.exited).toBe(0);
    expect(shop.output()).toMatch(/SIGTERM received: every worker finishes its in-flight requests/);
    await socket.dispose();
  }, 240_000);

});
