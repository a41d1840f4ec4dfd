-- An order can be cancelled (domain/orders/status.ts): by the shop while it is pending or in transit, by
-- its shopper while it is pending. Entering it gives the order's stock back to its variants and its
-- promotions' uses back, once.
ALTER TYPE "OrderStatus" ADD VALUE 'cancelled';
