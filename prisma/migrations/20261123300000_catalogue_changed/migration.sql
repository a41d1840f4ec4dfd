-- Every write to the catalogue (products, with their stock and ratings; categories; delivery regions), by
-- any code path, tells every replica through the shop's event channel (db/events.ts eventChannel) that
-- cached anonymous catalogue answers are out of date. Statement-level, and delivered at commit: a
-- transaction that writes many rows sends one notification.
CREATE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    left(regexp_replace(lower(CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'shop_events' ELSE 'shop_events_' || TG_TABLE_SCHEMA END), '[^a-z0-9_]', '_', 'g'), 63),
    '{"type":"catalogueChanged"}');
  RETURN NULL;
END
$$;

CREATE TRIGGER "products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
CREATE TRIGGER "categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
CREATE TRIGGER "regions_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
