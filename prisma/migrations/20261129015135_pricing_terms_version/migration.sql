-- What every cart is priced with besides its lines (the automatic promotions, the regions' fees and tax
-- rates, the tax classes of categories, the default class and the tax setting) is kept in memory by each
-- process (server/src/domain/orders/pricing-terms.ts). This one-row version is raised in the same
-- transaction as any change to those rows, and every cart's read brings it back: a process whose copy
-- carries another number reads the terms again. The row is written by upsert so that a version exists
-- after any change even if the row was removed.
CREATE TABLE "pricing_terms_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "pricing_terms_version_pkey" PRIMARY KEY ("id")
);
INSERT INTO "pricing_terms_version" ("id", "version") VALUES (1, 0);

CREATE FUNCTION "raise_pricing_terms_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pricing_terms_version" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "pricing_terms_version"."version" + 1;
  RETURN NULL;
END
$$;

-- Small tables written by the back office: any statement raises the version.
CREATE TRIGGER "regions_pricing_terms" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pricing_terms_version"();
CREATE TRIGGER "tax_rates_pricing_terms" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pricing_terms_version"();
CREATE TRIGGER "delivery_tax_rates_pricing_terms" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_tax_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pricing_terms_version"();
CREATE TRIGGER "tax_classes_pricing_terms" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_classes"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pricing_terms_version"();
CREATE TRIGGER "category_tax_classes_pricing_terms" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_tax_classes"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pricing_terms_version"();
CREATE TRIGGER "shop_settings_pricing_terms" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pricing_terms_version"();

-- Promotions: only automatic ones are kept (a code's promotion is read with its code on every quote), and
-- checkout counts their uses on every order: a change of `uses` alone raises the version only when it
-- crosses the usage limit (used up, or given back below it), the one way uses change whether a cart gets it.
-- Only redemptions (counting and giving back uses) change `uses`, and they change nothing else.
CREATE TRIGGER "promotions_inserted_pricing_terms" AFTER INSERT ON "promotions"
  FOR EACH ROW WHEN (NEW."automatic") EXECUTE FUNCTION "raise_pricing_terms_version"();
CREATE TRIGGER "promotions_deleted_pricing_terms" AFTER DELETE ON "promotions"
  FOR EACH ROW WHEN (OLD."automatic") EXECUTE FUNCTION "raise_pricing_terms_version"();
CREATE TRIGGER "promotions_updated_pricing_terms" AFTER UPDATE ON "promotions"
  FOR EACH ROW WHEN ((OLD."automatic" OR NEW."automatic") AND (
    OLD."uses" = NEW."uses"
    OR OLD."usage_limit" IS DISTINCT FROM NEW."usage_limit"
    OR (NEW."usage_limit" IS NOT NULL AND (OLD."uses" >= NEW."usage_limit") <> (NEW."uses" >= NEW."usage_limit"))))
  EXECUTE FUNCTION "raise_pricing_terms_version"();
CREATE TRIGGER "promotions_truncated_pricing_terms" AFTER TRUNCATE ON "promotions"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pricing_terms_version"();
