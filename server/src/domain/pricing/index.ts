// The pricing room: how an order adds up (engine.ts), with promotions (promotions.ts) and taxes (taxes.ts),
// in whole cents (arithmetic.ts). Pure functions: no database, no clock; the callers bring the promotions
// in force and the region's rates. Other folders import it only from here.
export { mulDivRoundHalfUp, shareByLargestRemainder } from "./arithmetic.js";
export { priceOrder, totalBeforePromotions } from "./engine.js";
export type { DeliveryChoice, OrderQuote, PricedLine, PricingContext, PricingLine, PromotionAmount, TaxLine } from "./engine.js";
export { appliesToLine, applyPromotions, PROMOTION_KINDS } from "./promotions.js";
export type { AppliedPromotion, Declined, PromotionKind, PromotionLine, PromotionOutcome, PromotionRule } from "./promotions.js";
export { MILLION, rateOf, taxLinesOf, taxLinesOfCharge, taxOf } from "./taxes.js";
export type { RegionTaxes } from "./taxes.js";
