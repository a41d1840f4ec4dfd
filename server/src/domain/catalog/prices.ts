// Section 9 of the spec: what a unit costs and how a cart adds up. Used by orders, the cart check
// and the price sort, so the rule exists once.
import { Prisma } from "../../generated/prisma/client.js";
import type { Cents } from "../shared/money.js";

export interface Priced {
  priceCents: Cents;
  discountPriceCents: Cents | null;
}

/** Unit price is the discount price when it is not null, else the price. */
export const unitPriceCents = (product: Priced): Cents => product.discountPriceCents ?? product.priceCents;

/** unitPriceCents in SQL, over products `p`: the price sort and the price filter. */
export const UNIT_PRICE_SQL = Prisma.sql`COALESCE(p.discount_price_cents, p.price_cents)`;

/** Line total is the unit price times the quantity in the cart. */
export const lineTotalCents = (product: Priced, quantity: number): Cents => unitPriceCents(product) * quantity;

/** A line of a placed order: its unit price as bought times its quantity (the invoice's and the email's Amount). */
export const orderLineTotalCents = (line: { unitPriceCents: Cents; quantity: number }): Cents => line.unitPriceCents * line.quantity;
