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
