-- AlterTable
ALTER TABLE "products" ADD COLUMN     "stock_total" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unit_price_max_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unit_price_min_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "variant_count" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "order_lines" ADD COLUMN     "options" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "sku" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "variant_id" INTEGER;

-- CreateTable
CREATE TABLE "product_options" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "product_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_option_values" (
    "id" SERIAL NOT NULL,
    "option_id" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "product_option_values_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_variants" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "sku" TEXT NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "discount_price_cents" INTEGER,
    "quantity" INTEGER NOT NULL,
    "image" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "product_variants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product_variant_values" (
    "variant_id" INTEGER NOT NULL,
    "option_id" INTEGER NOT NULL,
    "value_id" INTEGER NOT NULL,

    CONSTRAINT "product_variant_values_pkey" PRIMARY KEY ("variant_id","option_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "product_options_product_id_name_key" ON "product_options"("product_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "product_option_values_option_id_value_key" ON "product_option_values"("option_id", "value");

-- CreateIndex
CREATE INDEX "product_variants_product_id_position_idx" ON "product_variants"("product_id", "position");

-- CreateIndex
CREATE INDEX "product_variant_values_value_id_idx" ON "product_variant_values"("value_id");

-- CreateIndex
CREATE INDEX "order_lines_variant_id_idx" ON "order_lines"("variant_id");

-- AddForeignKey
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_option_id_fkey" FOREIGN KEY ("option_id") REFERENCES "product_options"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_variant_values" ADD CONSTRAINT "product_variant_values_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_variant_values" ADD CONSTRAINT "product_variant_values_value_id_fkey" FOREIGN KEY ("value_id") REFERENCES "product_option_values"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- ---- Issue 32: variants ---------------------------------------------------------------------------------
-- A shopper buys a variant: one combination of a product's option values with its own SKU, price, stock and
-- picture. Every existing product becomes a product with one variant (no options) carrying its price,
-- discount price and stock, so nothing a shopper, an order or the REST shim sees changes.

-- A SKU is unique in the shop whatever its case; stock never goes below zero, whoever writes it.
CREATE UNIQUE INDEX "product_variants_sku_lower_key" ON "product_variants" (lower("sku"));
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_quantity_check" CHECK ("quantity" >= 0);

INSERT INTO "product_variants" ("product_id", "sku", "price_cents", "discount_price_cents", "quantity", "position", "enabled", "created_at", "updated_at")
  SELECT "id", upper("slug"), "price_cents", "discount_price_cents", "quantity", 0, true, "created_at", "updated_at" FROM "products";
UPDATE "products" SET "variant_count" = 1, "stock_total" = "quantity",
  "unit_price_min_cents" = COALESCE("discount_price_cents", "price_cents"), "unit_price_max_cents" = COALESCE("discount_price_cents", "price_cents");
-- Lines bought before variants were the product's only variant.
UPDATE "order_lines" l SET "variant_id" = v."id", "sku" = v."sku" FROM "product_variants" v WHERE v."product_id" = l."product_id";

-- Option values are words of their product ("monstera 24 cm" finds the 24 cm Monstera): the values of its
-- variants on sale, kept on the product row (option_words, see below) and weighted as its description (C).
ALTER TABLE "products" ADD COLUMN "option_words" TEXT NOT NULL DEFAULT '';
-- The same values with their options' names, as [["Pot size","24 cm"], ...] (distinct, in name then value
-- order): the option filters of the search and category pages, and their counts.
ALTER TABLE "products" ADD COLUMN "option_pairs" JSONB NOT NULL DEFAULT '[]';
CREATE INDEX "products_option_pairs_idx" ON "products" USING GIN ("option_pairs" jsonb_path_ops);

-- The product row keeps a copy of its variants, so every list, sort, filter and the REST shim read one row
-- per product: price_cents, discount_price_cents and quantity are the default variant's (the first enabled
-- one by position, else the first), and variant_count, stock_total, unit_price_min_cents and
-- unit_price_max_cents summarise the enabled ones (unit price: the discount price when set, else the price).
-- Written only when something changed, so a write that changes nothing the product shows is not announced.
CREATE FUNCTION "summarise_product_variants"(product int4) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  next record;
BEGIN
  SELECT d."price_cents", d."discount_price_cents", d."quantity", s."n", s."stock",
         COALESCE(s."lo", COALESCE(d."discount_price_cents", d."price_cents")) AS "lo",
         COALESCE(s."hi", COALESCE(d."discount_price_cents", d."price_cents")) AS "hi",
         w."words", w."pairs"
  INTO next
  FROM
    (SELECT "price_cents", "discount_price_cents", "quantity" FROM "product_variants"
      WHERE "product_id" = product ORDER BY "enabled" DESC, "position", "id" LIMIT 1) d,
    (SELECT count(*) FILTER (WHERE "enabled")::int4 AS "n",
            COALESCE(sum("quantity") FILTER (WHERE "enabled"), 0)::int4 AS "stock",
            min(COALESCE("discount_price_cents", "price_cents")) FILTER (WHERE "enabled") AS "lo",
            max(COALESCE("discount_price_cents", "price_cents")) FILTER (WHERE "enabled") AS "hi"
      FROM "product_variants" WHERE "product_id" = product) s,
    (SELECT COALESCE(string_agg(DISTINCT v."value", ' ' ORDER BY v."value"), '') AS "words",
            COALESCE((SELECT jsonb_agg(jsonb_build_array(d."name", d."value") ORDER BY d."name", d."value")
                      FROM (SELECT DISTINCT o."name", ov."value" FROM "product_variants" pv2
                            JOIN "product_variant_values" vv2 ON vv2."variant_id" = pv2."id"
                            JOIN "product_option_values" ov ON ov."id" = vv2."value_id"
                            JOIN "product_options" o ON o."id" = ov."option_id"
                            WHERE pv2."product_id" = product AND pv2."enabled") d), '[]'::jsonb) AS "pairs"
      FROM "product_variants" pv
      JOIN "product_variant_values" vv ON vv."variant_id" = pv."id"
      JOIN "product_option_values" v ON v."id" = vv."value_id"
      WHERE pv."product_id" = product AND pv."enabled") w;
  -- No variant left (the product is being deleted), or nothing the product shows changed: no write at all
  -- (an UPDATE of no row would still announce a change).
  IF next."price_cents" IS NULL OR NOT EXISTS (
    SELECT 1 FROM "products" p WHERE p."id" = product
      AND (p."price_cents", p."discount_price_cents", p."quantity", p."variant_count", p."stock_total", p."unit_price_min_cents", p."unit_price_max_cents", p."option_words", p."option_pairs")
        IS DISTINCT FROM (next."price_cents", next."discount_price_cents", next."quantity", next."n", next."stock", next."lo", next."hi", next."words", next."pairs")
  ) THEN
    RETURN;
  END IF;
  UPDATE "products" SET
    "price_cents" = next."price_cents", "discount_price_cents" = next."discount_price_cents", "quantity" = next."quantity",
    "variant_count" = next."n", "stock_total" = next."stock", "unit_price_min_cents" = next."lo", "unit_price_max_cents" = next."hi",
    "option_words" = next."words", "option_pairs" = next."pairs"
  WHERE "id" = product;
END
$$;

CREATE FUNCTION "product_variants_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "summarise_product_variants"(OLD."product_id"); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW."product_id" <> OLD."product_id") THEN
    PERFORM "summarise_product_variants"(NEW."product_id");
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "product_variants_summarised" AFTER INSERT OR UPDATE OR DELETE ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION "product_variants_written"();

-- A variant's option values, or a value's new wording, change its product's words.
CREATE FUNCTION "product_variant_values_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'product_option_values' THEN
    PERFORM "summarise_product_variants"(o."product_id") FROM "product_options" o WHERE o."id" = NEW."option_id";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "summarise_product_variants"(v."product_id") FROM "product_variants" v WHERE v."id" = OLD."variant_id";
  ELSE
    PERFORM "summarise_product_variants"(v."product_id") FROM "product_variants" v WHERE v."id" = NEW."variant_id";
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "product_variant_values_summarised" AFTER INSERT OR DELETE ON "product_variant_values"
  FOR EACH ROW EXECUTE FUNCTION "product_variant_values_written"();
CREATE TRIGGER "product_option_values_summarised" AFTER UPDATE OF "value" ON "product_option_values"
  FOR EACH ROW EXECUTE FUNCTION "product_variant_values_written"();

-- The search vector takes the option words as a fourth part (weight C, as the description).
CREATE FUNCTION "product_search_vector"("name" text, "category_name" text, "description" text, "option_words" text) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce($1, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce($2, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce($3, '') || ' ' || coalesce($4, '')), 'C')
$$;

CREATE OR REPLACE FUNCTION "products_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := "product_search_vector"(
    NEW."name", (SELECT c."name" FROM "categories" c WHERE c."id" = NEW."category_id"), NEW."description", NEW."option_words");
  IF TG_OP = 'INSERT' OR NEW."name" IS DISTINCT FROM OLD."name" THEN
    PERFORM "add_search_words"(NEW."name");
  END IF;
  RETURN NEW;
END
$$;
-- Recomputed only when one of its parts changed: the product row is also written by every sale (its stock
-- summary), and a sale must not pay for the words.
DROP TRIGGER "products_search_vector" ON "products";
CREATE TRIGGER "products_search_vector" BEFORE INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_search_vector"();
CREATE TRIGGER "products_search_vector_changed" BEFORE UPDATE OF "name", "description", "category_id", "option_words" ON "products"
  FOR EACH ROW WHEN ((OLD."name", OLD."description", OLD."category_id", OLD."option_words") IS DISTINCT FROM (NEW."name", NEW."description", NEW."category_id", NEW."option_words"))
  EXECUTE FUNCTION "products_search_vector"();

CREATE OR REPLACE FUNCTION "categories_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "add_search_words"(NEW."name");
  IF TG_OP = 'UPDATE' THEN
    UPDATE "products" p SET "search_vector" = "product_search_vector"(p."name", NEW."name", p."description", p."option_words")
    WHERE p."category_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "rebuild_search"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "search_words";
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w.lexeme FROM (SELECT "name" FROM "categories" UNION ALL SELECT "name" FROM "products") n,
    unnest(to_tsvector('simple'::regconfig, n."name")) w
  ON CONFLICT DO NOTHING;
  UPDATE "products" p SET "search_vector" = "product_search_vector"(p."name", c."name", p."description", p."option_words")
  FROM "categories" c WHERE c."id" = p."category_id";
END
$$;
DROP FUNCTION "product_search_vector"(text, text, text);

-- A product written with a price, discount price or stock (the spec's product form, the REST shim, seeds)
-- writes them to its default variant; a new product gets its one variant, with its slug in capitals as SKU
-- (its id appended when an owner already gave that SKU to another variant).
CREATE FUNCTION "products_summary_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."variant_count" := 1;
  NEW."stock_total" := NEW."quantity";
  NEW."unit_price_min_cents" := COALESCE(NEW."discount_price_cents", NEW."price_cents");
  NEW."unit_price_max_cents" := NEW."unit_price_min_cents";
  RETURN NEW;
END
$$;
CREATE TRIGGER "products_summary_on_insert" BEFORE INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_summary_on_insert"();

CREATE FUNCTION "products_default_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_sku text := upper(NEW."slug");
  default_id int4;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM "product_variants" WHERE lower("sku") = lower(new_sku)) THEN new_sku := new_sku || '-' || NEW."id"; END IF;
    INSERT INTO "product_variants" ("product_id", "sku", "price_cents", "discount_price_cents", "quantity", "position", "enabled", "updated_at")
      VALUES (NEW."id", new_sku, NEW."price_cents", NEW."discount_price_cents", NEW."quantity", 0, true, NEW."updated_at");
  ELSE
    -- Only when the default variant differs (it does not when this write came from it): an UPDATE of no row
    -- would still announce a change.
    SELECT "id" INTO default_id FROM "product_variants" WHERE "product_id" = NEW."id" ORDER BY "enabled" DESC, "position", "id" LIMIT 1;
    IF EXISTS (SELECT 1 FROM "product_variants" WHERE "id" = default_id
        AND ("price_cents", "discount_price_cents", "quantity") IS DISTINCT FROM (NEW."price_cents", NEW."discount_price_cents", NEW."quantity")) THEN
      UPDATE "product_variants" SET "price_cents" = NEW."price_cents", "discount_price_cents" = NEW."discount_price_cents",
          "quantity" = NEW."quantity", "updated_at" = now()
        WHERE "id" = default_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "products_default_variant_inserted" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_default_variant"();
CREATE TRIGGER "products_default_variant_written" AFTER UPDATE OF "price_cents", "discount_price_cents", "quantity" ON "products"
  FOR EACH ROW WHEN ((OLD."price_cents", OLD."discount_price_cents", OLD."quantity") IS DISTINCT FROM (NEW."price_cents", NEW."discount_price_cents", NEW."quantity"))
  EXECUTE FUNCTION "products_default_variant"();

-- Writes to a product's options, values and variants change what its page shows: announced like writes to
-- products, naming the products they belong to (at most 500; more names none: anything may have changed).
CREATE FUNCTION "notify_product_parts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int4[];
  payload text := '{"type":"catalogueChanged"}';
BEGIN
  IF TG_TABLE_NAME IN ('product_variants', 'product_options') THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(touched."product_id") INTO ids FROM (SELECT DISTINCT "product_id" FROM "old_rows" LIMIT 501) touched;
    ELSE
      SELECT array_agg(touched."product_id") INTO ids FROM (SELECT DISTINCT "product_id" FROM "new_rows" LIMIT 501) touched;
    END IF;
  ELSIF TG_TABLE_NAME = 'product_option_values' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(touched."product_id") INTO ids FROM (SELECT DISTINCT o."product_id" FROM "old_rows" r JOIN "product_options" o ON o."id" = r."option_id" LIMIT 501) touched;
    ELSE
      SELECT array_agg(touched."product_id") INTO ids FROM (SELECT DISTINCT o."product_id" FROM "new_rows" r JOIN "product_options" o ON o."id" = r."option_id" LIMIT 501) touched;
    END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(touched."product_id") INTO ids FROM (SELECT DISTINCT v."product_id" FROM "old_rows" r JOIN "product_variants" v ON v."id" = r."variant_id" LIMIT 501) touched;
    ELSE
      SELECT array_agg(touched."product_id") INTO ids FROM (SELECT DISTINCT v."product_id" FROM "new_rows" r JOIN "product_variants" v ON v."id" = r."variant_id" LIMIT 501) touched;
    END IF;
  END IF;
  -- A statement that wrote no row (or rows of a product deleted meanwhile, which announces itself) says nothing.
  IF ids IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(ids) <= 500 THEN
    payload := json_build_object('type', 'catalogueChanged', 'products', ids)::text;
  END IF;
  PERFORM pg_notify(
    left(regexp_replace(lower(CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'shop_events' ELSE 'shop_events_' || TG_TABLE_SCHEMA END), '[^a-z0-9_]', '_', 'g'), 63),
    payload);
  RETURN NULL;
END
$$;
CREATE TRIGGER "product_variants_inserted_changed" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_variants_updated_changed" AFTER UPDATE ON "product_variants" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_variants_deleted_changed" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_options_inserted_changed" AFTER INSERT ON "product_options" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_options_updated_changed" AFTER UPDATE ON "product_options" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_options_deleted_changed" AFTER DELETE ON "product_options" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_option_values_inserted_changed" AFTER INSERT ON "product_option_values" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_option_values_updated_changed" AFTER UPDATE ON "product_option_values" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_option_values_deleted_changed" AFTER DELETE ON "product_option_values" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_variant_values_inserted_changed" AFTER INSERT ON "product_variant_values" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();
CREATE TRIGGER "product_variant_values_deleted_changed" AFTER DELETE ON "product_variant_values" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_product_parts_changed"();

-- A product is listed at the lowest unit price of its variants on sale (cards say "from $X") and is in stock
-- when any variant on sale is: the price sorts, the price filter and the stock filter read
-- unit_price_min_cents and stock_total. For a product sold in one variant these are its unit price and its
-- stock, as before. A category page in a price sort is still read straight from an index.
DROP INDEX "products_category_unit_price_asc_idx";
DROP INDEX "products_category_unit_price_desc_idx";
CREATE INDEX "products_category_unit_price_asc_idx" ON "products"("category_id", "unit_price_min_cents", "created_at" DESC, "id" DESC);
CREATE INDEX "products_category_unit_price_desc_idx" ON "products"("category_id", "unit_price_min_cents" DESC, "created_at" DESC, "id" DESC);
