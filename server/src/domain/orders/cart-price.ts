// A cart's price with everything it depends on read from the database: the promotions in force and those
// of the shopper's codes (domain/promotions), the chosen region's fee and tax rates and each product's tax
// class (domain/taxes), then the engine (domain/pricing). The cart quote and checkout both price with this,
// so the quote a shopper sees is what checkout charges.
import type { ChosenValue } from "../catalog/index.js";
import { priceOrder, type OrderQuote, type PricingLine, type PromotionRule, type RegionTaxes } from "../pricing/index.js";
import { CODE_MESSAGES, declinedMessage, promotionsInForce, type EnteredCode, type PromotionsInForce } from "../promotions/index.js";
import { regionTaxes, taxClassesOf } from "../taxes/index.js";
import type { Cents, RowReader } from "../shared/index.js";

/** At most this many codes on one cart: more is guessing, not shopping. */
export const MAX_CODES = 5;

/** A line to price, as the cart and checkout know it. */
export interface CartPriceLine extends PricingLine {
  productId: number;
  variantId: number;
  categoryId: number;
  sku: string;
  options: ChosenValue[];
}

/** What became of a code the shopper entered: applied, or the reason it was not. */
export interface CodeOutcome {
  code: string;
  applied: boolean;
  /** Why it takes nothing off (null when applied). */
  message: string | null;
}

export interface CartPrice<L extends CartPriceLine> {
  quote: OrderQuote<L>;
  codes: CodeOutcome[];
  /** The judged codes, for checkout to count their uses. */
  entered: EnteredCode[];
}

/** What a cart's price depends on besides its lines: the promotions it may get, its region's tax rates, its products' tax classes. */
export interface PricingInputs {
  inForce: PromotionsInForce;
  taxes: RegionTaxes | null;
  /** Each product's tax class (absent: the default class). */
  classes: Map<number, number>;
}

/**
 * Reads what pricing `products` for delivery to `region` (null: no region yet, no tax) with `codes` depends
 * on, for `customer` (the buyer's e-mail, lower case; null for a guest's quote), at `at`.
 */
export async function readPricingInputs(
  /** Where it reads: the shop's reader, or checkout's transaction (prismaReader(tx)). */
  read: RowReader,
  products: readonly { productId: number; categoryId: number }[],
  /** With its taxes when they were read with it (pricedRegion); otherwise they are read here. */
  region: { id: number; taxes?: RegionTaxes } | null,
  codes: readonly string[],
  customer: string | null,
  at: Date,
  /** Price with exactly these promotions instead of those in force (the back office's preview of one). */
  only?: readonly PromotionRule[],
): Promise<PricingInputs> {
  const [inForce, taxes, classes] = await Promise.all([
    only ? { rules: [...only], codes: [] } : promotionsInForce(read, codes, at, customer),
    region?.taxes ?? regionTaxes(read, region?.id ?? null),
    region ? taxClassesOf(read, products.map((line) => ({ id: line.productId, categoryId: line.categoryId }))) : new Map<number, number>(),
  ]);
  return { inForce, taxes, classes };
}

/** Prices `lines` for delivery to `region` with what was read for them (readPricingInputs), at `at`. */
export function priceWith<L extends CartPriceLine>(inputs: PricingInputs, lines: readonly L[], region: { feeCents: Cents } | null, at: Date): CartPrice<L> {
  const { inForce, taxes, classes } = inputs;
  const withClasses = lines.map((line) => ({ ...line, taxClassId: classes.get(line.productId) ?? null }));
  const quote = priceOrder(withClasses, region, { at, promotions: inForce.rules, taxes }) as OrderQuote<L>;
  const outcomes = inForce.codes.map((entered): CodeOutcome => {
    if (entered.problem) return { code: entered.code, applied: false, message: entered.problem };
    const applied = quote.promotions.some((promotion) => promotion.id === entered.rule!.id);
    const declined = quote.declined.find((one) => one.promotion.id === entered.rule!.id);
    return { code: entered.code, applied, message: applied ? null : declined ? declinedMessage(declined.why) : CODE_MESSAGES.noItems };
  });
  return { quote, codes: outcomes, entered: inForce.codes };
}

/** Reads what a cart's price depends on and prices it (readPricingInputs, then priceWith). */
export async function priceCart<L extends CartPriceLine>(
  read: RowReader,
  lines: readonly L[],
  region: { id: number; feeCents: Cents; taxes?: RegionTaxes } | null,
  codes: readonly string[],
  customer: string | null,
  at: Date,
  only?: readonly PromotionRule[],
): Promise<CartPrice<L>> {
  return priceWith(await readPricingInputs(read, lines, region, codes, customer, at, only), lines, region, at);
}
