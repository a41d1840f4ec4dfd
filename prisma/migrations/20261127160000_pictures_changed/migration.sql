-- A picture's row changes often while the shop works in the background: a claim by the renditions worker,
-- each rendition made, a failure. Only some of those change what a visitor is shown (its state, size,
-- placeholder and renditions), and none changes a product's words, prices or stock. So writes to images
-- now announce {"type":"picturesChanged"}, and only when a shown column is written: the search index does
-- not hear them at all, and the caches of anonymous answers empty themselves for them at most once a
-- second (server/src/http/kept-answers.ts), so a backlog of pictures cannot keep every cache empty.
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
  ELSIF TG_NARGS > 0 AND TG_ARGV[0] = 'pictures' THEN
    payload := '{"type":"picturesChanged"}';
  END IF;
  PERFORM pg_notify(
    left(regexp_replace(lower(CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'shop_events' ELSE 'shop_events_' || TG_TABLE_SCHEMA END), '[^a-z0-9_]', '_', 'g'), 63),
    payload);
  RETURN NULL;
END
$$;

DROP TRIGGER "images_catalogue_changed" ON "images";
CREATE TRIGGER "images_written_pictures_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('pictures');
CREATE TRIGGER "images_shown_pictures_changed" AFTER UPDATE OF "state", "width", "height", "placeholder", "renditions" ON "images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"('pictures');
