-- Promotions and taxes (domain/pricing, domain/promotions, domain/taxes). Every order placed before has no
-- promotion and no tax: the new columns default to 0 and its totals are unchanged.

-- CreateEnum
CREATE TYPE "promotion_kind" AS ENUM ('percent-off', 'amount-off', 'buy-x-get-y', 'free-delivery');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "delivery_discount_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "delivery_tax_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "delivery_tax_name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "delivery_tax_rate_ppm" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "discount_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "prices_include_tax" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tax_cents" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "order_lines" ADD COLUMN     "discount_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tax_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tax_name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "tax_rate_ppm" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "promotions" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "promotion_kind" NOT NULL,
    "percent_bp" INTEGER,
    "amount_cents" INTEGER,
    "buy_quantity" INTEGER,
    "get_quantity" INTEGER,
    "category_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "product_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "variant_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "min_items_cents" INTEGER,
    "min_quantity" INTEGER,
    "starts_at" TIMESTAMPTZ(3),
    "ends_at" TIMESTAMPTZ(3),
    "usage_limit" INTEGER,
    "per_customer_limit" INTEGER,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "combinable" BOOLEAN NOT NULL DEFAULT false,
    "on_discounted_items" BOOLEAN NOT NULL DEFAULT false,
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "promotions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promotion_codes" (
    "id" SERIAL NOT NULL,
    "promotion_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "single_use" BOOLEAN NOT NULL DEFAULT false,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promotion_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_promotions" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "promotion_id" INTEGER,
    "code_id" INTEGER,
    "name" TEXT NOT NULL,
    "code" TEXT,
    "amount_cents" INTEGER NOT NULL,
    "customer" TEXT NOT NULL,
    "released_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_promotions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_classes" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tax_classes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_rates" (
    "id" SERIAL NOT NULL,
    "region_id" INTEGER NOT NULL,
    "tax_class_id" INTEGER NOT NULL,
    "rate_ppm" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tax_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "category_tax_classes" (
    "category_id" INTEGER NOT NULL,
    "tax_class_id" INTEGER NOT NULL,

    CONSTRAINT "category_tax_classes_pkey" PRIMARY KEY ("category_id")
);

-- CreateTable
CREATE TABLE "product_tax_classes" (
    "product_id" INTEGER NOT NULL,
    "tax_class_id" INTEGER NOT NULL,

    CONSTRAINT "product_tax_classes_pkey" PRIMARY KEY ("product_id")
);

-- CreateTable
CREATE TABLE "delivery_tax_rates" (
    "region_id" INTEGER NOT NULL,
    "rate_ppm" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "delivery_tax_rates_pkey" PRIMARY KEY ("region_id")
);

-- CreateTable
CREATE TABLE "shop_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "prices_include_tax" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "shop_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "promotions_automatic_paused_idx" ON "promotions"("automatic", "paused");

-- CreateIndex
CREATE INDEX "promotion_codes_promotion_id_idx" ON "promotion_codes"("promotion_id");

-- CreateIndex
CREATE INDEX "order_promotions_order_id_idx" ON "order_promotions"("order_id");

-- CreateIndex
CREATE INDEX "order_promotions_promotion_id_customer_idx" ON "order_promotions"("promotion_id", "customer");

-- CreateIndex
CREATE UNIQUE INDEX "tax_classes_name_key" ON "tax_classes"("name");

-- CreateIndex
CREATE UNIQUE INDEX "tax_rates_region_id_tax_class_id_key" ON "tax_rates"("region_id", "tax_class_id");

-- CreateIndex
CREATE INDEX "category_tax_classes_tax_class_id_idx" ON "category_tax_classes"("tax_class_id");

-- CreateIndex
CREATE INDEX "product_tax_classes_tax_class_id_idx" ON "product_tax_classes"("tax_class_id");

-- AddForeignKey
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_promotion_id_fkey" FOREIGN KEY ("promotion_id") REFERENCES "promotions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_promotion_id_fkey" FOREIGN KEY ("promotion_id") REFERENCES "promotions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_code_id_fkey" FOREIGN KEY ("code_id") REFERENCES "promotion_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_region_id_fkey" FOREIGN KEY ("region_id") REFERENCES "regions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tax_class_id_fkey" FOREIGN KEY ("tax_class_id") REFERENCES "tax_classes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "category_tax_classes" ADD CONSTRAINT "category_tax_classes_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "category_tax_classes" ADD CONSTRAINT "category_tax_classes_tax_class_id_fkey" FOREIGN KEY ("tax_class_id") REFERENCES "tax_classes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_tax_classes" ADD CONSTRAINT "product_tax_classes_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_tax_classes" ADD CONSTRAINT "product_tax_classes_tax_class_id_fkey" FOREIGN KEY ("tax_class_id") REFERENCES "tax_classes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery_tax_rates" ADD CONSTRAINT "delivery_tax_rates_region_id_fkey" FOREIGN KEY ("region_id") REFERENCES "regions"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The rules the database holds whatever the writer: sane amounts, a limit never passed (checkout raises
-- `uses` only while below it), a single-use code used at most once, a code unique whatever its case, one
-- default tax class, rates from 0 to 100%.
ALTER TABLE "promotions"
  ADD CONSTRAINT "promotions_percent_bp_check" CHECK ("percent_bp" IS NULL OR "percent_bp" BETWEEN 1 AND 10000),
  ADD CONSTRAINT "promotions_amount_cents_check" CHECK ("amount_cents" IS NULL OR "amount_cents" >= 1),
  ADD CONSTRAINT "promotions_quantities_check" CHECK (("buy_quantity" IS NULL OR "buy_quantity" >= 1) AND ("get_quantity" IS NULL OR "get_quantity" >= 1)),
  ADD CONSTRAINT "promotions_minimums_check" CHECK (("min_items_cents" IS NULL OR "min_items_cents" >= 0) AND ("min_quantity" IS NULL OR "min_quantity" >= 1)),
  ADD CONSTRAINT "promotions_limits_check" CHECK (("usage_limit" IS NULL OR "usage_limit" >= 1) AND ("per_customer_limit" IS NULL OR "per_customer_limit" >= 1)),
  ADD CONSTRAINT "promotions_uses_check" CHECK ("uses" >= 0 AND ("usage_limit" IS NULL OR "uses" <= "usage_limit")),
  ADD CONSTRAINT "promotions_dates_check" CHECK ("starts_at" IS NULL OR "ends_at" IS NULL OR "starts_at" < "ends_at");
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_uses_check" CHECK ("uses" >= 0 AND (NOT "single_use" OR "uses" <= 1));
CREATE UNIQUE INDEX "promotion_codes_code_lower_key" ON "promotion_codes" (lower("code"));
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_amount_check" CHECK ("amount_cents" >= 0);
CREATE UNIQUE INDEX "tax_classes_one_default" ON "tax_classes" ("is_default") WHERE "is_default";
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_rate_ppm_check" CHECK ("rate_ppm" BETWEEN 0 AND 1000000);
ALTER TABLE "delivery_tax_rates" ADD CONSTRAINT "delivery_tax_rates_rate_ppm_check" CHECK ("rate_ppm" BETWEEN 0 AND 1000000);
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotions_and_tax_check" CHECK ("discount_cents" >= 0 AND "delivery_discount_cents" >= 0 AND "tax_cents" >= 0 AND "delivery_tax_cents" >= 0);
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_and_tax_check" CHECK ("discount_cents" >= 0 AND "tax_cents" >= 0);

-- The shop starts with one tax class, the default, no rate anywhere (no tax: the spec's totals), and
-- prices entered without tax.
INSERT INTO "tax_classes" ("name", "is_default") VALUES ('Standard', true);
INSERT INTO "shop_settings" ("id", "prices_include_tax") VALUES (1, false);
