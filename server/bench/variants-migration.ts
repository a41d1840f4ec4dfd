// The migration to variants on a catalogue of real size: a schema at the migrations before variants, filled
// as the shop held it (products, some discounted, some sold out; orders of 1-3 lines, one product deleted
// since), then migrated; products, orders and totals must be exactly as before, and every product must have
// one variant with its price, discount and stock. The test runs it at 2,000 products on both databases;
// `npm run bench:migrate-variants` runs it at 100,000 products and 100,000 orders on PostgreSQL and prints
// how long the migration took.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrations, migrationsDir, readMigrations, type SqlRunner } from "../src/db/migrate.js";

export interface MigrationCheck {
  products: number;
  orders: number;
  lines: number;
  variants: number;
  /** Seconds the migrations from variants on took. */
  seconds: number;
  /** Products (price, discount, stock) and orders (totals, lines' prices and quantities) identical before and after. */
  productsUnchanged: boolean;
  ordersUnchanged: boolean;
  /** Products whose variants are not exactly one with their price, discount, stock and SKU (their slug in capitals). */
  productsWithoutTheirVariant: number;
  /** Lines of products still sold that do not point at their product's variant with its SKU. */
  unmatchedLines: number;
  /** Lines of the deleted product: they keep their snapshot, without a variant. */
  orphanedLines: number;
}

/** Digests of what must not change, in SQL so 100k rows are compared without holding them. */
const DIGESTS = {
  products: `SELECT md5(coalesce(string_agg(concat_ws('|', id, slug, price_cents, discount_price_cents, quantity), ',' ORDER BY id), '')) AS digest FROM products`,
  orders: `SELECT md5(coalesce(string_agg(concat_ws('|', o.id, o.subtotal_cents, o.total_cents, l.product_id, l.unit_price_cents, l.quantity), ',' ORDER BY o.id, l.id), '')) AS digest
           FROM orders o JOIN order_lines l ON l.order_id = o.id`,
};

/** The migrations before variants, copied to a folder of their own (applyMigrations reads a folder). */
function migrationsBeforeVariants(): { dir: string; remove: () => void } {
  const all = readMigrations();
  const index = all.findIndex((migration) => migration.name.endsWith("_variants"));
  if (index < 0) throw new Error("no _variants migration");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-variants-"));
  for (const migration of all.slice(0, index)) fs.cpSync(path.join(migrationsDir, migration.name), path.join(dir, migration.name), { recursive: true });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs the scenario on an empty database (or schema) reached through `run`. */
export async function checkVariantsMigration(run: SqlRunner, { products, orders }: { products: number; orders: number }): Promise<MigrationCheck> {
  const before = migrationsBeforeVariants();
  try {
    await applyMigrations(run, before.dir);
  } finally {
    before.remove();
  }
  await run.exec(`
    INSERT INTO categories (name) VALUES ('Indoor'), ('Outdoor');
    INSERT INTO products (slug, name, description, category_id, price_cents, discount_price_cents, quantity, image_one, updated_at)
      SELECT 'plant-' || i, 'Plant ' || i, 'A plant.', 1 + i % 2, 100 + i * 7, CASE WHEN i % 3 = 0 THEN 50 + i * 3 END, i % 11, '/uploads/p' || i || '.jpg', now()
      FROM generate_series(1, ${products}) i;
    INSERT INTO users (name, email, password_hash, updated_at) VALUES ('Buyer', 'buyer@example.com', 'x', now());
    INSERT INTO regions (name, fee_cents) VALUES ('Capital', 500);
    INSERT INTO orders (order_number, reference, user_id, region_id, region_name, subtotal_cents, delivery_fee_cents, total_cents, user_email, user_phone, user_address, updated_at)
      SELECT 'ORD-' || i, lpad(i::text, 16, '0'), 1, 1, 'Capital', 0, 500, 500, 'buyer@example.com', '1', 'a', now() FROM generate_series(1, ${orders}) i;
    INSERT INTO order_lines (order_id, product_id, slug, name, description, category_name, price_cents, discount_price_cents, unit_price_cents, quantity, image_one)
      SELECT o.id, p.id, p.slug, p.name, p.description, 'Indoor', p.price_cents, p.discount_price_cents, COALESCE(p.discount_price_cents, p.price_cents), 1 + (o.id + k) % 3, p.image_one
      FROM orders o CROSS JOIN generate_series(0, o.id % 3) k JOIN products p ON p.id = 1 + (o.id * 7 + k * 13) % ${products};
    UPDATE orders o SET subtotal_cents = s.sum, total_cents = s.sum + 500 FROM (SELECT order_id, sum(unit_price_cents * quantity)::int AS sum FROM order_lines GROUP BY order_id) s WHERE s.order_id = o.id;
    DELETE FROM products WHERE id = (SELECT min(product_id) FROM order_lines);
  `);
  const digest = async (sql: string) => String((await run.query(sql))[0].digest);
  const [productsBefore, ordersBefore] = [await digest(DIGESTS.products), await digest(DIGESTS.orders)];
  const snapshot = `CREATE TEMP TABLE products_before AS SELECT id, slug, price_cents, discount_price_cents, quantity FROM products`;
  await run.exec(snapshot);

  const started = process.hrtime.bigint();
  await applyMigrations(run);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  const [counts] = await run.query(`SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM orders)::int AS orders,
                                           (SELECT count(*) FROM order_lines)::int AS lines, (SELECT count(*) FROM product_variants)::int AS variants`);
  const [without] = await run.query(`
    SELECT count(*)::int AS count FROM products_before b
    WHERE (SELECT count(*) FROM product_variants v WHERE v.product_id = b.id) <> 1
       OR NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = b.id AND v.sku = upper(b.slug) AND v.price_cents = b.price_cents
                      AND v.discount_price_cents IS NOT DISTINCT FROM b.discount_price_cents AND v.quantity = b.quantity)`);
  const [lines] = await run.query(
    `SELECT count(*) FILTER (WHERE l.product_id IS NOT NULL AND (l.variant_id IS NULL OR v.sku <> l.sku OR v.product_id <> l.product_id))::int AS unmatched,
            count(*) FILTER (WHERE l.product_id IS NULL AND l.variant_id IS NULL AND l.sku = '')::int AS orphaned
     FROM order_lines l LEFT JOIN product_variants v ON v.id = l.variant_id`,
  );
  await run.exec(`DROP TABLE products_before`);
  return {
    products: Number(counts.products),
    orders: Number(counts.orders),
    lines: Number(counts.lines),
    variants: Number(counts.variants),
    seconds,
    productsUnchanged: (await digest(DIGESTS.products)) === productsBefore,
    ordersUnchanged: (await digest(DIGESTS.orders)) === ordersBefore,
    productsWithoutTheirVariant: Number(without.count),
    unmatchedLines: Number(lines.unmatched),
    orphanedLines: Number(lines.orphaned),
  };
}

async function main(): Promise<void> {
  const { default: pg } = await import("pg");
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
  const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
  const schema = `bench_migrate_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const runner = (): SqlRunner => ({
    exec: async (sql) => void (await client.query(sql)),
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    transaction: async (work) => {
      await client.query("BEGIN");
      try {
        const result = await work(runner());
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
  });
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(`SET search_path TO "${schema}", public`);
    console.log(`Migrating ${products.toLocaleString("en-US")} products and ${orders.toLocaleString("en-US")} orders to variants (PostgreSQL, schema ${schema}) ...`);
    const check = await checkVariantsMigration(runner(), { products, orders });
    console.log(JSON.stringify(check, null, 2));
    const sound = check.productsUnchanged && check.ordersUnchanged && check.productsWithoutTheirVariant === 0 && check.unmatchedLines === 0 && check.variants === check.products;
    console.log(sound ? `Nothing lost: migration took ${check.seconds.toFixed(1)} s.` : "The migration changed what it must not.");
    if (!sound) process.exitCode = 1;
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
