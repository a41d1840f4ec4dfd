// Promotions as the pricing engine applies them, to a cart already known to be eligible by date, pause
// and usage (the promotions room decides that; here only the cart counts). The rules, written down:
//
// Kinds
// - percent-off: `percentBp` (basis points: 1000 = 10%) of the amount of the lines it applies to, rounded
//   half up to the cent as a whole, then shared among those lines.
// - amount-off: `amountCents` off the lines it applies to, at most their amount, shared among them.
// - buy-x-get-y: for every `buyQuantity + getQuantity` units of the lines it applies to, `getQuantity` units
//   free: the cheapest units of those lines ("3 for 2": buy 2, get 1). Each free unit comes off its own line.
// - free-delivery: the delivery fee (what is left of it) off.
// Which lines: those of the chosen categories, products or variants (every line when none is chosen); a line
// whose product has its own discount price counts as already discounted and is left out unless the
// promotion says `onDiscountedItems`.
// Conditions: `minItemsCents` is measured on the items total before any promotion (what the cart shows as
// items), `minQuantity` on the units of the lines it applies to.
//
// Stacking: a promotion that is not `combinable` never joins another. The engine prices every choice (all
// combinable promotions together, or one promotion that is not combinable alone) and the one that takes the
// most off (items and delivery) wins; on a tie, the choice holding the earliest promotion (lowest id).
// Together, promotions apply in this order, each to what the ones before left: buy-x-get-y, percent-off,
// amount-off, free-delivery (then by id), so a percentage never counts money already taken off.
// Shares: a promotion's amount is shared among its lines in proportion to what is left of each
// (largest remainder): the shares add up exactly, and no line goes below 0.
import type { Cents } from "../shared/index.js";
import { mulDivRoundHalfUp, shareByLargestRemainder } from "./arithmetic.js";

export type PromotionKind = "percent-off" | "amount-off" | "buy-x-get-y" | "free-delivery";
export const PROMOTION_KINDS: readonly PromotionKind[] = ["percent-off", "amount-off", "buy-x-get-y", "free-delivery"];

/** A promotion as pricing needs it. */
export interface PromotionRule {
  id: number;
  name: string;
  kind: PromotionKind;
  /** percent-off: basis points of the amount, 1 to 10,000. */
  percentBp: number | null;
  /** amount-off: cents off. */
  amountCents: Cents | null;
  /** buy-x-get-y: units paid and units free in each group. */
  buyQuantity: number | null;
  getQuantity: number | null;
  /** Lines it applies to; all three empty: every line. */
  categoryIds: readonly number[];
  productIds: readonly number[];
  variantIds: readonly number[];
  minItemsCents: Cents | null;
  minQuantity: number | null;
  combinable: boolean;
  onDiscountedItems: boolean;
  /** The code the shopper entered for it; null: it applies by itself. */
  code: string | null;
}

/** What a promotion needs of a cart line. */
export interface PromotionLine {
  /** Something of the line itself (its variant's id): who gets an odd cent on a tie, whatever the lines' order. */
  tieKey: number;
  productId?: number;
  variantId?: number;
  categoryId?: number;
  /** The product's own discount price makes the line already discounted. */
  discountPriceCents: Cents | null;
  unitCents: Cents;
  quantity: number;
}

/** Why a promotion takes nothing off this cart. */
export type Declined =
  | { reason: "minimum-value"; missingCents: Cents }
  | { reason: "minimum-quantity"; missingUnits: number }
  | { reason: "no-items" }
  | { reason: "not-best"; betterIds: number[] };

export interface AppliedPromotion {
  promotion: PromotionRule;
  /** Off the items: the sum of the lines' shares. */
  itemsCents: Cents;
  /** Off the delivery fee. */
  deliveryCents: Cents;
  /** Each line's share of itemsCents, by line index. */
  lineShares: Cents[];
}

export interface PromotionOutcome {
  applied: AppliedPromotion[];
  declined: { promotion: PromotionRule; why: Declined }[];
  /** Per line: the sum of its shares. */
  lineDiscounts: Cents[];
  deliveryDiscountCents: Cents;
}

const ORDER_OF_KINDS: Record<PromotionKind, number> = { "buy-x-get-y": 0, "percent-off": 1, "amount-off": 2, "free-delivery": 3 };

/** Whether the promotion applies to this line (ignoring its conditions). */
export function appliesToLine(promotion: PromotionRule, line: PromotionLine): boolean {
  if (line.discountPriceCents !== null && !promotion.onDiscountedItems) return false;
  const chosen = promotion.categoryIds.length + promotion.productIds.length + promotion.variantIds.length > 0;
  if (!chosen) return true;
  // A line that does not say (no id: 0, never an id) matches no choice.
  return promotion.categoryIds.includes(line.categoryId ?? 0) || promotion.productIds.includes(line.productId ?? 0) || promotion.variantIds.includes(line.variantId ?? 0);
}

/** The reason a promotion cannot apply to the cart at all, or null when it can. */
function conditionsUnmet(promotion: PromotionRule, lines: readonly PromotionLine[], itemsCents: Cents): Declined | null {
  const matching = lines.filter((line) => appliesToLine(promotion, line));
  if (matching.length === 0) return { reason: "no-items" };
  const minimumValue = promotion.minItemsCents ?? 0;
  if (itemsCents < minimumValue) return { reason: "minimum-value", missingCents: minimumValue - itemsCents };
  const units = matching.reduce((sum, line) => sum + line.quantity, 0);
  // Buy X get Y needs a whole group at least.
  const minimumUnits = Math.max(promotion.minQuantity ?? 1, promotion.kind === "buy-x-get-y" ? groupOf(promotion) : 1);
  if (units < minimumUnits) return { reason: "minimum-quantity", missingUnits: minimumUnits - units };
  return null;
}

/** Buy X get Y's group: the units bought and the units free. */
const groupOf = (promotion: PromotionRule) => (promotion.buyQuantity ?? 0) + (promotion.getQuantity ?? 1);

/** Applies one promotion to what is left of the lines and the delivery; returns its shares (left is updated). */
function applyOne(promotion: PromotionRule, lines: readonly PromotionLine[], left: Cents[], deliveryLeft: { cents: Cents }): AppliedPromotion {
  const shares = lines.map(() => 0);
  let deliveryCents = 0;
  const eligible = lines.map((line, index) => (appliesToLine(promotion, line) ? index : -1)).filter((index) => index >= 0);
  if (promotion.kind === "free-delivery") {
    deliveryCents = deliveryLeft.cents;
    deliveryLeft.cents = 0;
  } else if (promotion.kind === "buy-x-get-y") {
    const units = eligible.reduce((sum, index) => sum + lines[index].quantity, 0);
    let free = Math.floor(units / groupOf(promotion)) * (promotion.getQuantity ?? 1);
    // The cheapest units first (on a tie, the smaller tie key); a unit is free at what is left of its price.
    const cheapestFirst = [...eligible].sort((a, b) => left[a] * lines[b].quantity - left[b] * lines[a].quantity || lines[a].tieKey - lines[b].tieKey);
    for (const index of cheapestFirst) {
      const take = Math.min(free, lines[index].quantity);
      // What is left of a line is shared by its units (all of them: the whole of what is left).
      shares[index] = Math.floor((left[index] * take) / lines[index].quantity);
      free -= take;
    }
  } else {
    const base = eligible.reduce((sum, index) => sum + left[index], 0);
    const amount = promotion.kind === "percent-off" ? mulDivRoundHalfUp(base, promotion.percentBp ?? 0, 10_000) : Math.min(promotion.amountCents ?? 0, base);
    const split = shareByLargestRemainder(
      Math.min(amount, base),
      eligible.map((index) => left[index]),
      eligible.map((index) => lines[index].tieKey),
    );
    eligible.forEach((index, at) => (shares[index] = split[at]));
  }
  shares.forEach((share, index) => (left[index] -= share));
  return { promotion, itemsCents: shares.reduce((sum, share) => sum + share, 0), deliveryCents, lineShares: shares };
}

/** Applies promotions in the engine's order to fresh amounts: the lines' amounts and the delivery fee. */
function applyTogether(promotions: readonly PromotionRule[], lines: readonly PromotionLine[], deliveryCents: Cents): AppliedPromotion[] {
  const left = lines.map((line) => line.unitCents * line.quantity);
  const deliveryLeft = { cents: deliveryCents };
  const ordered = [...promotions].sort((a, b) => ORDER_OF_KINDS[a.kind] - ORDER_OF_KINDS[b.kind] || a.id - b.id);
  return ordered.map((promotion) => applyOne(promotion, lines, left, deliveryLeft));
}

const saving = (applied: readonly AppliedPromotion[]) => applied.reduce((sum, one) => sum + one.itemsCents + one.deliveryCents, 0);

/**
 * The promotions a cart gets, with each one's amount and its shares per line, and why the others get nothing.
 * `itemsCents` is the items total before promotions; `deliveryCents` the delivery fee (0 without a region).
 */
export function applyPromotions(promotions: readonly PromotionRule[], lines: readonly PromotionLine[], itemsCents: Cents, deliveryCents: Cents): PromotionOutcome {
  const declined: PromotionOutcome["declined"] = [];
  const usable: PromotionRule[] = [];
  for (const promotion of [...promotions].sort((a, b) => a.id - b.id)) {
    const why = conditionsUnmet(promotion, lines, itemsCents);
    if (why) declined.push({ promotion, why });
    else usable.push(promotion);
  }
  const choices: PromotionRule[][] = [];
  const together = usable.filter((promotion) => promotion.combinable);
  if (together.length) choices.push(together);
  for (const alone of usable.filter((promotion) => !promotion.combinable)) choices.push([alone]);
  // The first choice (the combinable ones together, when any) stands until another takes more off, or as
  // much holding an earlier promotion.
  const earliest = (choice: readonly PromotionRule[]) => Math.min(...choice.map((promotion) => promotion.id));
  let bestChoice: PromotionRule[] = choices[0] ?? [];
  let best = applyTogether(bestChoice, lines, deliveryCents);
  for (const choice of choices.slice(1)) {
    const applied = applyTogether(choice, lines, deliveryCents);
    const more = saving(applied) - saving(best);
    if (more > 0 || (more === 0 && earliest(choice) < earliest(bestChoice))) {
      best = applied;
      bestChoice = choice;
    }
  }
  // A promotion that takes nothing off (its lines already free) is not listed as applied.
  const applied = best.filter((one) => one.itemsCents + one.deliveryCents > 0 || one.promotion.kind === "free-delivery");
  const chosen = new Set(bestChoice.map((promotion) => promotion.id));
  for (const promotion of usable) {
    if (!chosen.has(promotion.id)) declined.push({ promotion, why: { reason: "not-best", betterIds: [...chosen] } });
  }
  const lineDiscounts = lines.map((_, index) => best.reduce((sum, one) => sum + one.lineShares[index], 0));
  return { applied, declined, lineDiscounts, deliveryDiscountCents: best.reduce((sum, one) => sum + one.deliveryCents, 0) };
}
