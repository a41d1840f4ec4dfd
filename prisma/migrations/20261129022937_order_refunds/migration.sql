-- Refunds (server/src/domain/payments/refunds.ts): each refund is a row, written before the payment provider
-- is asked and counted at once in orders.refunded_cents under the order's row lock, so no two refunds at once
-- can give back more than the order's total.
-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "refunded_cents" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "order_refunds" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "lines" JSONB NOT NULL DEFAULT '[]',
    "reason" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "provider" TEXT NOT NULL,
    "provider_reference" TEXT,
    "failure" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "order_refunds_order_id_idx" ON "order_refunds"("order_id");

-- AddForeignKey
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;


ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("refunded_cents" >= 0 AND "refunded_cents" <= "total_cents");
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_state" CHECK ("state" IN ('pending', 'succeeded', 'failed'));
