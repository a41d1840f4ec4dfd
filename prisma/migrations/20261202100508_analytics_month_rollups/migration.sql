-- CreateTable
CREATE TABLE "analytics_months" (
    "month" DATE NOT NULL,
    "shard" SMALLINT NOT NULL DEFAULT 0,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "sales_cents" BIGINT NOT NULL DEFAULT 0,
    "discounts_cents" BIGINT NOT NULL DEFAULT 0,
    "tax_cents" BIGINT NOT NULL DEFAULT 0,
    "items" INTEGER NOT NULL DEFAULT 0,
    "new_customers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_months_pkey" PRIMARY KEY ("month","shard")
);

-- CreateTable
CREATE TABLE "analytics_product_months" (
    "month" DATE NOT NULL,
    "product_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "sales_cents" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_product_months_pkey" PRIMARY KEY ("month","product_id")
);


-- Month rollups: each analytics_days row's change is added to its month's row of the same shard, and each
-- analytics_product_days row's change to its product's month, by row triggers on those two tables. Whatever
-- writes the day rollups (analytics_reconcile_order, analytics_user_changed) thus keeps the months too, in the
-- same statement and transaction. Locks: a month row is taken right after its day row, and the day rows are
-- written in (day, shard) / (day, product) order, so the months follow the days' lock order and two writers
-- never wait for each other in a circle.
--
-- analytics_rebuild() recounts the day rollups with this trigger silenced (analytics.rebuilding = on for its
-- transaction) and then recounts the months from the days in one statement each.
CREATE FUNCTION analytics_day_to_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('analytics.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO analytics_months AS m (month, shard, orders, sales_cents, discounts_cents, tax_cents, items, new_customers)
  SELECT date_trunc('month', x.day)::date, x.shard, sum(x.orders), sum(x.sales_cents), sum(x.discounts_cents), sum(x.tax_cents), sum(x.items), sum(x.new_customers)
  FROM (
    SELECT OLD.day AS day, OLD.shard AS shard, -OLD.orders AS orders, -OLD.sales_cents AS sales_cents, -OLD.discounts_cents AS discounts_cents,
           -OLD.tax_cents AS tax_cents, -OLD.items AS items, -OLD.new_customers AS new_customers WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.day, NEW.shard, NEW.orders, NEW.sales_cents, NEW.discounts_cents, NEW.tax_cents, NEW.items, NEW.new_customers WHERE TG_OP <> 'DELETE'
  ) x
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, shard) DO UPDATE SET orders = m.orders + excluded.orders, sales_cents = m.sales_cents + excluded.sales_cents,
    discounts_cents = m.discounts_cents + excluded.discounts_cents, tax_cents = m.tax_cents + excluded.tax_cents, items = m.items + excluded.items,
    new_customers = m.new_customers + excluded.new_customers;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_product_day_to_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('analytics.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO analytics_product_months AS m (month, product_id, quantity, sales_cents)
  SELECT date_trunc('month', x.day)::date, x.product_id, sum(x.quantity), sum(x.sales_cents)
  FROM (
    SELECT OLD.day AS day, OLD.product_id AS product_id, -OLD.quantity AS quantity, -OLD.sales_cents AS sales_cents WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.day, NEW.product_id, NEW.quantity, NEW.sales_cents WHERE TG_OP <> 'DELETE'
  ) x
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, product_id) DO UPDATE SET quantity = m.quantity + excluded.quantity, sales_cents = m.sales_cents + excluded.sales_cents;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_days_to_month AFTER INSERT OR UPDATE OR DELETE ON analytics_days
  FOR EACH ROW EXECUTE FUNCTION analytics_day_to_month();
CREATE TRIGGER analytics_product_days_to_month AFTER INSERT OR UPDATE OR DELETE ON analytics_product_days
  FOR EACH ROW EXECUTE FUNCTION analytics_product_day_to_month();

-- Every write to a rollup announces {"type":"analyticsChanged"} on the shop's event channel (the channel rule of
-- notify_catalogue_changed: shop_events, or shop_events_<schema> outside public), once per statement; PostgreSQL
-- sends identical payloads once per transaction, at its commit. Each process drops its kept dashboard answers on
-- it (domain/analytics/kept.ts), so no writer can forget to.
CREATE FUNCTION analytics_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    left(regexp_replace(lower(CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'shop_events' ELSE 'shop_events_' || TG_TABLE_SCHEMA END), '[^a-z0-9_]', '_', 'g'), 63),
    '{"type":"analyticsChanged"}');
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_days_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON analytics_days
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_notify_changed();
CREATE TRIGGER analytics_product_days_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON analytics_product_days
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_notify_changed();
CREATE TRIGGER analytics_category_days_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON analytics_category_days
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_notify_changed();
CREATE TRIGGER analytics_product_totals_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON analytics_product_totals
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_notify_changed();
CREATE TRIGGER analytics_product_skus_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON analytics_product_skus
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_notify_changed();

-- The recount of the day rollups keeps its body (migration 20261202045520) under a new name; analytics_rebuild()
-- runs it with the month triggers silenced, then recounts the months from the days.
ALTER FUNCTION analytics_rebuild() RENAME TO analytics_rebuild_days;

CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('analytics.rebuilding', 'on', true);
  PERFORM analytics_rebuild_days();
  PERFORM set_config('analytics.rebuilding', 'off', true);
  PERFORM analytics_rebuild_months();
END $$;

CREATE FUNCTION analytics_rebuild_months() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_months;
  DELETE FROM analytics_product_months;
  INSERT INTO analytics_months (month, shard, orders, sales_cents, discounts_cents, tax_cents, items, new_customers)
  SELECT date_trunc('month', day)::date, shard, sum(orders), sum(sales_cents), sum(discounts_cents), sum(tax_cents), sum(items), sum(new_customers)
  FROM analytics_days GROUP BY 1, 2;
  INSERT INTO analytics_product_months (month, product_id, quantity, sales_cents)
  SELECT date_trunc('month', day)::date, product_id, sum(quantity), sum(sales_cents)
  FROM analytics_product_days GROUP BY 1, 2;
END $$;

-- The backfill: the months of the days kept so far (the days themselves are already right).
SELECT analytics_rebuild_months();
