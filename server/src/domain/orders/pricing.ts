// An order's price. A cart is priced by the pricing room's engine (domain/pricing: promotions, taxes, the
// totals rule); an order already placed shows what it stored when placed (each line's share of promotions,
// its tax and rate, the promotions it got), never today's promotions or rates.
import { priceOrder, taxLinesOfCharge, totalBeforePromotions, type OrderQuote, type PricedLine, type PromotionAmount } from "../pricing/index.js";
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
  promotions?: readonly StoredPromotion[];
}

/** A promotion an order got, as stored: its whole amount and, for orders placed since they were kept, its parts. */
interface StoredPromotion {
  promotionId: number | null;
  name: string;
  code: string | null;
  amountCents: Cents;
  itemsCents?: Cents | null;
  deliveryCents?: Cents | null;
}

/**
 * Each stored promotion's items part and delivery part, worked out from what the engine's rules make certain
 * (a promotion's kind may be gone with it, so it is not asked): only free-delivery promotions take anything off
 * delivery, and they are applied, and stored (order_promotions in id order), after every other kind; the first
 * of them takes what is left of the fee and any later one 0. So when the order had a delivery discount, it is
 * the whole amount of the last promotion that took something off; every other promotion took its amount off
 * the items. Should the stored figures not fit that rule (the parts must add up to the order's discount and
 * delivery discount), each promotion is shown as taking its amount off the items alone.
 */
export function promotionParts(promotions: readonly StoredPromotion[], discountCents: Cents, deliveryDiscountCents: Cents): PromotionAmount[] {
  // Stored parts are what checkout charged: used as they are when every promotion of the order has them.
  if (promotions.every((promotion) => promotion.itemsCents !== null && promotion.itemsCents !== undefined && promotion.deliveryCents !== null && promotion.deliveryCents !== undefined)) {
    return promotions.map((promotion) => ({ id: promotion.promotionId ?? 0, name: promotion.name, code: promotion.code, amountCents: promotion.amountCents, itemsCents: promotion.itemsCents!, deliveryCents: promotion.deliveryCents! }));
  }
  // Orders placed before the parts were kept:
  let lastTaking = -1;
  promotions.forEach((promotion, index) => {
    if (promotion.amountCents > 0) lastTaking = index;
  });
  const parts = promotions.map((promotion, index) => {
    const delivery = deliveryDiscountCents > 0 && index === lastTaking ? promotion.amountCents : 0;
    return { id: promotion.promotionId ?? 0, name: promotion.name, code: promotion.code, amountCents: promotion.amountCents, itemsCents: promotion.amountCents - delivery, deliveryCents: delivery };
  });
  const items = parts.reduce((sum, part) => sum + part.itemsCents, 0);
  const delivery = parts.reduce((sum, part) => sum + part.deliveryCents, 0);
  if (items === discountCents && delivery === deliveryDiscountCents) return parts;
  return parts.map((part) => ({ ...part, itemsCents: part.amountCents, deliveryCents: 0 }));
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
    promotions: promotionParts(order.promotions ?? [], order.discountCents, order.deliveryDiscountCents),
    totalBeforePromotionsCents: totalBeforePromotions(lines, { cents: order.deliveryFeeCents, ratePpm: order.deliveryTaxRatePpm }, order.pricesIncludeTax),
    declined: [],
    totalCents: order.totalCents,
  };
}
