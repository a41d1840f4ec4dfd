// Read replicas for real (DATABASE_REPLICA_URL, db/read-routing.ts): a test primary and its streaming replica
// started by the `replica` project (scripts/test-replica.sh), statements counted per server with
// pg_stat_statements. Each side of the rule: the catalogue's reads on the replica; writes, other rooms'
// reads and read-your-writes on the primary; a replica behind a write is not read; a replica stopped ->
// reads on the primary with a log line and shop_db_replica_up 0, and back on the replica when it returns.
import { execFileSync } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { graphql, type GraphQLSchema } from "graphql";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/client.js";
import { createShop, type Shop } from "../src/domain/shop.js";
import { createGraphQLContext } from "../src/graphql/context.js";
import { buildShopSchema } from "../src/graphql/schema.js";
import { createApp } from "../src/http/app.js";
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

/**
 * Reads of the catalogue's tables (products, categories, pictures, options and variants) on one server:
 * Prisma's statements ("schema"."products") and the hand-written ones (products p JOIN categories c).
 */
const CATALOGUE_READ = String.raw`(FROM|JOIN)\s+("[^"]+"\.)?"?(products|categories|images|product_options|product_option_values|product_variants|product_variant_values)"?(\s|$|,|\))`;
/** Each catalogue read statement on one server with its calls so far. */
async function catalogueReads(server: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await server.query(
    "SELECT query, sum(calls)::int AS n FROM pg_stat_statements WHERE query ~* $1 AND query !~* '^\\s*(INSERT|UPDATE|DELETE)' AND query NOT ILIKE '%pg_stat_statements%' GROUP BY query",
    [CATALOGUE_READ],
  );
  return new Map(rows.map((row: { query: string; n: number }) => [row.query, row.n]));
}

/** The catalogue reads `work` makes on each server: how many, and on the primary which (to name them when one should not be there). */
async function readsOf(work: () => Promise<unknown>): Promise<{ primary: number; replica: number; onPrimary: string[] }> {
  const [primaryBefore, replicaBefore] = [await catalogueReads(primaryStats), await catalogueReads(replicaStats)];
  await work();
  const [primaryAfter, replicaAfter] = [await catalogueReads(primaryStats), await catalogueReads(replicaStats)];
  const made = (before: Map<string, number>, after: Map<string, number>) => [...after].filter(([query, n]) => n > (before.get(query) ?? 0));
  const sum = (before: Map<string, number>, after: Map<string, number>) => made(before, after).reduce((total, [query, n]) => total + n - (before.get(query) ?? 0), 0);
  return { primary: sum(primaryBefore, primaryAfter), replica: sum(replicaBefore, replicaAfter), onPrimary: made(primaryBefore, primaryAfter).map(([query]) => query) };
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
let graphqlSchema: GraphQLSchema;
let server: http.Server;
let stopApp: () => Promise<void>;
let origin: string;
const logged: string[] = [];
const tokens = { admin: "", shopper: "" };

/** A GraphQL operation through the real schema, as the holder of `token` (or a guest). */
async function gql<T = Record<string, unknown>>(source: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const viewer = await shop.tokens.viewerFromAuthorization(token ? `Bearer ${token}` : undefined);
  const result = await graphql({ schema: graphqlSchema, source, variableValues: variables, contextValue: createGraphQLContext(shop, viewer, null) });
  expect(result.errors).toBeUndefined();
  return result.data as T;
}

/** The product page's fields and a list's, with what their loaders bring: category, pictures, options and variants, rating. */
const PRODUCT_FIELDS = "id name slug averageRating peopleRated rating category { name } image { url srcSet } images { url } options { name } variants { sku image { url } }";

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
  // The products' picture has its row, as every stored picture does (a ref without one is asked of the primary).
  await schemaPool.query("INSERT INTO images (ref, width, height, state, renditions, updated_at) VALUES ('/uploads/r.png', 640, 640, 'ready', '[]', now())");
  for (let i = 0; i < 5; i += 1) {
    // Sold in one variant (no options; the database gives a new product its default variant).
    await schemaPool.query(
      "INSERT INTO products (slug, name, description, category_id, price_cents, quantity, image_one, updated_at) VALUES ($1, $2, 'Green.', $3, 1500, 10, '/uploads/r.png', now())",
      [`replica-fern-${i}`, `Replica Fern ${i}`, category.rows[0].id],
    );
  }
  const admin = await shop.accounts.createUser({ name: "Replica Admin", email: "replica-admin@example.com", password: "correct-horse-battery", role: "admin", phone: null, address: null });
  await db.prisma.user.update({ where: { id: admin.id }, data: { staffRole: "owner" } });
  tokens.admin = (await shop.tokens.issue(admin)).token;
  const shopper = await shop.accounts.createUser({ name: "Replica Shopper", email: "replica-shopper@example.com", password: "correct-horse-battery", role: "user", phone: null, address: null });
  tokens.shopper = (await shop.tokens.issue(shopper)).token;
  graphqlSchema = await buildShopSchema();
  const app = await createApp(
    { env: "test", introspection: false, corsOrigins: [], uploadsDir: tempDataDir("replica-app-uploads"), publicUrl: "http://shop.test", catalogueCacheSeconds: 0 },
    shop,
    db,
  );
  stopApp = app.stop;
  server = http.createServer(app.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  await until("the replica has replayed the catalogue", () => db.catalogue.onReplica());
}, 60_000);

afterAll(async () => {
  execFileSync(script, ["start-replica"]);
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await stopApp?.();
  await shop?.images.renditions.stop();
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

  it("a product page with its loaders' fields (category, pictures, options and variants, rating) reads the catalogue on the replica only", async () => {
    await until("caught up", () => db.catalogue.onReplica());
    const query = `query ($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`;
    const reads = await readsOf(async () => {
      for (let i = 0; i < 3; i += 1) {
        const { product } = await gql<{ product: { category: { name: string }; image: { url: string }; variants: { sku: string }[] } }>(query, { slug: `replica-fern-${i}` });
        expect(product.category.name).toBe("Replica Plants");
        expect(product.variants.map((variant) => variant.sku)).toEqual([`REPLICA-FERN-${i}`]);
      }
    });
    expect(reads.onPrimary).toEqual([]);
    expect(reads.replica).toBeGreaterThanOrEqual(3);
  });

  it("a list of products with its loaders' fields, and a signed-in shopper's list, read the catalogue on the replica only", async () => {
    await until("caught up", () => db.catalogue.onReplica());
    const query = `query { products(first: 24, category: "Replica Plants") { totalCount nodes { ${PRODUCT_FIELDS} } } }`;
    const reads = await readsOf(async () => {
      for (const token of [undefined, tokens.shopper]) {
        const { products } = await gql<{ products: { totalCount: number; nodes: { variants: unknown[]; images: unknown[] }[] } }>(query, {}, token);
        expect(products.totalCount).toBe(5);
        expect(products.nodes.every((product) => product.variants.length === 1 && product.images.length === 1)).toBe(true);
      }
    });
    expect(reads.onPrimary).toEqual([]);
    expect(reads.replica).toBeGreaterThanOrEqual(2);
  });

  it("the sitemaps and the REST whole lists (products, categories) read the catalogue on the replica only", async () => {
    await until("caught up", () => db.catalogue.onReplica());
    const reads = await readsOf(async () => {
      const index = await fetch(`${origin}/sitemap.xml`);
      expect(index.status).toBe(200);
      const products = await (await fetch(`${origin}/sitemaps/products-1.xml`)).text();
      expect(products).toContain("/products/replica-fern-0");
      expect(await (await fetch(`${origin}/sitemaps/categories.xml`)).text()).toContain("/categories/Replica%20Plants");
      const list = (await (await fetch(`${origin}/public/api/products?category=Replica%20Plants`)).json()) as { slug: string }[];
      expect(list.map((product) => product.slug)).toContain("replica-fern-4");
      const categories = (await (await fetch(`${origin}/public/api/categories`)).json()) as { name: string }[];
      expect(categories.map((category) => category.name)).toContain("Replica Plants");
      const one = (await (await fetch(`${origin}/public/api/products/replica-fern-2`)).json()) as { slug: string }[];
      expect(one[0].slug).toBe("replica-fern-2");
    });
    expect(reads.onPrimary).toEqual([]);
    expect(reads.replica).toBeGreaterThanOrEqual(6);
  });

  it("an admin's product screens read the primary (their own write shows at once), as do a shopper's favourites", async () => {
    await until("caught up", () => db.catalogue.onReplica());
    const admin = await readsOf(async () => {
      const { product } = await gql<{ product: { variants: unknown[] } }>(`query { product(slug: "replica-fern-3") { ${PRODUCT_FIELDS} } }`, {}, tokens.admin);
      expect(product.variants).toHaveLength(1);
      const { products } = await gql<{ products: { nodes: { slug: string }[] } }>(`query { products(first: 24, name: "Replica Fern") { totalCount nodes { ${PRODUCT_FIELDS} } } }`, {}, tokens.admin);
      expect(products.nodes.map((node) => node.slug)).toContain("replica-fern-0");
    });
    expect(admin.replica).toBe(0);
    expect(admin.primary).toBeGreaterThanOrEqual(3);

    const { product } = await gql<{ product: { id: number } }>(`query { product(slug: "replica-fern-1") { id } }`);
    await gql(`mutation ($id: Int!) { toggleFavourite(productId: $id) { isFavourite } }`, { id: product.id }, tokens.shopper);
    const favourites = await readsOf(async () => {
      const { favourites: page } = await gql<{ favourites: { nodes: { slug: string }[] } }>(`query { favourites { nodes { slug } } }`, {}, tokens.shopper);
      expect(page.nodes.map((node) => node.slug)).toEqual(["replica-fern-1"]);
      expect((await gql<{ isFavourite: boolean }>(`query ($id: Int!) { isFavourite(productId: $id) }`, { id: product.id }, tokens.shopper)).isFavourite).toBe(true);
    });
    expect(favourites.replica).toBe(0);
    expect(favourites.primary).toBeGreaterThanOrEqual(1);
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
