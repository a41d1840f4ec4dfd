// What one unit of a product costs the shopper: its discount price when it has one, else its price. The
// order's pricing (orders/pricing.ts), the price sorts and the price filter all use this rule.
import { Prisma } from "../../generated/prisma/client.js";
import type { Cents } from "../shared/index.js";

export interface Priced {
  priceCents: Cents;
  discountPriceCents: Cents | null;
}

/** Unit price is the discount price when it is not null, else the price. */
export const unitPriceCents = (product: Priced): Cents => product.discountPriceCents ?? product.priceCents;

/** unitPriceCents in SQL, over products `p`: the price sort and the price filter. */
export const UNIT_PRICE_SQL = Prisma.sql`COALESCE(p.discount_price_cents, p.price_cents)`;
