// For screen tests: cartQuote and applyCode as the server answers them, with promotions and tax. Built on the
// shared fake (test/fixtures.ts cartQuoteServer: each line at today's price, the region's fee) and adding
// what promotions and tax change: codes that take a percentage off the items (or are refused with the
// server's reason, or need a minimum), free delivery above an amount, and one tax rate per region, held in
// the prices or added on top. With no promotions and no tax given, every new figure is 0: the quote of a shop
// that has none.
import type { MockLink } from "@apollo/client/testing";
import { GraphQLError } from "graphql";
import { AcceptsPromotionCodesDocument, ApplyCodeDocument, type ApplyCodeMutationVariables, type CartQuoteQueryVariables } from "../../graphql/generated/graphql";
import { cartQuoteServer, type QuotePrices } from "../../test/fixtures";
import { normalCode } from "./promotionCodes";

/** A code of the fake shop: a percentage off the items from a minimum, or one the server refuses with a reason. */
export type FakeCode = { name: string; percentOff: number; minimum?: number } | { refused: string };

export interface FakePricing {
  codes?: Record<string, FakeCode>;
  /** An automatic promotion: the delivery fee off when the items reach `minimum`. */
  freeDelivery?: { name: string; minimum: number };
  /** One tax rate on goods and delivery, once a region is chosen. */
  tax?: { name: string; rate: number; pricesIncludeTax: boolean };
}

export interface PricedQuoteServer {
  /** cartQuote for any cart, region and codes. */
  mock: MockLink.MockedResponse;
  /** applyCode: the quote with the code, or BAD_USER_INPUT at `code` with the reason. */
  applyMock: MockLink.MockedResponse;
  /** The variables of every cartQuote request, in order. */
  asked: CartQuoteQueryVariables[];
  /** The variables of every applyCode request, in order. */
  applied: ApplyCodeMutationVariables[];
}

const cents = (amount: number) => Math.round(amount * 100);
const dollars = (amountCents: number) => amountCents / 100;

type BaseQuote = {
  lines: Array<{ __typename: "CartQuoteLine"; productId: number; variantId: number; lineTotal: number }>;
  itemsTotal: number;
  deliveryFee: number;
  [field: string]: unknown;
};

/**
 * The fake server's cartQuote and applyCode: today's prices and fees as test/fixtures.ts's cartQuoteServer
 * takes them, and this shop's promotions and tax (none unless given).
 */
export function pricedQuoteServer(shop: QuotePrices & FakePricing, options: { delay?: number; times?: number } = {}): PricedQuoteServer {
  const { codes: _codes, freeDelivery: _freeDelivery, tax: _tax, ...prices } = shop;
  const pricing: FakePricing = shop;
  const base = cartQuoteServer(prices, options);
  const baseResult = base.mock.result as (variables: CartQuoteQueryVariables) => { data: { cartQuote: BaseQuote } };

  const quoteFor = (variables: CartQuoteQueryVariables) => {
    const quote = baseResult(variables).data.cartQuote;
    const itemsCents = cents(quote.itemsTotal);
    const feeCents = cents(quote.deliveryFee);
    const entered = [...new Set([variables.codes ?? []].flat().map(normalCode))];
    const promotions: Array<{ __typename: "AppliedPromotionView"; name: string; amount: number; itemsAmount: number; deliveryAmount: number }> = [];
    let discountCents = 0;
    const codes = entered.map((code) => {
      const rule = pricing.codes?.[code];
      const outcome = (applied: boolean, message: string | null) => ({ __typename: "CodeResult" as const, code, applied, message });
      if (!rule) return outcome(false, "This code is not valid.");
      if ("refused" in rule) return outcome(false, rule.refused);
      if (rule.minimum !== undefined && itemsCents < cents(rule.minimum)) {
        return outcome(false, `Add $${((cents(rule.minimum) - itemsCents) / 100).toFixed(2)} more to use this code.`);
      }
      const off = Math.round((itemsCents * rule.percentOff) / 100);
      discountCents += off;
      promotions.push({ __typename: "AppliedPromotionView", name: rule.name, amount: dollars(off), itemsAmount: dollars(off), deliveryAmount: 0 });
      return outcome(true, null);
    });
    const deliveryDiscountCents = pricing.freeDelivery && feeCents > 0 && itemsCents >= cents(pricing.freeDelivery.minimum) ? feeCents : 0;
    if (deliveryDiscountCents > 0) promotions.push({ __typename: "AppliedPromotionView", name: pricing.freeDelivery!.name, amount: dollars(deliveryDiscountCents), itemsAmount: 0, deliveryAmount: dollars(deliveryDiscountCents) });
    const netCents = itemsCents - discountCents + feeCents - deliveryDiscountCents;
    const tax = variables.regionId == null ? undefined : pricing.tax;
    const taxCents = !tax ? 0 : Math.round(tax.pricesIncludeTax ? (netCents * tax.rate) / (100 + tax.rate) : (netCents * tax.rate) / 100);
    const includesTax = tax?.pricesIncludeTax ?? false;
    return {
      ...quote,
      discountTotal: dollars(discountCents),
      deliveryDiscount: dollars(deliveryDiscountCents),
      pricesIncludeTax: includesTax,
      taxLines: tax ? [{ __typename: "TaxLineView" as const, name: tax.name, tax: dollars(taxCents) }] : [],
      promotions,
      codes,
      total: dollars(netCents + (includesTax ? 0 : taxCents)),
    };
  };

  const asked: CartQuoteQueryVariables[] = [];
  const applied: ApplyCodeMutationVariables[] = [];
  const mock: MockLink.MockedResponse = {
    ...base.mock,
    result: (variables: CartQuoteQueryVariables) => {
      asked.push(variables);
      return { data: { cartQuote: quoteFor(variables) } };
    },
  };
  const applyMock: MockLink.MockedResponse = {
    request: { query: ApplyCodeDocument, variables: () => true },
    result: (variables: ApplyCodeMutationVariables) => {
      applied.push(variables);
      const code = normalCode(variables.code);
      const quote = quoteFor({ lines: variables.lines, regionId: variables.regionId, codes: [...[variables.codes ?? []].flat(), code] });
      const outcome = quote.codes.find((entry) => entry.code === code);
      if (!outcome?.applied) {
        const message = outcome?.message ?? "Please enter a code.";
        return { errors: [new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", fields: { code: [message] } } })] };
      }
      return { data: { applyCode: quote } };
    },
    delay: options.delay ?? 0,
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
  return { mock, applyMock, asked, applied };
}

/** acceptsPromotionCodes: whether the cart shows its code field. */
export const acceptsCodesMock = (accepts: boolean): MockLink.MockedResponse => ({
  request: { query: AcceptsPromotionCodesDocument, variables: {} },
  result: { data: { acceptsPromotionCodes: accepts } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
