// The pricing engine (domain/pricing) over any cart, promotions and tax rates fast-check can draw, then its
// rules one by one on carts a person can check by hand. The properties: each promotion's shares add up to
// its amount; no line, delivery or total goes below 0; every amount is whole cents; a line's tax is within
// half a cent of the exact figure; the order the lines come in changes nothing; without promotions and
// rates the total is the items total plus delivery (the spec's rule).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  mulDivRoundHalfUp,
  priceOrder,
  PROMOTION_KINDS,
  shareByLargestRemainder,
  taxOf,
  type PricingLine,
  type PromotionKind,
  type PromotionRule,
  type RegionTaxes,
} from "../src/domain/pricing/index.js";

const at = new Date("2026-11-27T12:00:00Z");

type Line = PricingLine & { variantId: number; productId: number; categoryId: number; taxClassId: number | null };

/** A cart of up to 10 lines, each a distinct variant (a cart adds repeated lines up). */
const cartLines: fc.Arbitrary<Line[]> = fc
  .uniqueArray(
    fc.record({
      variantId: fc.integer({ min: 1, max: 10_000 }),
      productId: fc.integer({ min: 1, max: 20 }),
      categoryId: fc.integer({ min: 1, max: 4 }),
      taxClassId: fc.option(fc.integer({ min: 1, max: 3 })),
      priceCents: fc.integer({ min: 1, max: 500_000 }),
      discount: fc.option(fc.double({ min: 0, max: 0.99, noNaN: true })),
      quantity: fc.integer({ min: 1, max: 50 }),
    }),
    { selector: (line) => line.variantId, minLength: 1, maxLength: 10 },
  )
  .map((lines) =>
    lines.map(({ discount, ...line }) => ({ ...line, discountPriceCents: discount === null ? null : Math.floor(line.priceCents * discount) })),
  );

let nextId = 1;
const promotion: fc.Arbitrary<PromotionRule> = fc
  .record({
    kind: fc.constantFrom<PromotionKind>("percent-off", "amount-off", "buy-x-get-y", "free-delivery"),
    percentBp: fc.integer({ min: 1, max: 10_000 }),
    amountCents: fc.integer({ min: 1, max: 2_000_000 }),
    buyQuantity: fc.integer({ min: 1, max: 4 }),
    getQuantity: fc.integer({ min: 1, max: 3 }),
    categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
    productIds: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }),
    minItemsCents: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
    minQuantity: fc.option(fc.integer({ min: 1, max: 20 })),
    combinable: fc.boolean(),
    onDiscountedItems: fc.boolean(),
  })
  .map((drawn) => ({
    id: nextId++,
    name: `Promotion ${nextId}`,
    kind: drawn.kind,
    percentBp: drawn.kind === "percent-off" ? drawn.percentBp : null,
    amountCents: drawn.kind === "amount-off" ? drawn.amountCents : null,
    buyQuantity: drawn.kind === "buy-x-get-y" ? drawn.buyQuantity : null,
    getQuantity: drawn.kind === "buy-x-get-y" ? drawn.getQuantity : null,
    categoryIds: drawn.categoryIds,
    productIds: drawn.productIds,
    variantIds: [],
    minItemsCents: drawn.minItemsCents,
    minQuantity: drawn.minQuantity,
    combinable: drawn.combinable,
    onDiscountedItems: drawn.onDiscountedItems,
    code: null,
  }));

const rate = fc.integer({ min: 0, max: 1_000_000 });
const regionTaxes: fc.Arbitrary<RegionTaxes> = fc
  .record({ pricesIncludeTax: fc.boolean(), rates: fc.array(rate, { minLength: 3, maxLength: 3 }), delivery: fc.option(rate) })
  .map(({ pricesIncludeTax, rates, delivery }) => ({
    pricesIncludeTax,
    rates: new Map(rates.map((ratePpm, index) => [index + 1, { ratePpm, name: `Rate ${index + 1}` }])),
    defaultClassId: 1,
    delivery: delivery === null ? null : { ratePpm: delivery, name: "Delivery" },
  }));

const scenario = fc.record({
  lines: cartLines,
  feeCents: fc.option(fc.integer({ min: 0, max: 50_000 })),
  promotions: fc.array(promotion, { maxLength: 5 }),
  taxes: fc.option(regionTaxes),
});

type Scenario = { lines: Line[]; feeCents: number | null; promotions: PromotionRule[]; taxes: RegionTaxes | null };
const quoteOf = ({ lines, feeCents, promotions, taxes }: Scenario) => priceOrder(lines, feeCents === null ? null : { feeCents }, { at, promotions, taxes });

describe("the pricing engine, over any cart, promotions and rates", () => {
  it("each promotion's amount is exactly the sum of its lines' shares (and its part of delivery); the lines' discounts add up to the order's", () => {
    fc.assert(
      fc.property(scenario, (drawn) => {
        const quote = quoteOf(drawn);
        expect(quote.lines.reduce((sum, line) => sum + line.discountCents, 0)).toBe(quote.discountCents);
        expect(quote.promotions.reduce((sum, applied) => sum + applied.amountCents, 0)).toBe(quote.discountCents + quote.deliveryDiscountCents);
      }),
    );
  });

  it("each promotion's items part and delivery part add up to its amount; the items parts to the discount, the delivery parts to the delivery discount; only free delivery takes delivery", () => {
    fc.assert(
      fc.property(scenario, (drawn) => {
        const quote = quoteOf(drawn);
        for (const applied of quote.promotions) {
          expect(applied.itemsCents + applied.deliveryCents).toBe(applied.amountCents);
          const kind = drawn.promotions.find((rule) => rule.id === applied.id)?.kind;
          if (kind === "free-delivery") expect(applied.itemsCents).toBe(0);
          else expect(applied.deliveryCents).toBe(0);
        }
        expect(quote.promotions.reduce((sum, applied) => sum + applied.itemsCents, 0)).toBe(quote.discountCents);
        expect(quote.promotions.reduce((sum, applied) => sum + applied.deliveryCents, 0)).toBe(quote.deliveryDiscountCents);
      }),
    );
  });

  it("the total before promotions is the total of the same cart priced with no promotion (tax on the undiscounted amounts), never below the total", () => {
    fc.assert(
      fc.property(scenario, (drawn) => {
        const quote = quoteOf(drawn);
        const without = quoteOf({ ...drawn, promotions: [] });
        expect(quote.totalBeforePromotionsCents).toBe(without.totalCents);
        expect(without.totalBeforePromotionsCents).toBe(without.totalCents);
        expect(quote.totalBeforePromotionsCents).toBeGreaterThanOrEqual(quote.totalCents);
      }),
    );
  });

  it("never a negative line, delivery or total; every amount a whole number of cents", () => {
    fc.assert(
      fc.property(scenario, (drawn) => {
        const quote = quoteOf(drawn);
        const amounts = [quote.itemsCents, quote.discountCents, quote.deliveryCents, quote.deliveryDiscountCents, quote.deliveryTaxCents, quote.taxCents, quote.totalCents];
        for (const line of quote.lines) {
          amounts.push(line.lineCents, line.discountCents, line.taxCents, line.lineCents - line.discountCents);
        }
        amounts.push(quote.deliveryCents - quote.deliveryDiscountCents);
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(quote.discountCents).toBeLessThanOrEqual(quote.itemsCents);
      }),
    );
  });

  it("a line's tax is within half a cent of its exact figure (on what is paid for it after promotions)", () => {
    fc.assert(
      fc.property(scenario, (drawn) => {
        const quote = quoteOf(drawn);
        const inclusive = quote.pricesIncludeTax;
        const check = (paid: number, ratePpm: number, tax: number) => {
          // |tax - paid x r / d| <= 1/2, in integers: |2 x tax x d - 2 x paid x r| <= d.
          const d = BigInt(inclusive ? 1_000_000 + ratePpm : 1_000_000);
          const gap = 2n * BigInt(tax) * d - 2n * BigInt(paid) * BigInt(ratePpm);
          expect(gap <= d && -gap <= d).toBe(true);
        };
        for (const line of quote.lines) check(line.lineCents - line.discountCents, line.taxRatePpm, line.taxCents);
        check(quote.deliveryCents - quote.deliveryDiscountCents, drawn.taxes?.delivery?.ratePpm ?? 0, quote.deliveryTaxCents);
      }),
    );
  });

  it("the total is items - promotions + delivery - its promotions, plus tax when prices exclude it; the tax lines add up to the tax", () => {
    fc.assert(
      fc.property(scenario, (drawn) => {
        const quote = quoteOf(drawn);
        const tax = quote.lines.reduce((sum, line) => sum + line.taxCents, 0) + quote.deliveryTaxCents;
        expect(quote.taxCents).toBe(tax);
        expect(quote.taxLines.reduce((sum, line) => sum + line.taxCents, 0)).toBe(tax);
        expect(quote.totalCents).toBe(quote.itemsCents - quote.discountCents + quote.deliveryCents - quote.deliveryDiscountCents + (quote.pricesIncludeTax ? 0 : tax));
      }),
    );
  });

  it("the order the lines come in changes no total and no line's figures", () => {
    fc.assert(
      fc.property(scenario, fc.nat(), (drawn, seed) => {
        const shuffled = [...drawn.lines].sort((a, b) => ((a.variantId * 7919 + seed) % 1009) - ((b.variantId * 7919 + seed) % 1009));
        const one = quoteOf(drawn);
        const other = quoteOf({ ...drawn, lines: shuffled });
        const totals = (quote: typeof one) => [quote.itemsCents, quote.discountCents, quote.deliveryDiscountCents, quote.taxCents, quote.totalCents];
        expect(totals(other)).toEqual(totals(one));
        const byVariant = (quote: typeof one) => new Map(quote.lines.map((line) => [line.variantId, [line.discountCents, line.taxCents]]));
        expect(byVariant(other)).toEqual(byVariant(one));
        expect(other.promotions).toEqual(one.promotions);
      }),
    );
  });

  it("without promotions and tax rates the total is the items total plus delivery, as the spec says", () => {
    fc.assert(
      fc.property(cartLines, fc.option(fc.integer({ min: 0, max: 50_000 })), (lines, feeCents) => {
        const quote = priceOrder(lines, feeCents === null ? null : { feeCents }, { at });
        expect(quote.itemsCents).toBe(lines.reduce((sum, line) => sum + (line.discountPriceCents ?? line.priceCents) * line.quantity, 0));
        expect(quote.totalCents).toBe(quote.itemsCents + (feeCents ?? 0));
        expect([quote.discountCents, quote.taxCents, quote.promotions.length, quote.taxLines.length]).toEqual([0, 0, 0, 0]);
        expect(quote.pricesIncludeTax).toBe(false);
        expect(quote.totalQuantity).toBe(lines.reduce((sum, item) => sum + item.quantity, 0));
      }),
    );
  });
});

describe("money's two roundings", () => {
  it("a share by largest remainder adds up exactly and never passes its weight", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, part) => {
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        const amount = Math.floor(total * part);
        const shares = shareByLargestRemainder(amount, weights);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total === 0 ? 0 : amount);
        shares.forEach((share, index) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(weights[index]);
        });
      }),
    );
  });

  it("$1.00 shared over three equal lines is 34 + 33 + 33 cents; the odd cent goes to the largest remainder, then the smaller tie key", () => {
    expect(shareByLargestRemainder(100, [500, 500, 500])).toEqual([34, 33, 33]);
    expect(shareByLargestRemainder(100, [500, 500, 500], [3, 1, 2])).toEqual([33, 34, 33]);
    expect(shareByLargestRemainder(10, [1, 2, 7])).toEqual([1, 2, 7]);
    expect(shareByLargestRemainder(5, [1, 1, 2])).toEqual([1, 1, 3]);
    // 5 x 1/7 = 0.71 and 5 x 6/7 = 4.29: the odd cent goes to the larger fraction, not the larger share.
    expect(shareByLargestRemainder(5, [1, 6])).toEqual([1, 4]);
  });

  it("a fraction rounds half up, exactly, also past 2^53", () => {
    expect(mulDivRoundHalfUp(5, 1, 10)).toBe(1);
    expect(mulDivRoundHalfUp(4, 1, 10)).toBe(0);
    expect(mulDivRoundHalfUp(15, 1, 10)).toBe(2);
    expect(mulDivRoundHalfUp(2_147_483_647, 999_999, 1_000_000)).toBe(2_147_481_500);
    expect(mulDivRoundHalfUp(9_007_199_254_740_991, 3, 4)).toBe(6_755_399_441_055_743);
  });

  it("tax on $10.00 at 20%: $2.00 added; within $10.00 at 20%: $1.67; at 8.875%: $0.89; nothing at 0%", () => {
    expect(taxOf(1000, 200_000, false)).toBe(200);
    expect(taxOf(1000, 200_000, true)).toBe(167);
    expect(taxOf(1000, 88_750, false)).toBe(89);
    expect(taxOf(1000, 0, false)).toBe(0);
    expect(taxOf(0, 200_000, true)).toBe(0);
  });
});

describe("each promotion rule on a cart checked by hand", () => {
  const line = (variantId: number, unitCents: number, quantity: number, extra: Partial<Line> = {}): Line => ({
    variantId,
    productId: variantId * 10,
    categoryId: 1,
    taxClassId: null,
    priceCents: unitCents,
    discountPriceCents: null,
    quantity,
    ...extra,
  });
  const rule = (id: number, fields: Partial<PromotionRule>): PromotionRule => ({
    id,
    name: `P${id}`,
    kind: "percent-off",
    percentBp: null,
    amountCents: null,
    buyQuantity: null,
    getQuantity: null,
    categoryIds: [],
    productIds: [],
    variantIds: [],
    minItemsCents: null,
    minQuantity: null,
    combinable: true,
    onDiscountedItems: false,
    code: null,
    ...fields,
  });
  const price = (lines: Line[], promotions: PromotionRule[], feeCents: number | null = 500, taxes: RegionTaxes | null = null) =>
    priceOrder(lines, feeCents === null ? null : { feeCents }, { at, promotions, taxes });

  it("a percentage of the lines' amount as a whole, rounded half up, shared by largest remainder", () => {
    // 3 x 3.33 = 9.99; 10% = 0.999 -> 1.00, shared 0.34 / 0.33 / 0.33 (the tie to the smaller variant id).
    const quote = price([line(3, 333, 1), line(1, 333, 1), line(2, 333, 1)], [rule(1, { percentBp: 1_000 })]);
    expect(quote.discountCents).toBe(100);
    expect(quote.lines.map((priced) => [priced.variantId, priced.discountCents])).toEqual([[3, 33], [1, 34], [2, 33]]);
    expect(quote.promotions).toEqual([{ id: 1, name: "P1", code: null, amountCents: 100, itemsCents: 100, deliveryCents: 0 }]);
    expect(quote.totalCents).toBe(999 - 100 + 500);
    // 0.5 of a cent goes up, 0.49 down: 5% of 0.10 = 0.005 -> 0.01; 4.9% of 0.10 -> 0.
    expect(price([line(1, 10, 1)], [rule(1, { percentBp: 500 })]).discountCents).toBe(1);
    expect(price([line(1, 10, 1)], [rule(1, { percentBp: 490 })]).discountCents).toBe(0);
  });

  it("an amount off is at most the amount of its lines; 100% off leaves only delivery", () => {
    expect(price([line(1, 1_000, 1)], [rule(1, { kind: "amount-off", amountCents: 5_000 })])).toMatchObject({ discountCents: 1_000, totalCents: 500 });
    expect(price([line(1, 1_000, 2)], [rule(1, { kind: "amount-off", amountCents: 300 })])).toMatchObject({ discountCents: 300, totalCents: 2_200 });
    expect(price([line(1, 1_000, 2)], [rule(1, { percentBp: 10_000 })])).toMatchObject({ discountCents: 2_000, totalCents: 500 });
  });

  it("only the chosen categories', products' or variants' lines; a line with its own discount price only when the promotion says so", () => {
    const lines = [line(1, 1_000, 1, { categoryId: 7 }), line(2, 2_000, 1), line(3, 4_000, 1, { discountPriceCents: 3_000 })];
    const off = (fields: Partial<PromotionRule>) => price(lines, [rule(1, { kind: "amount-off", amountCents: 100_000, ...fields })]).lines.map((priced) => priced.discountCents);
    expect(off({ categoryIds: [7] })).toEqual([1_000, 0, 0]);
    expect(off({ productIds: [20] })).toEqual([0, 2_000, 0]);
    expect(off({ variantIds: [2, 3] })).toEqual([0, 2_000, 0]);
    expect(off({ variantIds: [2, 3], onDiscountedItems: true })).toEqual([0, 2_000, 3_000]);
    expect(off({})).toEqual([1_000, 2_000, 0]);
    expect(off({ onDiscountedItems: true })).toEqual([1_000, 2_000, 3_000]);
  });

  it("conditions: the minimum order value on the items before promotions, the minimum quantity on its lines' units, each with what is missing", () => {
    const lines = [line(1, 1_000, 2, { categoryId: 7 }), line(2, 500, 1)];
    const declined = (fields: Partial<PromotionRule>) => price(lines, [rule(1, { kind: "amount-off", amountCents: 100, ...fields })]).declined.map((one) => one.why);
    expect(declined({ minItemsCents: 2_500 })).toEqual([]);
    expect(declined({ minItemsCents: 2_501 })).toEqual([{ reason: "minimum-value", missingCents: 1 }]);
    expect(declined({ minQuantity: 2, categoryIds: [7] })).toEqual([]);
    expect(declined({ minQuantity: 3, categoryIds: [7] })).toEqual([{ reason: "minimum-quantity", missingUnits: 1 }]);
    expect(declined({ categoryIds: [9] })).toEqual([{ reason: "no-items" }]);
    expect(declined({ kind: "buy-x-get-y", buyQuantity: 2, getQuantity: 2 })).toEqual([{ reason: "minimum-quantity", missingUnits: 1 }]);
  });

  it("buy 2 get 1: one unit free of every three, the cheapest first, each off its own line", () => {
    const bxgy = (buyQuantity: number, getQuantity: number) => rule(1, { kind: "buy-x-get-y", buyQuantity, getQuantity });
    // Units 10, 10, 4, 4, 4, 2: two groups of three -> the two cheapest free: 2.00 and one 4.00.
    const quote = price([line(1, 1_000, 2), line(2, 400, 3), line(3, 200, 1)], [bxgy(2, 1)]);
    expect(quote.lines.map((priced) => priced.discountCents)).toEqual([0, 400, 200]);
    // Five units: one group only.
    expect(price([line(1, 300, 5)], [bxgy(2, 1)]).discountCents).toBe(300);
    expect(price([line(1, 300, 6)], [bxgy(2, 1)]).discountCents).toBe(600);
    // Buy 1 get 2: of 3 units, the 2 cheapest; equal units: the smaller variant id first.
    expect(price([line(5, 700, 1), line(4, 700, 1), line(6, 900, 1)], [bxgy(1, 2)]).lines.map((priced) => priced.discountCents)).toEqual([700, 700, 0]);
    expect(price([line(5, 700, 1), line(4, 700, 1), line(6, 900, 1)], [bxgy(2, 1)]).lines.map((priced) => priced.discountCents)).toEqual([0, 700, 0]);
  });

  it("free delivery takes the fee off; without a region it is listed at 0", () => {
    expect(price([line(1, 1_000, 1)], [rule(1, { kind: "free-delivery" })])).toMatchObject({ deliveryDiscountCents: 500, discountCents: 0, totalCents: 1_000, promotions: [{ id: 1, amountCents: 500, itemsCents: 0, deliveryCents: 500 }] });
    expect(price([line(1, 1_000, 1)], [rule(1, { kind: "free-delivery" })], null)).toMatchObject({ deliveryDiscountCents: 0, totalCents: 1_000, promotions: [{ id: 1, amountCents: 0 }] });
  });

  it("together, in a fixed order each on what is left: buy X get Y, percentages, amounts, free delivery", () => {
    // 3 x 10.00: 1 free (10.00), then 10% of 20.00 (2.00), then 1.00 off: 13.00 off.
    const quote = price([line(1, 1_000, 3)], [rule(3, { kind: "amount-off", amountCents: 100 }), rule(2, { percentBp: 1_000 }), rule(1, { kind: "buy-x-get-y", buyQuantity: 2, getQuantity: 1 }), rule(4, { kind: "free-delivery" })]);
    expect(quote).toMatchObject({ discountCents: 1_300, deliveryDiscountCents: 500, totalCents: 1_700 });
    expect(quote.promotions.map((applied) => [applied.id, applied.amountCents])).toEqual([[1, 1_000], [2, 200], [3, 100], [4, 500]]);
    // A promotion left nothing to take is not listed.
    const nothingLeft = price([line(1, 1_000, 1)], [rule(1, { percentBp: 10_000 }), rule(2, { kind: "amount-off", amountCents: 100 })]);
    expect(nothingLeft.promotions.map((applied) => applied.id)).toEqual([1]);
  });

  it("the order of application is by kind, whatever the promotions' ids: a percentage before an amount", () => {
    // 10.00: 10% (1.00) then 1.00 off = 2.00; the other way round it would be 1.00 + 0.90.
    const quote = price([line(1, 1_000, 1)], [rule(1, { kind: "amount-off", amountCents: 100 }), rule(2, { percentBp: 1_000 })]);
    expect(quote.discountCents).toBe(200);
    expect(quote.promotions.map((applied) => applied.id)).toEqual([2, 1]);
  });

  it("the cheapest unit is judged per unit, not per line; buy 1 get 2 groups three units", () => {
    // Units: 3.00, 3.00 (one line) and 5.00: one free, a 3.00 unit from the first line.
    expect(price([line(1, 300, 2), line(2, 500, 1)], [rule(1, { kind: "buy-x-get-y", buyQuantity: 2, getQuantity: 1 })]).lines.map((priced) => priced.discountCents)).toEqual([300, 0]);
    expect(price([line(2, 500, 1), line(1, 300, 2)], [rule(1, { kind: "buy-x-get-y", buyQuantity: 2, getQuantity: 1 })]).lines.map((priced) => priced.discountCents)).toEqual([0, 300]);
    // Four units of 1.00, buy 1 get 2: one group of three, two free.
    expect(price([line(1, 100, 4)], [rule(1, { kind: "buy-x-get-y", buyQuantity: 1, getQuantity: 2 })]).discountCents).toBe(200);
  });

  it("delivery counts in a choice's saving: free delivery alone beats a smaller amount off the items", () => {
    const quote = price([line(1, 1_000, 1)], [rule(1, { kind: "amount-off", amountCents: 300 }), rule(2, { kind: "free-delivery", combinable: false })]);
    expect(quote.promotions.map((applied) => applied.id)).toEqual([2]);
    expect(quote).toMatchObject({ discountCents: 0, deliveryDiscountCents: 500 });
  });

  it("declined promotions are listed by id, whatever order they came in", () => {
    const quote = price([line(1, 1_000, 1)], [rule(9, { kind: "amount-off", amountCents: 1, minItemsCents: 5_000 }), rule(3, { kind: "amount-off", amountCents: 1, categoryIds: [8] })]);
    expect(quote.declined.map((one) => one.promotion.id)).toEqual([3, 9]);
  });

  it("one that does not combine competes with the combinable ones together; the most off wins, a tie goes to the earliest", () => {
    const lines = [line(1, 1_000, 2)];
    const alone = rule(5, { percentBp: 2_500, combinable: false });
    const together = [rule(6, { kind: "amount-off", amountCents: 300 }), rule(7, { kind: "amount-off", amountCents: 100 })];
    const quote = price(lines, [alone, ...together]);
    expect(quote.promotions.map((applied) => applied.id)).toEqual([5]);
    expect(quote.declined).toEqual([
      { promotion: together[0], why: { reason: "not-best", betterIds: [5] } },
      { promotion: together[1], why: { reason: "not-best", betterIds: [5] } },
    ]);
    const tied = price(lines, [rule(5, { percentBp: 2_000, combinable: false }), ...together]);
    expect(tied.promotions.map((applied) => applied.id)).toEqual([5]);
    const earlierTogether = price(lines, [rule(9, { percentBp: 2_000, combinable: false }), ...together]);
    expect(earlierTogether.promotions.map((applied) => applied.id)).toEqual([6, 7]);
    const twoAlone = price(lines, [rule(3, { kind: "amount-off", amountCents: 200, combinable: false }), rule(2, { kind: "amount-off", amountCents: 200, combinable: false })]);
    expect(twoAlone.promotions.map((applied) => applied.id)).toEqual([2]);
    // An earlier promotion never wins by its id alone: 2 alone takes less off than 5 and 6 together.
    const worseButEarlier = price(lines, [rule(2, { kind: "amount-off", amountCents: 100, combinable: false }), rule(5, { kind: "amount-off", amountCents: 300 })]);
    expect(worseButEarlier.promotions.map((applied) => applied.id)).toEqual([5]);
    // Together (4 and 9) against 5 alone, as much off: the choice holding 4 wins.
    const earliestInside = price(lines, [rule(9, { kind: "amount-off", amountCents: 100 }), rule(4, { kind: "amount-off", amountCents: 100 }), rule(5, { kind: "amount-off", amountCents: 200, combinable: false })]);
    expect(earliestInside.promotions.map((applied) => applied.id)).toEqual([4, 9]);
  });
});

describe("each tax rule on a cart checked by hand", () => {
  const taxes = (pricesIncludeTax: boolean, delivery: number | null = null): RegionTaxes => ({
    pricesIncludeTax,
    rates: new Map([
      [1, { ratePpm: 200_000, name: "VAT 20%" }],
      [2, { ratePpm: 50_000, name: "VAT 5%" }],
    ]),
    defaultClassId: 1,
    delivery: delivery === null ? null : { ratePpm: delivery, name: "VAT 20%" },
  });
  const lines: Line[] = [
    { variantId: 1, productId: 1, categoryId: 1, taxClassId: null, priceCents: 1_000, discountPriceCents: null, quantity: 1 },
    { variantId: 2, productId: 2, categoryId: 1, taxClassId: 2, priceCents: 2_000, discountPriceCents: null, quantity: 1 },
    { variantId: 3, productId: 3, categoryId: 1, taxClassId: 3, priceCents: 500, discountPriceCents: null, quantity: 1 },
  ];

  it("the total before promotions: items + delivery + their whole tax when prices exclude it; items + delivery when they include it", () => {
    const halfOff: PromotionRule = { id: 1, name: "Half", kind: "percent-off", percentBp: 5_000, amountCents: null, buyQuantity: null, getQuantity: null, categoryIds: [], productIds: [], variantIds: [], minItemsCents: null, minQuantity: null, combinable: true, onDiscountedItems: false, code: null };
    const freeDelivery: PromotionRule = { ...halfOff, id: 2, name: "Free delivery", kind: "free-delivery", percentBp: null };
    const excluded = priceOrder(lines, { feeCents: 1_000 }, { at, taxes: taxes(false, 200_000), promotions: [halfOff, freeDelivery] });
    // 3,500 items + 1,000 delivery + tax on the whole amounts (200 + 100 + 0 + 200).
    expect(excluded.totalBeforePromotionsCents).toBe(3_500 + 1_000 + 500);
    expect(excluded.totalCents).toBe(1_750 + 0 + 100 + 50);
    const included = priceOrder(lines, { feeCents: 1_000 }, { at, taxes: taxes(true, 200_000), promotions: [halfOff, freeDelivery] });
    expect(included.totalBeforePromotionsCents).toBe(3_500 + 1_000);
    expect(included.promotions.map((one) => [one.itemsCents, one.deliveryCents])).toEqual([[1_750, 0], [0, 1_000]]);
  });

  it("each line at its class's rate (the default class when it names none; no rate: no tax), delivery at its own; added when prices exclude tax", () => {
    const quote = priceOrder(lines, { feeCents: 1_000 }, { at, taxes: taxes(false, 200_000) });
    expect(quote.lines.map((line) => [line.taxCents, line.taxRatePpm, line.taxName])).toEqual([[200, 200_000, "VAT 20%"], [100, 50_000, "VAT 5%"], [0, 0, ""]]);
    expect(quote).toMatchObject({ deliveryTaxCents: 200, taxCents: 500, pricesIncludeTax: false, totalCents: 3_500 + 1_000 + 500 });
    expect(quote.taxLines).toEqual([
      { name: "VAT 20%", ratePpm: 200_000, netCents: 2_000, taxCents: 400 },
      { name: "VAT 5%", ratePpm: 50_000, netCents: 2_000, taxCents: 100 },
    ]);
  });

  it("inside the price when prices include it: the total is unchanged and net is what was paid less its tax", () => {
    const quote = priceOrder(lines, { feeCents: 1_000 }, { at, taxes: taxes(true, 200_000) });
    expect(quote.lines.map((line) => line.taxCents)).toEqual([167, 95, 0]);
    expect(quote).toMatchObject({ deliveryTaxCents: 167, taxCents: 429, pricesIncludeTax: true, totalCents: 4_500 });
    expect(quote.taxLines).toEqual([
      { name: "VAT 20%", ratePpm: 200_000, netCents: 1_666, taxCents: 334 },
      { name: "VAT 5%", ratePpm: 50_000, netCents: 1_905, taxCents: 95 },
    ]);
  });

  it("on what is paid after promotions; none without a region's rates or on a free delivery", () => {
    const promoted = priceOrder(lines, { feeCents: 1_000 }, {
      at,
      taxes: taxes(false, 200_000),
      promotions: [{ id: 1, name: "Half", kind: "percent-off", percentBp: 5_000, amountCents: null, buyQuantity: null, getQuantity: null, categoryIds: [], productIds: [], variantIds: [1], minItemsCents: null, minQuantity: null, combinable: true, onDiscountedItems: false, code: null }, { id: 2, name: "Ship", kind: "free-delivery", percentBp: null, amountCents: null, buyQuantity: null, getQuantity: null, categoryIds: [], productIds: [], variantIds: [], minItemsCents: null, minQuantity: null, combinable: true, onDiscountedItems: false, code: null }],
    });
    expect(promoted.lines[0]).toMatchObject({ discountCents: 500, taxCents: 100 });
    expect(promoted).toMatchObject({ deliveryTaxCents: 0, taxCents: 200 });
    expect(promoted.taxLines).toEqual([
      { name: "VAT 20%", ratePpm: 200_000, netCents: 500, taxCents: 100 },
      { name: "VAT 5%", ratePpm: 50_000, netCents: 2_000, taxCents: 100 },
    ]);
    expect(priceOrder(lines, { feeCents: 1_000 }, { at, taxes: null })).toMatchObject({ taxCents: 0, taxLines: [], pricesIncludeTax: false, totalQuantity: 3 });
  });

  it("tax lines: the highest rate first, then by name, whatever the order of the cart", () => {
    const rates: RegionTaxes = {
      pricesIncludeTax: false,
      rates: new Map([
        [1, { ratePpm: 50_000, name: "VAT 5%" }],
        [2, { ratePpm: 200_000, name: "VAT 20%" }],
        [3, { ratePpm: 200_000, name: "Excise 20%" }],
      ]),
      defaultClassId: 1,
      delivery: null,
    };
    const quote = priceOrder(
      [1, 2, 3].map((taxClassId) => ({ variantId: taxClassId, productId: taxClassId, categoryId: 1, taxClassId, priceCents: 100, discountPriceCents: null, quantity: 1 })),
      null,
      { at, taxes: rates },
    );
    expect(quote.taxLines.map((taxLine) => taxLine.name)).toEqual(["Excise 20%", "VAT 20%", "VAT 5%"]);
  });
});

describe("the kinds of promotion", () => {
  it("are these four, as the back office offers them", () => {
    expect(PROMOTION_KINDS).toEqual(["percent-off", "amount-off", "buy-x-get-y", "free-delivery"]);
  });
});
