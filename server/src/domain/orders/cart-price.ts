// A cart's price with everything it depends on: the promotions in force and those of the shopper's codes
// (domain/promotions), the chosen region's fee and tax rates and each product's tax class (domain/taxes),
// then the engine (domain/pricing). What every cart shares comes from the kept pricing terms
// (pricing-terms.ts); the codes and each product's own class are read with the cart. The cart quote and
// checkout both price with this, so the quote a shopper sees is what checkout charges.
import type { ChosenValue } from "../catalog/index.js";
import { priceOrder, type OrderQuote, type PricingLine, type PromotionRule, type RegionTaxes } from "../pricing/index.js";
import { CODE_MESSAGES, declinedMessage, promotionsInForce, type EnteredCode, type PromotionsInForce, type ReadCode } from "../promotions/index.js";
import { taxClassOf, type PricedRegion } from "../taxes/index.js";
import type { Cents, RowReader } from "../shared/index.js";
import type { KeptPricingTerms } from "./pricing-terms.js";

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

/** What the cart's own read brought for pricing: its products with their own tax class, and the pricing terms' version. */
export interface CartForPricing {
  products: readonly { productId: number; categoryId: number; ownTaxClassId: number | null }[];
  /** TERMS_VERSION_COLUMN as the cart's statement read it (null: not read, e.g. an empty cart). */
  termsVersion: string | null;
}

/**
 * What pricing `cart` for delivery to `regionId` (null: no region yet, no tax) depends on, with the `codes`
 * entered and found (`found`: readCodes, started beside the cart's read), at `at`. The terms every cart
 * shares come from `kept` at the cart's version (a region created since is looked for at the newest).
 */
export async function pricingInputs(
  read: RowReader,
  kept: KeptPricingTerms,
  cart: CartForPricing,
  regionId: number | null,
  codes: readonly string[],
  found: readonly ReadCode[],
  at: Date,
  /** Price with exactly these promotions instead of those in force (the back office's preview of one). */
  only?: readonly PromotionRule[],
): Promise<PricingInputs & { region: PricedRegion | null }> {
  let terms = await kept.at(read, cart.termsVersion);
  if (regionId !== null && !terms.regions.has(regionId)) terms = await kept.at(read, null);
  const region = regionId === null ? null : (terms.regions.get(regionId) ?? null);
  const classes = new Map<number, number>();
  for (const product of cart.products) {
    const taxClassId = taxClassOf(product, terms.categoryClasses);
    if (taxClassId !== null) classes.set(product.productId, taxClassId);
  }
  return {
    inForce: only ? { rules: [...only], codes: [] } : promotionsInForce(terms.automatic, codes, found, at),
    taxes: region?.taxes ?? null,
    classes,
    region,
  };
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
