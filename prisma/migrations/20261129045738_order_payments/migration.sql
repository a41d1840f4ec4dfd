-- Payments taken on a provider's hosted page (domain/orders/payments.ts). An order placed while such a provider
-- is configured starts 'awaiting-payment' holding its stock, becomes pending once paid, cancelled (its stock
-- back) when the payment fails or its time runs out. orders.payment_state says whether money was taken:
-- every order placed before is paid (the spec's simulation), so its constant default costs no rewrite.
-- order_payments: the provider's session per order; payment_events: the provider's events acted on, by id.
-- CreateEnum
CREATE TYPE "PaymentState" AS ENUM ('awaiting', 'paid', 'unpaid');

-- AlterEnum
ALTER TYPE "OrderStatus" ADD VALUE 'awaiting-payment' BEFORE 'pending';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "payment_state" "PaymentState" NOT NULL DEFAULT 'paid';

-- CreateTable
CREATE TABLE "order_payments" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "payment_intent_id" TEXT,
    "url" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "problem" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "checked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_events" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "order_id" INTEGER,
    "outcome" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "order_payments_order_id_key" ON "order_payments"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "order_payments_session_id_key" ON "order_payments"("session_id");

-- AddForeignKey
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The payment sweeper's claim: open payments by when they expire (and how long ago they were asked about).
CREATE INDEX "order_payments_open_idx" ON "order_payments"("expires_at") WHERE "state" = 'open';
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_state" CHECK ("state" IN ('open', 'paid', 'failed', 'expired'));
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_amount" CHECK ("amount_cents" >= 0);
