-- Issue 17: each process keeps a search index of the catalogue in memory (server/src/domain/search/
-- product-index.ts) and follows writes by the products they touched. A write to products now names them
-- in its catalogueChanged event ("products": their ids, at most 500; more, or a TRUNCATE, names none, which
-- means "anything may have changed"); writes to delivery regions and pictures say that no product row
-- changed ("products": []); writes to categories name nothing (their names are in every product's words).
-- Caches of anonymous answers still empty themselves on any catalogueChanged, as before.
CREATE OR REPLACE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int4[];
  payload text := '{"type":"catalogueChanged"}';
BEGIN
  IF TG_NARGS > 0 AND TG_ARGV[0] = 'rows' THEN
    -- Statement-level with a transition table: one notification per statement, whatever its size.
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(touched.id) INTO ids FROM (SELECT "id" FROM "old_rows" LIMIT 501) touched;
    ELSE
      SELECT array_agg(touched.id) INTO ids FROM (SELECT "id" FROM "new_rows" LIMIT 501) touched;
    END IF;
    IF ids IS NULL THEN
      payload := '{"type":"catalogueChanged","products":[]}';
    ELSIF cardinality(ids) <= 500 THEN
      payload := json_build_object('type', 'catalogueChanged', 'products', ids)::text;
    END IF;
  ELSIF TG_NARGS > 0 AND TG_ARGV[0] = 'no-products' THEN
    payload := '{"type":"catalogueChanged","products":[]}';
  END IF;
  PERFORM pg_notify(
    left(regexp_replace(lower(CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'shop_events' ELSE 'shop_events_' || TG_TABLE_SCHEMA END), '[^a-z0-9_]', '_', 'g'), 63),
    payload);
  RETURN NULL;
END
$$;

-- Transition tables need one trigger per kind of write.
DROP TRIGGER "products_catalogue_changed" ON "products";
CREATE TRIGGER "products_inserted_catalogue_changed" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('rows');
CREATE TRIGGER "products_updated_catalogue_changed" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('rows');
CREATE TRIGGER "products_deleted_catalogue_changed" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('rows');
CREATE TRIGGER "products_truncated_catalogue_changed" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();

DROP TRIGGER "regions_catalogue_changed" ON "regions";
CREATE TRIGGER "regions_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('no-products');
DROP TRIGGER "images_catalogue_changed" ON "images";
CREATE TRIGGER "images_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('no-products');
