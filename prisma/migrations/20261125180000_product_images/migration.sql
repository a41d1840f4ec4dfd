-- CreateTable
CREATE TABLE "images" (
    "id" SERIAL NOT NULL,
    "ref" TEXT NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "placeholder" TEXT,
    "renditions" JSONB NOT NULL DEFAULT '[]',
    "state" TEXT NOT NULL DEFAULT 'pending',
    "recipe" INTEGER NOT NULL DEFAULT 0,
    "failure" TEXT,
    "claimed_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "images_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "images_ref_key" ON "images"("ref");

-- CreateIndex
CREATE INDEX "images_state_recipe_idx" ON "images"("state", "recipe");


-- A picture's renditions appear after its product was written (they are made in the background): cached
-- anonymous catalogue answers that list its sources must be dropped then too, as for any catalogue write.
CREATE TRIGGER "images_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
