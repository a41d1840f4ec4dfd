-- Issue 17: search at the speed of typing (server/src/domain/search).
-- Each product carries its words as a tsvector (name A, category's name B, description C) under a GIN
-- index, so every typed word is found through the index whatever the catalogue's size; a small dictionary
-- of the catalogue's words (product and category names) lets a misspelt word be corrected with pg_trgm
-- before it is searched. Both are kept by triggers below, whatever code path writes the catalogue, and can
-- be rebuilt with `npm run search:rebuild` (rebuild_search()).
-- The 'simple' configuration: lower-cased words, no stemming and no stop words, the same on PostgreSQL and
-- on the embedded PGlite, and predictable for prefixes ('monst' finds Monstera).

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "search_vector" tsvector;

-- CreateTable
CREATE TABLE "search_words" (
    "word" TEXT NOT NULL,

    CONSTRAINT "search_words_pkey" PRIMARY KEY ("word")
);

-- CreateIndex
CREATE INDEX "products_search_vector_idx" ON "products" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING GIN ("word" gin_trgm_ops);

-- Hand-written from here (Prisma cannot express triggers).

-- A product's words, weighted: what products.search_vector holds.
CREATE FUNCTION "product_search_vector"("name" text, "category_name" text, "description" text) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce($1, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce($2, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce($3, '')), 'C')
$$;

-- The words of a name, as the dictionary keeps them.
CREATE FUNCTION "add_search_words"("name" text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "search_words" ("word")
  SELECT lexeme FROM unnest(to_tsvector('simple'::regconfig, coalesce($1, '')))
  ON CONFLICT DO NOTHING
$$;

CREATE FUNCTION "products_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := "product_search_vector"(
    NEW."name", (SELECT c."name" FROM "categories" c WHERE c."id" = NEW."category_id"), NEW."description");
  IF TG_OP = 'INSERT' OR NEW."name" IS DISTINCT FROM OLD."name" THEN
    PERFORM "add_search_words"(NEW."name");
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "products_search_vector" BEFORE INSERT OR UPDATE OF "name", "description", "category_id" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_search_vector"();

-- A category's new name: its words join the dictionary, and its products' vectors follow.
CREATE FUNCTION "categories_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "add_search_words"(NEW."name");
  IF TG_OP = 'UPDATE' THEN
    UPDATE "products" p SET "search_vector" = "product_search_vector"(p."name", NEW."name", p."description")
    WHERE p."category_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "categories_search_words" AFTER INSERT OR UPDATE OF "name" ON "categories"
  FOR EACH ROW EXECUTE FUNCTION "categories_search_words"();

-- Rebuilds the dictionary and every product's vector from the catalogue as it is (set-wise: 100k products
-- in seconds).
CREATE FUNCTION "rebuild_search"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "search_words";
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w.lexeme FROM (SELECT "name" FROM "categories" UNION ALL SELECT "name" FROM "products") n,
    unnest(to_tsvector('simple'::regconfig, n."name")) w
  ON CONFLICT DO NOTHING;
  UPDATE "products" p SET "search_vector" = "product_search_vector"(p."name", c."name", p."description")
  FROM "categories" c WHERE c."id" = p."category_id";
END
$$;

SELECT "rebuild_search"();
