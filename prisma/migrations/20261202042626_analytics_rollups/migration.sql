-- CreateTable
CREATE TABLE "analytics_days" (
    "day" DATE NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "sales_cents" BIGINT NOT NULL DEFAULT 0,
    "discounts_cents" BIGINT NOT NULL DEFAULT 0,
    "tax_cents" BIGINT NOT NULL DEFAULT 0,
    "items" INTEGER NOT NULL DEFAULT 0,
    "new_customers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_days_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "analytics_product_days" (
    "day" DATE NOT NULL,
    "product_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "sales_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_product_days_pkey" PRIMARY KEY ("day","product_id")
);

-- CreateTable
CREATE TABLE "analytics_product_skus" (
    "product_id" INTEGER NOT NULL,
    "sku" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_product_skus_pkey" PRIMARY KEY ("product_id","sku")
);

-- CreateTable
CREATE TABLE "analytics_product_totals" (
    "product_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_product_totals_pkey" PRIMARY KEY ("product_id")
);

-- CreateTable
CREATE TABLE "analytics_category_days" (
    "day" DATE NOT NULL,
    "category" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "sales_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_category_days_pkey" PRIMARY KEY ("day","category")
);

-- CreateTable
CREATE TABLE "analytics_order_marks" (
    "order_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "sales_cents" BIGINT NOT NULL,
    "discounts_cents" BIGINT NOT NULL,
    "tax_cents" BIGINT NOT NULL,
    "items" INTEGER NOT NULL,
    "lines" JSONB NOT NULL,

    CONSTRAINT "analytics_order_marks_pkey" PRIMARY KEY ("order_id")
);

-- CreateIndex
CREATE INDEX "analytics_product_days_product_id_idx" ON "analytics_product_days"("product_id");

-- CreateIndex
CREATE INDEX "analytics_product_totals_quantity_product_id_idx" ON "analytics_product_totals"("quantity" DESC, "product_id");

-- CreateIndex
CREATE INDEX "order_lines_product_id_sku_id_idx" ON "order_lines"("product_id", "sku", "id" DESC);


-- The dashboard's rollups (domain/analytics/rollups.ts), kept by the database itself so no writer of orders can
-- forget them: every change to an order, its lines or an account adds its share in the change's own transaction.
-- The triggers are deferred to the commit: by then an order's lines are all written (checkout inserts the order,
-- then its lines), and the rollup rows are locked last, after every row the change's own work locks (products,
-- the order), so a cancellation and a checkout can never wait for each other in a circle. Within a commit the
-- rows are locked in one order: the day, then products by id, SKUs, categories.
--
-- The rules (as the dashboard counted before rollups): a day is the UTC calendar day the order was placed (an
-- account: created); an order counts while it is neither cancelled nor awaiting its payment; its sales are its
-- total (after promotions, tax and delivery included) less what was refunded, on the day it was placed; a line's
-- sales are what was paid for it (units at the unit price, less its share of promotions, plus its tax when tax
-- was added on top), delivery and refunds not split by line.

-- An order's share of the rollups now: nothing when it does not count (or is gone).
CREATE FUNCTION analytics_order_share(target integer)
RETURNS TABLE (day date, sales_cents bigint, discounts_cents bigint, tax_cents bigint, items integer, lines jsonb)
LANGUAGE sql STABLE AS $$
  SELECT (o.created_at AT TIME ZONE 'UTC')::date, (o.total_cents - o.refunded_cents)::bigint,
         (o.discount_cents + o.delivery_discount_cents)::bigint, o.tax_cents::bigint,
         coalesce((SELECT sum(x.q) FROM jsonb_to_recordset(l.lines) AS x(q int)), 0)::int, l.lines
  FROM orders o
  CROSS JOIN LATERAL (
    SELECT coalesce(jsonb_agg(jsonb_build_object('p', g.p, 's', g.s, 'c', g.c, 'q', g.q, 'v', g.v) ORDER BY g.p NULLS LAST, g.s, g.c), '[]'::jsonb) AS lines
    FROM (
      SELECT ol.product_id AS p, ol.sku AS s, ol.category_name AS c, sum(ol.quantity)::int AS q,
             sum(ol.unit_price_cents::bigint * ol.quantity - ol.discount_cents + CASE WHEN o.prices_include_tax THEN 0 ELSE ol.tax_cents END)::bigint AS v
      FROM order_lines ol WHERE ol.order_id = o.id GROUP BY 1, 2, 3
    ) g
  ) l
  WHERE o.id = target AND o.status NOT IN ('cancelled', 'awaiting-payment')
$$;

-- The lines' change between two shares: the old one's taken off, the new one's added.
CREATE FUNCTION analytics_line_deltas(old_day date, old_lines jsonb, new_day date, new_lines jsonb)
RETURNS TABLE (day date, product_id integer, sku text, category text, quantity integer, sales_cents bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT old_day, x.p, x.s, x.c, -x.q, -x.v FROM jsonb_to_recordset(coalesce(old_lines, '[]'::jsonb)) AS x(p int, s text, c text, q int, v bigint) WHERE old_day IS NOT NULL
  UNION ALL
  SELECT new_day, x.p, x.s, x.c, x.q, x.v FROM jsonb_to_recordset(coalesce(new_lines, '[]'::jsonb)) AS x(p int, s text, c text, q int, v bigint) WHERE new_day IS NOT NULL
$$;

-- Brings the rollups in line with order `target` as it is now: takes its recorded share (its mark) off and adds
-- its share now, then records that. Called again with nothing changed, it changes nothing.
CREATE FUNCTION analytics_reconcile_order(target integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was analytics_order_marks%ROWTYPE;
  had boolean;
  now_share record;
  counted boolean;
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

  INSERT INTO analytics_days AS d (day, orders, sales_cents, discounts_cents, tax_cents, items)
  SELECT x.day, sum(x.orders), sum(x.sales), sum(x.discounts), sum(x.tax), sum(x.items)
  FROM (
    SELECT was.day AS day, -1 AS orders, -was.sales_cents AS sales, -was.discounts_cents AS discounts, -was.tax_cents AS tax, -was.items AS items WHERE had
    UNION ALL
    SELECT now_share.day, 1, now_share.sales_cents, now_share.discounts_cents, now_share.tax_cents, now_share.items WHERE counted
  ) x
  GROUP BY x.day ORDER BY x.day
  ON CONFLICT (day) DO UPDATE SET orders = d.orders + excluded.orders, sales_cents = d.sales_cents + excluded.sales_cents,
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

  INSERT INTO analytics_category_days AS t (day, category, quantity, sales_cents)
  SELECT x.day, x.category, sum(x.quantity), sum(x.sales_cents)
  FROM analytics_line_deltas(CASE WHEN had THEN was.day END, was.lines, CASE WHEN counted THEN now_share.day END, now_share.lines) x
  GROUP BY 1, 2 HAVING sum(x.quantity) <> 0 OR sum(x.sales_cents) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, category) DO UPDATE SET quantity = t.quantity + excluded.quantity, sales_cents = t.sales_cents + excluded.sales_cents;

  IF counted THEN
    INSERT INTO analytics_order_marks AS m (order_id, day, sales_cents, discounts_cents, tax_cents, items, lines)
    VALUES (target, now_share.day, now_share.sales_cents, now_share.discounts_cents, now_share.tax_cents, now_share.items, now_share.lines)
    ON CONFLICT (order_id) DO UPDATE SET day = excluded.day, sales_cents = excluded.sales_cents, discounts_cents = excluded.discounts_cents,
      tax_cents = excluded.tax_cents, items = excluded.items, lines = excluded.lines;
  ELSE
    DELETE FROM analytics_order_marks WHERE order_id = target;
  END IF;
END $$;

CREATE FUNCTION analytics_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_reconcile_order(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_order_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM analytics_reconcile_order(OLD.order_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.order_id <> OLD.order_id) THEN PERFORM analytics_reconcile_order(NEW.order_id); END IF;
  RETURN NULL;
END $$;

-- New customers: accounts with the role user, on the UTC day they were created.
CREATE FUNCTION analytics_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.role = NEW.role AND OLD.created_at = NEW.created_at THEN RETURN NULL; END IF;
  INSERT INTO analytics_days AS d (day, new_customers)
  SELECT x.day, sum(x.n) FROM (
    SELECT (OLD.created_at AT TIME ZONE 'UTC')::date AS day, -1 AS n WHERE TG_OP <> 'INSERT' AND OLD.role = 'user'
    UNION ALL
    SELECT (NEW.created_at AT TIME ZONE 'UTC')::date, 1 WHERE TG_OP <> 'DELETE' AND NEW.role = 'user'
  ) x GROUP BY x.day HAVING sum(x.n) <> 0 ORDER BY x.day
  ON CONFLICT (day) DO UPDATE SET new_customers = d.new_customers + excluded.new_customers;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER analytics_orders_rollup
  AFTER INSERT OR UPDATE OF status, created_at, total_cents, refunded_cents, discount_cents, delivery_discount_cents, tax_cents, prices_include_tax OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_order_changed();

CREATE CONSTRAINT TRIGGER analytics_order_lines_rollup
  AFTER INSERT OR UPDATE OF order_id, product_id, sku, category_name, quantity, unit_price_cents, discount_cents, tax_cents OR DELETE ON order_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_order_line_changed();

CREATE CONSTRAINT TRIGGER analytics_users_rollup
  AFTER INSERT OR UPDATE OF role, created_at OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_user_changed();

-- Every rollup recounted from the orders and accounts as they are: the backfill below (an existing shop's
-- dashboard is right as soon as it is upgraded), and the bench seeder's after its bulk inserts. Set-based.
CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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

  INSERT INTO analytics_days (day, orders, sales_cents, discounts_cents, tax_cents, items, new_customers)
  SELECT coalesce(o.day, u.day), coalesce(o.orders, 0), coalesce(o.sales, 0), coalesce(o.discounts, 0), coalesce(o.tax, 0), coalesce(o.items, 0), coalesce(u.n, 0)
  FROM (SELECT day, count(*)::int AS orders, sum(sales_cents) AS sales, sum(discounts_cents) AS discounts, sum(tax_cents) AS tax, sum(items)::int AS items
        FROM analytics_order_marks GROUP BY day) o
  FULL JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM users WHERE role = 'user' GROUP BY 1) u ON u.day = o.day;

  INSERT INTO analytics_product_days (day, product_id, quantity, sales_cents)
  SELECT m.day, x.p, sum(x.q), sum(x.v) FROM analytics_order_marks m, jsonb_to_recordset(m.lines) AS x(p int, q int, v bigint)
  WHERE x.p IS NOT NULL GROUP BY 1, 2;

  INSERT INTO analytics_product_totals (product_id, quantity)
  SELECT product_id, sum(quantity) FROM analytics_product_days GROUP BY 1;

  INSERT INTO analytics_product_skus (product_id, sku, quantity)
  SELECT x.p, x.s, sum(x.q) FROM analytics_order_marks m, jsonb_to_recordset(m.lines) AS x(p int, s text, q int)
  WHERE x.p IS NOT NULL GROUP BY 1, 2;

  INSERT INTO analytics_category_days (day, category, quantity, sales_cents)
  SELECT m.day, x.c, sum(x.q), sum(x.v) FROM analytics_order_marks m, jsonb_to_recordset(m.lines) AS x(c text, q int, v bigint)
  GROUP BY 1, 2;
END $$;

SELECT analytics_rebuild();
