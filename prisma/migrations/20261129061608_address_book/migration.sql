-- The address book (domain/accounts/address-book.ts): several delivery addresses per customer, one default,
-- mirrored into users.phone / users.address (what the spec's screens, the REST shim and checkout read). Every
-- customer who has contact details gets them as their default address, labelled "Home".
-- CreateTable
CREATE TABLE "addresses" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "region_id" INTEGER,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "addresses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "addresses_user_id_idx" ON "addresses"("user_id");

-- AddForeignKey
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_region_id_fkey" FOREIGN KEY ("region_id") REFERENCES "regions"("id") ON DELETE SET NULL ON UPDATE CASCADE;


CREATE UNIQUE INDEX "addresses_one_default" ON "addresses"("user_id") WHERE "is_default";
INSERT INTO "addresses" ("user_id", "label", "name", "phone", "address", "is_default", "updated_at")
SELECT "id", 'Home', "name", "phone", "address", true, now() FROM "users"
WHERE coalesce(trim("phone"), '') <> '' AND coalesce(trim("address"), '') <> '';
