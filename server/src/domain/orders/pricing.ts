// An order's price. A cart is priced by the pricing room's engine (domain/pricing: promotions, taxes, the
// totals rule); an order already placed shows what it stored when placed (each line's share of promotions,
// its tax and rate, the promotions it got), never today's promotions or rates.
import { priceOrder, taxLinesOfCharge, type OrderQuote, type PricedLine } from "../pricing/index.js";
import type { Cents } from "../shared/index.js";

export { priceOrder };

/** A line of a placed order, as stored. */
interface StoredLine {
  priceCents: Cents;
  discountPriceCents: Cents | null;
  unitPriceCents: Cents;
  quantity: number;
  discountCents: Cents;
  taxCents: Cents;
  taxRatePpm: number;
  taxName: string;
}

/** A placed order's stored figures (its promotions when read with them). */
export interface StoredOrderPrice<L extends StoredLine> {
  lines: readonly L[];
  deliveryFeeCents: Cents;
  discountCents: Cents;
  deliveryDiscountCents: Cents;
  deliveryTaxCents: Cents;
  deliveryTaxRatePpm: number;
  deliveryTaxName: string;
  taxCents: Cents;
  pricesIncludeTax: boolean;
  totalCents: Cents;
  promotions?: readonly { promotionId: number | null; name: string; code: string | null; amountCents: Cents }[];
}

/** A placed order's price as it was charged: from its stored lines, promotions and tax. */
export function priceOfPlacedOrder<L extends StoredLine>(order: StoredOrderPrice<L>): OrderQuote<L> {
  const lines: PricedLine<L>[] = order.lines.map((line) => ({
    ...line,
    unitCents: line.unitPriceCents,
    lineCents: line.unitPriceCents * line.quantity,
  }));
  const deliveryPaid = order.deliveryFeeCents - order.deliveryDiscountCents;
  return {
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    itemsCents: lines.reduce((sum, line) => sum + line.lineCents, 0),
    discountCents: order.discountCents,
    deliveryCents: order.deliveryFeeCents,
    deliveryDiscountCents: order.deliveryDiscountCents,
    deliveryTaxCents: order.deliveryTaxCents,
    taxCents: order.taxCents,
    pricesIncludeTax: order.pricesIncludeTax,
    taxLines: taxLinesOfCharge(lines, { name: order.deliveryTaxName, ratePpm: order.deliveryTaxRatePpm, paidCents: deliveryPaid, taxCents: order.deliveryTaxCents }, order.pricesIncludeTax),
    promotions: (order.promotions ?? []).map((promotion) => ({ id: promotion.promotionId ?? 0, name: promotion.name, code: promotion.code, amountCents: promotion.amountCents })),
    declined: [],
    totalCents: order.totalCents,
  };
}
