-- Staff roles (domain/shared/viewer.ts ROLE_ABILITIES): an admin may hold one, which narrows what they may do;
-- an admin without one is the spec's admin. Only the owner manages API keys, webhooks and staff roles, so a
-- shop that had admins before gets one owner: its first admin (the one created at its first start).
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "staff_role" TEXT;

ALTER TABLE "users" ADD CONSTRAINT "users_staff_role" CHECK (
  "staff_role" IS NULL OR ("role" = 'admin' AND "staff_role" IN ('owner', 'catalogue-manager', 'order-manager', 'support')));
UPDATE "users" SET "staff_role" = 'owner' WHERE "id" = (SELECT min("id") FROM "users" WHERE "role" = 'admin');
