// Read replicas for real (DATABASE_REPLICA_URL, db/read-routing.ts): a test primary and its streaming replica
// started by the `replica` project (scripts/test-replica.sh), statements counted per server with
// pg_stat_statements. Each side of the rule: the catalogue's reads on the replica; writes, other rooms'
// reads and read-your-writes on the primary; a replica behind a write is not read; a replica stopped ->
// reads on the primary with a log line and shop_db_replica_up 0, and back on the replica when it returns.
import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/client.js";
import { createShop, type Shop } from "../src/domain/shop.js";
import { Prisma } from "../src/generated/prisma/client.js";
import { registry } from "../src/metrics.js";
import { LocalImageStore } from "../src/storage/index.js";
import { privateSchemaUrl, stopAll, tempDataDir } from "./processes.js";

const script = path.resolve(import.meta.dirname, "../../scripts/test-replica.sh");
const primaryStats = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
const replicaStats = new pg.Pool({ connectionString: process.env.TEST_REPLICA_URL, max: 1 });
replicaStats.on("error", () => undefined);

/** Calls of statements whose text matches `pattern` on one server (pg_stat_statements, per server). */
async function calls(server: pg.Pool, pattern: string): Promise<number> {
  const { rows } = await server.query("SELECT COALESCE(sum(calls), 0)::int AS n FROM pg_stat_statements WHERE query ILIKE $1 AND query NOT ILIKE '%pg_stat_statements%'", [pattern]);
  return rows[0].n;
}

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const metric = async (name: string, labels: string): Promise<number | undefined> => {
  const line = (await registry.metrics()).split("\n").find((text) => text.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
};

let db: Database;
let shop: Shop;
let schemaPool: pg.Pool;
const logged: string[] = [];

beforeAll(async () => {
  const url = privateSchemaUrl("replicas");
  db = await openDatabase({
    kind: "postgres",
    url,
    replicaUrls: [process.env.TEST_REPLICA_URL!],
    replicaLog: { info: (_details, message) => logged.push(message), error: (_details, message) => logged.push(message) },
  });
  await db.migrate();
  const schema = new URL(url).searchParams.get("schema")!;
  schemaPool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path="${schema}",public`, max: 2 });
  shop = createShop(db.prisma, {
    jwtSecret: "replica-test-secret-0123456789abcdef",
    tokenTtlSeconds: 3600,
    imageStore: new LocalImageStore(tempDataDir("replica-uploads")),
    events: db.events,
    readRows: db.readRows,
    searchRows: db.searchRows,
    catalogue: { prisma: db.catalogue.prisma, readRows: db.catalogue.rows, searchRows: db.catalogue.searchRows },
  });
  const category = await schemaPool.query("INSERT INTO categories (name) VALUES ('Replica Plants') RETURNING id");
  for (let i = 0; i < 5; i += 1) {
    await schemaPool.query(
      "INSERT INTO products (slug, name, description, category_id, price_cents, quantity, image_one, updated_at) VALUES ($1, $2, 'Green.', $3, 1500, 10, '/uploads/r.png', now())",
      [`replica-fern-${i}`, `Replica Fern ${i}`, category.rows[0].id],
    );
  }
  await until("the replica has replayed the catalogue", () => db.catalogue.onReplica());
}, 60_000);

afterAll(async () => {
  execFileSync(script, ["start-replica"]);
  await db?.close();
  await schemaPool?.end();
  await stopAll();
  await primaryStats.end();
  await replicaStats.end();
});

describe("read replicas (DATABASE_REPLICA_URL)", () => {
  it("the catalogue's reads, hand-written and Prisma's, are answered by the replica, not the primary", async () => {
    const [replicaBefore, primaryBefore] = [await calls(replicaStats, "%FROM%products%"), await calls(primaryStats, "%FROM%products%")];
    for (let i = 0; i < 10; i += 1) {
      expect((await shop.catalog.list({})).map((product) => product.slug)).toContain("replica-fern-0");
      expect((await shop.catalog.bySlug("replica-fern-3")).name).toBe("Replica Fern 3");
    }
    const categoriesBefore = await calls(replicaStats, "%FROM%categories%");
    for (let i = 0; i < 5; i += 1) expect((await db.catalogue.prisma.category.findMany()).map((category) => category.name)).toContain("Replica Plants");
    expect((await calls(replicaStats, "%FROM%products%")) - replicaBefore).toBeGreaterThanOrEqual(20);
    expect((await calls(primaryStats, "%FROM%products%")) - primaryBefore).toBe(0);
    expect((await calls(replicaStats, "%FROM%categories%")) - categoriesBefore).toBeGreaterThanOrEqual(5);
  });

  it("other rooms' reads and every write go to the primary; a write is read back at once (read-your-writes)", async () => {
    const replicaBefore = await calls(replicaStats, "%AS primary_probe%");
    await db.readRows(Prisma.sql`SELECT count(*) AS primary_probe FROM products`);
    await db.prisma.product.count();
    expect((await calls(replicaStats, "%AS primary_probe%")) - replicaBefore).toBe(0);
    expect(await calls(primaryStats, "%AS primary_probe%")).toBeGreaterThanOrEqual(1);

    // A write through the catalogue's Prisma client lands on the primary (the replica is read-only: it
    // would refuse it), and the very next reads, Prisma's and hand-written, find it.
    const created = await db.catalogue.prisma.category.create({ data: { name: "Written Just Now" } });
    expect((await db.catalogue.prisma.category.findUnique({ where: { id: created.id } }))?.name).toBe("Written Just Now");
    await db.catalogue.prisma.product.create({
      data: { slug: "just-written-palm", name: "Just Written Palm", description: "Green.", categoryId: created.id, priceCents: 900, quantity: 3, imageOne: "/uploads/j.png" },
    });
    expect((await shop.catalog.bySlug("just-written-palm")).name).toBe("Just Written Palm");
    expect((await shop.catalog.list({})).map((product) => product.slug)).toContain("just-written-palm");
  });

  it("a replica behind a write is not read: the primary answers until it has replayed it (a kept answer is never filled from it)", async () => {
    await until("caught up", () => db.catalogue.onReplica());
    await replicaStats.query("SELECT pg_wal_replay_pause()");
    try {
      // Another process's write (not through this Database): this process hears of it by the catalogue's NOTIFY.
      await schemaPool.query("UPDATE products SET name = 'Renamed While Behind' WHERE slug = 'replica-fern-1'");
      await until("the write's news is heard", () => !db.catalogue.onReplica());
      const replicaBefore = await calls(replicaStats, "%FROM%products%");
      for (let i = 0; i < 5; i += 1) expect((await shop.catalog.bySlug("replica-fern-1")).name).toBe("Renamed While Behind");
      expect((await calls(replicaStats, "%FROM%products%")) - replicaBefore).toBe(0);
      expect(await metric("shop_db_catalogue_reads_total", 'server="primary",reason="behind"')).toBeGreaterThanOrEqual(5);
    } finally {
      await replicaStats.query("SELECT pg_wal_replay_resume()");
    }
    await until("the replica replays it", () => db.catalogue.onReplica());
    const replicaBefore = await calls(replicaStats, "%FROM%products%");
    expect((await shop.catalog.bySlug("replica-fern-1")).name).toBe("Renamed While Behind");
    expect((await calls(replicaStats, "%FROM%products%")) - replicaBefore).toBeGreaterThanOrEqual(1);
  });

  it("a read the replica answers with nothing is read again on the primary", async () => {
    await until("caught up", () => db.catalogue.onReplica());
    const before = (await metric("shop_db_catalogue_reads_total", 'server="primary",reason="replica_empty"')) ?? 0;
    await expect(shop.catalog.bySlug("no-such-plant")).rejects.toThrow();
    expect(await metric("shop_db_catalogue_reads_total", 'server="primary",reason="replica_empty"')).toBe(before + 1);
  });

  it("the replica stopped: reads go to the primary, with a log line and shop_db_replica_up 0; they come back when it returns", async () => {
    const label = `replica="127.0.0.1:${new URL(process.env.TEST_REPLICA_URL!).port}"`;
    expect(await metric("shop_db_replica_up", label)).toBe(1);
    execFileSync(script, ["stop-replica"]);
    // Reads keep answering, from the primary.
    const primaryBefore = await calls(primaryStats, "%FROM%products%");
    for (let i = 0; i < 5; i += 1) expect((await shop.catalog.bySlug("replica-fern-2")).name).toBe("Replica Fern 2");
    expect((await calls(primaryStats, "%FROM%products%")) - primaryBefore).toBeGreaterThanOrEqual(5);
    expect(logged.some((line) => line.startsWith("The read replica does not answer"))).toBe(true);
    expect(await metric("shop_db_replica_up", label)).toBe(0);
    expect(db.catalogue.onReplica()).toBe(false);

    execFileSync(script, ["start-replica"]);
    await until("the replica is read again", () => db.catalogue.onReplica(), 30_000);
    expect(logged.some((line) => line.startsWith("The read replica answers again"))).toBe(true);
    expect(await metric("shop_db_replica_up", label)).toBe(1);
    const replicaBefore = await calls(replicaStats, "%FROM%products%");
    expect((await shop.catalog.bySlug("replica-fern-2")).name).toBe("Replica Fern 2");
    expect((await calls(replicaStats, "%FROM%products%")) - replicaBefore).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
