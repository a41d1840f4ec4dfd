-- AlterTable
ALTER TABLE "analytics_days" DROP CONSTRAINT "analytics_days_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "analytics_days_pkey" PRIMARY KEY ("day", "shard");

-- AlterTable
ALTER TABLE "analytics_category_days" DROP CONSTRAINT "analytics_category_days_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "analytics_category_days_pkey" PRIMARY KEY ("day", "category", "shard");


-- The rollups' triggers fire per row, in the statement that changes the order, its line or the account, no
-- longer deferred to the commit: a COMMIT must not be able to fail (decisions.md, "No COMMIT that can fail"; a
-- refused COMMIT loses the pool's connection with @prisma/adapter-pg 6.19). The marks make that safe: each
-- call brings the rollups in line with the order as it is at that moment (placed without lines, then line by
-- line), and the last one leaves them matching the order as committed.
--
-- Locks: a day's figures are spread over 16 rows (the order's id modulo 16), so the day's checkouts do not queue
-- on one row until they commit. Every writer takes its locks in one order: the products (checkout; a cancellation
-- now locks its products before moving the order, orders/status.ts), the order, then the rollups (the day's row,
-- then products by id, SKUs, categories), then promotions (counted last by checkout, given back last by a
-- cancellation); so two changes never wait for each other in a circle.
DROP TRIGGER analytics_orders_rollup ON orders;
DROP TRIGGER analytics_order_lines_rollup ON order_lines;
DROP TRIGGER analytics_users_rollup ON users;

CREATE OR REPLACE FUNCTION analytics_reconcile_order(target integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was analytics_order_marks%ROWTYPE;
  had boolean;
  now_share record;
  counted boolean;
  part smallint := target % 16;
BEGIN
  SELECT * INTO now_share FROM analytics_order_share(target);
  counted := FOUND;
  SELECT * INTO was FROM analytics_order_marks WHERE order_id = target FOR UPDATE;
  had := FOUND;
  IF NOT had AND NOT counted THEN RETURN; END IF;
  IF had AND counted AND was.day = now_share.day AND was.sales_cents = now_share.sales_cents AND was.discounts_cents = now_share.discounts_cents
     AND was.tax_cents = now_share.tax_cents AND was.items = now_share.items AND was.lines = now_share.lines THEN
    RETURN;
  END IF;

  INSERT INTO analytics_days AS d (day, shard, orders, sales_cents, discounts_cents, tax_cents, items)
  SELECT x.day, part, sum(x.orders), sum(x.sales), sum(x.discounts), sum(x.tax), sum(x.items)
  FROM (
    SELECT was.day AS day, -1 AS orders, -was.sales_cents AS sales, -was.discounts_cents AS discounts, -was.tax_cents AS tax, -was.items AS items WHERE had
    UNION ALL
    SELECT now_share.day, 1, now_share.sales_cents, now_share.discounts_cents, now_share.tax_cents, now_share.items WHERE counted
  ) x
  GROUP BY x.day ORDER BY x.day
  ON CONFLICT (day, shard) DO UPDATE SET orders = d.orders + excluded.orders, sales_cents = d.sales_cents + excluded.sales_cents,
    discounts_cents = d.discounts_cents + excluded.discounts_cents, tax_cents = d.tax_cents + excluded.tax_cents, items = d.items + excluded.items;

  INSERT INTO analytics_product_days AS t (day, product_id, quantity, sales_cents)
  SELECT x.day, x.product_id, sum(x.quantity), sum(x.sales_cents)
  FROM analytics_line_deltas(CASE WHEN had THEN was.day END, was.lines, CASE WHEN counted THEN now_share.day END, now_share.lines) x
  WHERE x.product_id IS NOT NULL
  GROUP BY 1, 2 HAVING sum(x.quantity) <> 0 OR sum(x.sales_cents) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET quantity = t.quantity + excluded.quantity, sales_cents = t.sales_cents + excluded.sales_cents;

  INSERT INTO analytics_product_totals AS t (product_id, quantity)
  SELECT x.product_id, sum(x.quantity)
  FROM analytics_line_deltas(CASE WHEN had THEN was.day END, was.lines, CASE WHEN counted THEN now_share.day END, now_share.lines) x
  WHERE x.product_id IS NOT NULL
  GROUP BY 1 HAVING sum(x.quantity) <> 0 ORDER BY 1
  ON CONFLICT (product_id) DO UPDATE SET quantity = t.quantity + excluded.quantity;

  INSERT INTO analytics_product_skus AS t (product_id, sku, quantity)
  SELECT x.product_id, x.sku, sum(x.quantity)
  FROM analytics_line_deltas(CASE WHEN had THEN was.day END, was.lines, CASE WHEN counted THEN now_share.day END, now_share.lines) x
  WHERE x.product_id IS NOT NULL
  GROUP BY 1, 2 HAVING sum(x.quantity) <> 0 ORDER BY 1, 2
  ON CONFLICT (product_id, sku) DO UPDATE SET quantity = t.quantity + excluded.quantity;

  INSERT INTO analytics_category_days AS t (day, category, shard, quantity, sales_cents)
  SELECT x.day, x.category, part, sum(x.quantity), sum(x.sales_cents)
  FROM analytics_line_deltas(CASE WHEN had THEN was.day END, was.lines, CASE WHEN counted THEN now_share.day END, now_share.lines) x
  GROUP BY 1, 2 HAVING sum(x.quantity) <> 0 OR sum(x.sales_cents) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, category, shard) DO UPDATE SET quantity = t.quantity + excluded.quantity, sales_cents = t.sales_cents + excluded.sales_cents;

  IF counted THEN
    INSERT INTO analytics_order_marks AS m (order_id, day, sales_cents, discounts_cents, tax_cents, items, lines)
    VALUES (target, now_share.day, now_share.sales_cents, now_share.discounts_cents, now_share.tax_cents, now_share.items, now_share.lines)
    ON CONFLICT (order_id) DO UPDATE SET day = excluded.day, sales_cents = excluded.sales_cents, discounts_cents = excluded.discounts_cents,
      tax_cents = excluded.tax_cents, items = excluded.items, lines = excluded.lines;
  ELSE
    DELETE FROM analytics_order_marks WHERE order_id = target;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION analytics_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.role = NEW.role AND OLD.created_at = NEW.created_at THEN RETURN NULL; END IF;
  INSERT INTO analytics_days AS d (day, shard, new_customers)
  SELECT x.day, x.part, sum(x.n) FROM (
    SELECT (OLD.created_at AT TIME ZONE 'UTC')::date AS day, (OLD.id % 16)::smallint AS part, -1 AS n WHERE TG_OP <> 'INSERT' AND OLD.role = 'user'
    UNION ALL
    SELECT (NEW.created_at AT TIME ZONE 'UTC')::date, (NEW.id % 16)::smallint, 1 WHERE TG_OP <> 'DELETE' AND NEW.role = 'user'
  ) x GROUP BY x.day, x.part HAVING sum(x.n) <> 0 ORDER BY x.day, x.part
  ON CONFLICT (day, shard) DO UPDATE SET new_customers = d.new_customers + excluded.new_customers;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_orders_rollup
  AFTER INSERT OR UPDATE OF status, created_at, total_cents, refunded_cents, discount_cents, delivery_discount_cents, tax_cents, prices_include_tax OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION analytics_order_changed();

CREATE TRIGGER analytics_order_lines_rollup
  AFTER INSERT OR UPDATE OF order_id, product_id, sku, category_name, quantity, unit_price_cents, discount_cents, tax_cents OR DELETE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION analytics_order_line_changed();

CREATE TRIGGER analytics_users_rollup
  AFTER INSERT OR UPDATE OF role, created_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION analytics_user_changed();

CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_order_marks;
  DELETE FROM analytics_days;
  DELETE FROM analytics_product_days;
  DELETE FROM analytics_product_totals;
  DELETE FROM analytics_product_skus;
  DELETE FROM analytics_category_days;

  INSERT INTO analytics_order_marks (order_id, day, sales_cents, discounts_cents, tax_cents, items, lines)
  SELECT o.id, (o.created_at AT TIME ZONE 'UTC')::date, o.total_cents - o.refunded_cents, o.discount_cents + o.delivery_discount_cents, o.tax_cents,
         coalesce(l.items, 0), coalesce(l.lines, '[]'::jsonb)
  FROM orders o
  LEFT JOIN (
    SELECT g.order_id, sum(g.q)::int AS items,
           jsonb_agg(jsonb_build_object('p', g.p, 's', g.s, 'c', g.c, 'q', g.q, 'v', g.v) ORDER BY g.p NULLS LAST, g.s, g.c) AS lines
    FROM (
      SELECT ol.order_id, ol.product_id AS p, ol.sku AS s, ol.category_name AS c, sum(ol.quantity)::int AS q,
             sum(ol.unit_price_cents::bigint * ol.quantity - ol.discount_cents + CASE WHEN oo.prices_include_tax THEN 0 ELSE ol.tax_cents END)::bigint AS v
      FROM order_lines ol JOIN orders oo ON oo.id = ol.order_id
      WHERE oo.status NOT IN ('cancelled', 'awaiting-payment')
      GROUP BY 1, 2, 3, 4
    ) g GROUP BY g.order_id
  ) l ON l.order_id = o.id
  WHERE o.status NOT IN ('cancelled', 'awaiting-payment');

  INSERT INTO analytics_days (day, shard, orders, sales_cents, discounts_cents, tax_cents, items, new_customers)
  SELECT coalesce(o.day, u.day), coalesce(o.part, u.part), coalesce(o.orders, 0), coalesce(o.sales, 0), coalesce(o.discounts, 0), coalesce(o.tax, 0), coalesce(o.items, 0), coalesce(u.n, 0)
  FROM (SELECT day, (order_id % 16)::smallint AS part, count(*)::int AS orders, sum(sales_cents) AS sales, sum(discounts_cents) AS discounts, sum(tax_cents) AS tax, sum(items)::int AS items
        FROM analytics_order_marks GROUP BY 1, 2) o
  FULL JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, (id % 16)::smallint AS part, count(*)::int AS n FROM users WHERE role = 'user' GROUP BY 1, 2) u
    ON u.day = o.day AND u.part = o.part;

  INSERT INTO analytics_product_days (day, product_id, quantity, sales_cents)
  SELECT m.day, x.p, sum(x.q), sum(x.v) FROM analytics_order_marks m, jsonb_to_recordset(m.lines) AS x(p int, q int, v bigint)
  WHERE x.p IS NOT NULL GROUP BY 1, 2;

  INSERT INTO analytics_product_totals (product_id, quantity)
  SELECT product_id, sum(quantity) FROM analytics_product_days GROUP BY 1;

  INSERT INTO analytics_product_skus (product_id, sku, quantity)
  SELECT x.p, x.s, sum(x.q) FROM analytics_order_marks m, jsonb_to_recordset(m.lines) AS x(p int, s text, q int)
  WHERE x.p IS NOT NULL GROUP BY 1, 2;

  INSERT INTO analytics_category_days (day, category, shard, quantity, sales_cents)
  SELECT m.day, x.c, (m.order_id % 16)::smallint, sum(x.q), sum(x.v) FROM analytics_order_marks m, jsonb_to_recordset(m.lines) AS x(c text, q int, v bigint)
  GROUP BY 1, 2, 3;
END $$;

SELECT analytics_rebuild();
