// WEB_CONCURRENCY on PostgreSQL: `npm start` runs that many worker processes on one port. Migrations and
// the seed run once, before the workers start; SIGTERM drains every worker (WebSockets hear 1001) and the
// shop exits 0.
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectLive } from "./live-support.js";
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
  it("WEB_CONCURRENCY=2 on PostgreSQL: two workers on one port, prepared once, drained together on SIGTERM", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const schema = `workers_${crypto.randomBytes(4).toString("hex")}`;
    url.searchParams.set("schema", schema);
    cleanUpLater({ schema });
    const shop = await startShopProcess({ DATA_DIR: dataDir(), DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2" });

    expect(shop.output()).toMatch(/Workers:\s+2 processes on one port/);
    expect(shop.output().match(/Applied \d+ migration/g)).toHaveLength(1);
    expect(shop.output().match(/Seeded the demo catalogue/g)).toHaveLength(1);
    expect(workersOf(shop.child.pid!)).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => categoriesQuery(shop.url)));
    for (const answer of answers) expect(answer.data.categories.nodes.length).toBeGreaterThanOrEqual(8);

    const socket = connectLive(shop.url);
    await new Promise((resolve) => socket.client.on("connected", resolve));
    shop.child.kill("SIGTERM");
    expect(await socket.closed).toMatchObject({ code: 1001 });
    expect(await shop.exited).toBe(0);
    expect(shop.output()).toMatch(/SIGTERM received: every worker finishes its in-flight requests/);
    await socket.dispose();
  }, 240_000);

});
