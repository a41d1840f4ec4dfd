// Orders for the dashboard bench at any size, set-based: INSERT ... SELECT FROM generate_series, 100,000 orders
// a statement with their lines (one to three each, one to three units), spread evenly over the last three years
// across every customer and product of the schema. About one order in six is cancelled (counts nowhere), one in
// seventeen partly refunded. The rollups' triggers are off while the rows go in and analytics_rebuild() recounts
// them once at the end (a million orders in minutes, not hours). Deterministic: the same sizes give the same orders.
import type pg from "pg";
import { ROLLUP_TRIGGERS } from "../src/domain/analytics/index.js";

const BATCH = 100_000;

/** Switches the rollups' triggers off (bulk loading) or back on. */
export async function rollupTriggers(client: Pick<pg.Client, "query">, on: boolean): Promise<void> {
  for (const { table, trigger } of ROLLUP_TRIGGERS) await client.query(`ALTER TABLE ${table} ${on ? "ENABLE" : "DISABLE"} TRIGGER ${trigger}`);
}

/** Adds `count` orders to the schema the client's search_path names (it must hold customers and products). */
export async function seedDashboardOrders(client: Pick<pg.Client, "query">, count: number): Promise<void> {
  await client.query("DROP TABLE IF EXISTS bench_dashboard_products");
  await client.query(`
    CREATE TEMP TABLE bench_dashboard_products AS
    SELECT row_number() OVER (ORDER BY p.id) AS n, p.id, p.slug, p.name, c.name AS category, p.price_cents, coalesce(p.discount_price_cents, p.price_cents) AS unit,
           p.image_one, coalesce((SELECT v.sku FROM product_variants v WHERE v.product_id = p.id ORDER BY v.id LIMIT 1), '') AS sku
    FROM products p JOIN categories c ON c.id = p.category_id`);
  await client.query("CREATE UNIQUE INDEX ON bench_dashboard_products (n)");
  const { rows } = await client.query<{ products: string; customers: string; first_order: string; region_id: number; region_name: string; fee: number }>(`
    SELECT (SELECT count(*) FROM bench_dashboard_products) AS products, (SELECT count(*) FROM users WHERE role = 'user') AS customers,
           (SELECT coalesce(max(id), 0) + 1 FROM orders) AS first_order, r.id AS region_id, r.name AS region_name, r.fee_cents AS fee
    FROM regions r ORDER BY r.id LIMIT 1`);
  const { products, customers, first_order: firstOrder, region_id: regionId, region_name: regionName, fee } = rows[0];
  if (Number(products) === 0 || Number(customers) === 0) throw new Error("The dashboard's orders need products and customers.");
  await client.query("DROP TABLE IF EXISTS bench_dashboard_customers");
  await client.query("CREATE TEMP TABLE bench_dashboard_customers AS SELECT row_number() OVER (ORDER BY id) AS n, id, email FROM users WHERE role = 'user'");
  await client.query("CREATE UNIQUE INDEX ON bench_dashboard_customers (n)");

  await rollupTriggers(client, false);
  try {
    for (let start = 0; start < count; start += BATCH) {
      const end = Math.min(count, start + BATCH) - 1;
      // Order i's k-th line: product 1 + (i * 7919 + k * 104729) mod P, 1 + (i + k) mod 3 units; k = 0 .. i mod 3.
      const lineOf = `
        FROM generate_series(${start}, ${end}) i CROSS JOIN LATERAL generate_series(0, i % 3) k
        JOIN bench_dashboard_products bp ON bp.n = 1 + ((i::bigint * 7919 + k * 104729) % ${products})`;
      await client.query(`
        INSERT INTO orders (id, order_number, reference, status, user_id, region_id, region_name, subtotal_cents, delivery_fee_cents, total_cents, refunded_cents,
                            user_email, user_phone, user_address, created_at, updated_at)
        SELECT ${firstOrder} + s.i, 'ORD-D' || s.i, 'DASH' || lpad(s.i::text, 12, '0'),
               (ARRAY['pending', 'in-transit', 'delivered', 'delivered', 'delivered', 'cancelled'])[1 + (s.i * 7) % 6]::"OrderStatus",
               bc.id, ${regionId}, $1, s.subtotal, ${fee}, s.subtotal + ${fee},
               CASE WHEN s.i % 17 = 0 AND (s.i * 7) % 6 <> 5 THEN (s.subtotal + ${fee}) / 4 ELSE 0 END,
               bc.email, '+1 555 0100', '1 Garden Lane, Springfield', s.placed, s.placed
        FROM (SELECT i, sum(bp.unit * (1 + (i + k) % 3)) AS subtotal,
                     now() - interval '1095 days' + (i::float8 / ${count}) * interval '1095 days' AS placed
              ${lineOf} GROUP BY i) s
        JOIN bench_dashboard_customers bc ON bc.n = 1 + (s.i * 31) % ${customers}`,
        [regionName],
      );
      await client.query(`
        INSERT INTO order_lines (order_id, product_id, sku, slug, name, description, category_name, price_cents, unit_price_cents, quantity, image_one)
        SELECT ${firstOrder} + i, bp.id, bp.sku, bp.slug, bp.name, '', bp.category, bp.price_cents, bp.unit, 1 + (i + k) % 3, bp.image_one
        ${lineOf}`);
    }
    await client.query(`SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))`);
  } finally {
    await rollupTriggers(client, true);
  }
  await client.query("SELECT analytics_rebuild()");
  await client.query("VACUUM ANALYZE orders, order_lines, users, analytics_days, analytics_product_days, analytics_product_totals, analytics_product_skus, analytics_category_days");
}
