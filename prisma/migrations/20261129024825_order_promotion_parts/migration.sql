-- Each promotion an order got keeps what it took off the items and what off delivery, as checkout charged
-- them (orders placed before keep null: domain/orders/pricing.ts works their parts out from the engine's order
-- of kinds).
-- AlterTable
ALTER TABLE "order_promotions" ADD COLUMN     "delivery_cents" INTEGER,
ADD COLUMN     "items_cents" INTEGER;

