-- Issue 9: search that finds what people mean, on tables of any size.
-- pg_trgm lives in public, shared by the whole database: the server puts public on the search_path of a
-- private schema (server/src/db/client.ts), and dropping such a schema leaves the extension in place.
-- Migrations run under an advisory lock, so parallel start-ups do not race to create it.

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm" WITH SCHEMA "public";

-- CreateIndex
CREATE INDEX "products_name_trgm_idx" ON "products" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "users_name_trgm_idx" ON "users" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "users_email_trgm_idx" ON "users" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "orders_order_number_trgm_idx" ON "orders" USING GIN ("order_number" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "orders_reference_trgm_idx" ON "orders" USING GIN ("reference" gin_trgm_ops);


-- Hand-written (Prisma cannot express expression indexes): a category page in each of the spec's sorts is
-- read straight from an index, page after page, rather than sorting the whole category (10,000 products
-- at 100k) for every page. The expressions are those of SORT_KEYS in server/src/domain/catalog.ts: the
-- unit price (the discount price when set) and the average rating; ties end newest first, then by id.
CREATE INDEX "products_category_unit_price_asc_idx" ON "products"
  ("category_id", (COALESCE("discount_price_cents", "price_cents")) ASC, "created_at" DESC, "id" DESC);
CREATE INDEX "products_category_unit_price_desc_idx" ON "products"
  ("category_id", (COALESCE("discount_price_cents", "price_cents")) DESC, "created_at" DESC, "id" DESC);
CREATE INDEX "products_category_rating_idx" ON "products"
  ("category_id", (CASE WHEN "people_rated" > 0 THEN "rating_sum"::float8 / "people_rated" ELSE 0 END) DESC, "people_rated" DESC, "created_at" DESC, "id" DESC);
