// How an order adds up, in integer cents. This is the one place totals are computed: checkout prices the
// cart with it, the cart and checkout screens ask for it (cartQuote), and what an order stored when placed
// (each line's share of promotions and its tax) is what it shows afterwards.
//
// The rules:
// - a line's unit price is the variant's discount price when it has one, else its price (catalog/prices);
// - a line costs its unit price times its quantity; the items total is the sum of the lines;
// - delivery costs the chosen region's fee, or nothing while no region is chosen;
// - promotions (promotions.ts) take an amount off the items, shared among the lines they apply to, and/or
//   off the delivery; never more than there is;
// - tax (taxes.ts) is worked out per line on what is paid for it after promotions, and on delivery when
//   its region taxes it; with prices entered without tax it is added to the total;
// - the total is items - their promotions + delivery - its promotions (+ tax when prices exclude it);
// - the total before promotions is what the same cart would cost with no promotion at all: items + delivery
//   (+ their tax, on the undiscounted amounts, when prices exclude it); the editor's preview sets it beside
//   the total;
// - each promotion applied says what it took off the items and what off the delivery (a free-delivery
//   promotion takes only delivery, the other kinds only items), so that the items parts add up to the
//   discount and the delivery parts to the delivery discount.
// Without promotions and tax rates (the shop's default) the total is the items total plus delivery.
// Every amount is a whole number of cents and none is negative.
import { unitPriceCents, type Priced } from "../catalog/index.js";
import type { Cents } from "../shared/index.js";
import { applyPromotions, type Declined, type PromotionRule } from "./promotions.js";
import { rateOf, taxLinesOfCharge, taxOf, type RegionTaxes, type TaxLine } from "./taxes.js";

/** A line to price: what one unit is listed at, how many, and what promotions and taxes look at. */
export interface PricingLine extends Priced {
  quantity: number;
  productId?: number;
  variantId?: number;
  categoryId?: number;
  /** The line's tax class (its product's, else its category's); none: the shop's default class. */
  taxClassId?: number | null;
}

/** The delivery chosen: a region's fee. */
export interface DeliveryChoice {
  feeCents: Cents;
}

/** What beyond the lines and the delivery an order's price depends on. */
export interface PricingContext {
  /** When the order is priced. */
  at: Date;
  /** Promotions in force for this cart (by date, pause and usage) and those its codes bring. */
  promotions?: readonly PromotionRule[];
  /** The rates of the chosen region; none: no tax. */
  taxes?: RegionTaxes | null;
}

export type PricedLine<L extends PricingLine> = L & {
  unitCents: Cents;
  /** Unit price x quantity. */
  lineCents: Cents;
  /** Its share of the promotions. */
  discountCents: Cents;
  /** Its tax, and the rate it was charged at (parts per million; 0: none). */
  taxCents: Cents;
  taxRatePpm: number;
  taxName: string;
};

/** A promotion the order gets, and what it takes off (items and delivery). */
export interface PromotionAmount {
  id: number;
  name: string;
  code: string | null;
  /** All it takes off: itemsCents + deliveryCents. */
  amountCents: Cents;
  /** Taken off the items (its part of discountCents). */
  itemsCents: Cents;
  /** Taken off the delivery fee (its part of deliveryDiscountCents). */
  deliveryCents: Cents;
}

export type { TaxLine };

export interface OrderQuote<L extends PricingLine = PricingLine> {
  lines: PricedLine<L>[];
  totalQuantity: number;
  /** The lines at their unit prices, before promotions. */
  itemsCents: Cents;
  /** Taken off the items by promotions. */
  discountCents: Cents;
  /** The region's fee, before promotions. */
  deliveryCents: Cents;
  deliveryDiscountCents: Cents;
  deliveryTaxCents: Cents;
  /** All tax: the lines' and delivery's. */
  taxCents: Cents;
  pricesIncludeTax: boolean;
  taxLines: TaxLine[];
  promotions: PromotionAmount[];
  /** What the order would cost without any promotion (its tax worked out on the undiscounted amounts). */
  totalBeforePromotionsCents: Cents;
  /** Promotions (automatic or entered as codes) that take nothing off this cart, and why. */
  declined: { promotion: PromotionRule; why: Declined }[];
  totalCents: Cents;
}

/** Prices the lines (in their order, each kept with what it carried) and adds the order up. */
export function priceOrder<L extends PricingLine>(lines: readonly L[], delivery: DeliveryChoice | null, context: PricingContext): OrderQuote<L> {
  const units = lines.map((line) => unitPriceCents(line));
  const itemsCents = lines.reduce((sum, line, index) => sum + units[index] * line.quantity, 0);
  const deliveryCents = delivery?.feeCents ?? 0;
  const outcome = applyPromotions(
    context.promotions ?? [],
    lines.map((line, index) => ({ ...line, unitCents: units[index], tieKey: line.variantId ?? index })),
    itemsCents,
    deliveryCents,
  );
  const taxes = context.taxes ?? null;
  const pricesIncludeTax = taxes?.pricesIncludeTax === true;
  const priced = lines.map((line, index) => {
    const lineCents = units[index] * line.quantity;
    const discountCents = outcome.lineDiscounts[index];
    const rate = rateOf(taxes, line.taxClassId);
    const taxCents = taxOf(lineCents - discountCents, rate.ratePpm, pricesIncludeTax);
    return { ...line, unitCents: units[index], lineCents, discountCents, taxCents, taxRatePpm: rate.ratePpm, taxName: rate.name };
  });
  const deliveryPaid = deliveryCents - outcome.deliveryDiscountCents;
  const deliveryRate = taxes?.delivery ?? rateOf(null, null);
  const deliveryTaxCents = taxOf(deliveryPaid, deliveryRate.ratePpm, pricesIncludeTax);
  const discountCents = outcome.lineDiscounts.reduce((sum, share) => sum + share, 0);
  const taxCents = priced.reduce((sum, line) => sum + line.taxCents, 0) + deliveryTaxCents;
  return {
    lines: priced,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    itemsCents,
    discountCents,
    deliveryCents,
    deliveryDiscountCents: outcome.deliveryDiscountCents,
    deliveryTaxCents,
    taxCents,
    pricesIncludeTax,
    taxLines: taxLinesOfCharge(priced, { name: deliveryRate.name, ratePpm: deliveryRate.ratePpm, paidCents: deliveryPaid, taxCents: deliveryTaxCents }, pricesIncludeTax),
    promotions: outcome.applied.map((one) => ({
      id: one.promotion.id,
      name: one.promotion.name,
      code: one.promotion.code,
      amountCents: one.itemsCents + one.deliveryCents,
      itemsCents: one.itemsCents,
      deliveryCents: one.deliveryCents,
    })),
    totalBeforePromotionsCents: totalBeforePromotions(priced, { cents: deliveryCents, ratePpm: deliveryRate.ratePpm }, pricesIncludeTax),
    declined: outcome.declined,
    totalCents: itemsCents - discountCents + deliveryPaid + (pricesIncludeTax ? 0 : taxCents),
  };
}

/**
 * The total of the same lines and delivery with no promotion: items + delivery, plus, when prices exclude
 * tax, each line's and delivery's tax on its whole amount (rounded per line, as checkout would charge it).
 */
export function totalBeforePromotions(
  lines: readonly { lineCents: Cents; taxRatePpm: number }[],
  delivery: { cents: Cents; ratePpm: number },
  pricesIncludeTax: boolean,
): Cents {
  const items = lines.reduce((sum, line) => sum + line.lineCents, 0);
  if (pricesIncludeTax) return items + delivery.cents;
  const tax = lines.reduce((sum, line) => sum + taxOf(line.lineCents, line.taxRatePpm, false), 0) + taxOf(delivery.cents, delivery.ratePpm, false);
  return items + delivery.cents + tax;
}
