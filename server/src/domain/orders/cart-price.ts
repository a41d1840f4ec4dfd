// A cart's price with everything it depends on read from the database: the promotions in force and those
// of the shopper's codes (domain/promotions), the chosen region's fee and tax rates and each product's tax
// class (domain/taxes), then the engine (domain/pricing). The cart quote and checkout both price with this,
// so the quote a shopper sees is what checkout charges.
import type { ChosenValue } from "../catalog/index.js";
import { priceOrder, type OrderQuote, type PricingLine, type PromotionRule, type RegionTaxes } from "../pricing/index.js";
import { CODE_MESSAGES, declinedMessage, promotionsInForce, type EnteredCode } from "../promotions/index.js";
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

/**
 * Prices `lines` for delivery to `region` (null: no region yet, no fee, no tax) with `codes`, for `customer`
 * (the buyer's e-mail, lower case; null for a guest's quote).
 */
export async function priceCart<L extends CartPriceLine>(
  /** Where it reads: the shop's reader, or checkout's transaction (prismaReader(tx)). */
  read: RowReader,
  lines: readonly L[],
  /** With its taxes when they were read with it (pricedRegion); otherwise they are read here. */
  region: { id: number; feeCents: Cents; taxes?: RegionTaxes } | null,
  codes: readonly string[],
  customer: string | null,
  at: Date,
  /** Price with exactly these promotions instead of those in force (the back office's preview of one). */
  only?: readonly PromotionRule[],
): Promise<CartPrice<L>> {
  const [inForce, taxes, classes] = await Promise.all([
    only ? { rules: [...only], codes: [] } : promotionsInForce(read, codes, at, customer),
    region?.taxes ?? regionTaxes(read, region?.id ?? null),
    region ? taxClassesOf(read, lines.map((line) => ({ id: line.productId, categoryId: line.categoryId }))) : new Map<number, number>(),
  ]);
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
