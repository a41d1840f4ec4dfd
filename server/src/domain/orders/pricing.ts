// How an order adds up, in integer cents. This is the one place totals are computed: checkout prices the
// cart with it, the cart and checkout screens ask for it (cartQuote), and an order already placed is
// priced again from its lines as bought for the invoice, the emails, the webhooks and the dashboard.
//
// The rules:
// - a line's unit price is the product's discount price when it has one, else its price (catalog/prices);
// - a line costs its unit price times its quantity;
// - the items total is the sum of the lines;
// - delivery costs the chosen region's fee, or nothing while no region is chosen;
// - the total is the items total plus delivery.
// Every amount is a whole number of cents and none is negative: nothing here divides, so nothing rounds.
import { unitPriceCents, type Priced } from "../catalog/index.js";
import type { Cents } from "../shared/index.js";

/** A line to price: what one unit is listed at, and how many. */
export interface PricingLine extends Priced {
  quantity: number;
}

/** The delivery chosen: a region's fee. */
export interface DeliveryChoice {
  feeCents: Cents;
}

/** What beyond the lines and the delivery an order's price may depend on. */
export interface PricingContext {
  /** When the order is priced (a placed order: when it was placed). */
  at: Date;
}

export type PricedLine<L extends PricingLine> = L & {
  unitCents: Cents;
  lineCents: Cents;
};

export interface OrderQuote<L extends PricingLine = PricingLine> {
  lines: PricedLine<L>[];
  totalQuantity: number;
  itemsCents: Cents;
  deliveryCents: Cents;
  totalCents: Cents;
}

/** Prices the lines (in their order, each kept with what it carried) and adds the order up. */
export function priceOrder<L extends PricingLine>(lines: readonly L[], delivery: DeliveryChoice | null, _context: PricingContext): OrderQuote<L> {
  const priced = lines.map((line) => {
    const unitCents = unitPriceCents(line);
    return { ...line, unitCents, lineCents: unitCents * line.quantity };
  });
  const itemsCents = priced.reduce((sum, line) => sum + line.lineCents, 0);
  const deliveryCents = delivery?.feeCents ?? 0;
  return {
    lines: priced,
    totalQuantity: priced.reduce((sum, line) => sum + line.quantity, 0),
    itemsCents,
    deliveryCents,
    totalCents: itemsCents + deliveryCents,
  };
}

/** A placed order priced again from its lines as bought and the fee it was charged. */
export function priceOfPlacedOrder<L extends PricingLine>(order: { lines: readonly L[]; deliveryFeeCents: Cents; createdAt: Date }): OrderQuote<L> {
  return priceOrder(order.lines, { feeCents: order.deliveryFeeCents }, { at: order.createdAt });
}
