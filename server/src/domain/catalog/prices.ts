// What one unit of a variant costs the shopper: its discount price when it has one, else its price. The
// order's pricing (orders/pricing.ts) uses this rule. A product is listed (price sorts, the price filter,
// "from $X" on cards) at the lowest unit price of its variants on sale, which the product row keeps
// (unit_price_min_cents, by the variants migration's trigger); for a product sold in one variant, its unit price.
import { Prisma } from "../../generated/prisma/client.js";
import type { Cents } from "../shared/index.js";

export interface Priced {
  priceCents: Cents;
  discountPriceCents: Cents | null;
}

/** Unit price is the discount price when it is not null, else the price. */
export const unitPriceCents = (product: Priced): Cents => product.discountPriceCents ?? product.priceCents;

/** A product's listed price in SQL, over products `p`: the price sorts and the price filter. */
export const UNIT_PRICE_SQL = Prisma.sql`p.unit_price_min_cents`;
