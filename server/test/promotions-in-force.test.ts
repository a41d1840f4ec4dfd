// Which promotions a cart may get, judged without a database (the statements that bring the rows are
// tested on both databases in promotions.test.ts and pricing-terms.test.ts): each code's message by its
// promotion's dates, pause, limits and this customer's uses; the automatic ones in force; the shopper's
// messages word for word; a product's tax class. Mutation testing runs these (npm run test:mutation).
import { describe, expect, it } from "vitest";
import {
  addItemsMessage,
  addMoreMessage,
  CODE_MESSAGES,
  declinedMessage,
  kindName,
  normalCode,
  promotionsInForce,
  ruleOf,
  startsOnMessage,
  storedKind,
  type ReadCode,
  type ReadPromotion,
} from "../src/domain/promotions/index.js";
import { taxClassOf } from "../src/domain/taxes/index.js";

const AT = new Date("2026-11-29T12:00:00Z");
const HOUR = 3_600_000;

function promotion(overrides: Partial<ReadPromotion> = {}): ReadPromotion {
  return {
    id: 1,
    name: "Tenth off",
    kind: "percent_off",
    percentBp: 1_000,
    amountCents: null,
    buyQuantity: null,
    getQuantity: null,
    categoryIds: [],
    productIds: [],
    variantIds: [],
    minItemsCents: null,
    minQuantity: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    uses: 0,
    combinable: false,
    onDiscountedItems: false,
    automatic: false,
    paused: false,
    ...overrides,
  };
}

function code(text: string, overrides: Partial<ReadCode> = {}): ReadCode {
  return { ...promotion(), codeId: 10, code: text, singleUse: false, codeUses: 0, customerUses: 0, ...overrides };
}

/** The message the code gets (null: usable) when it is the only one entered. */
const judge = (found: ReadCode, entered = found.code) => promotionsInForce([], [entered], [found], AT).codes[0].problem;

describe("a code entered, judged before the cart is priced", () => {
  it("is usable from its start to just before its end, and its rule carries the code", () => {
    expect(judge(code("TENOFF"))).toBeNull();
    expect(judge(code("TENOFF", { startsAt: AT, endsAt: new Date(AT.getTime() + 1) }))).toBeNull();
    const inForce = promotionsInForce([], ["TENOFF"], [code("TENOFF")], AT);
    expect(inForce.rules).toEqual([ruleOf(promotion(), "TENOFF")]);
    expect(inForce.codes).toEqual([{ code: "TENOFF", codeId: 10, rule: ruleOf(promotion(), "TENOFF"), problem: null }]);
  });

  it("is found whatever its case and spaces, each code once, blank ones ignored", () => {
    const inForce = promotionsInForce([], [" tenoff ", "TenOff", "  "], [code("TENOFF")], AT);
    expect(inForce.codes.map((entered) => entered.code)).toEqual(["TENOFF"]);
    expect(inForce.rules).toHaveLength(1);
    expect(normalCode("  spring10 ")).toBe("SPRING10");
  });

  it("answers each reason it cannot be used with the shopper's message, and brings no rule", () => {
    expect(promotionsInForce([], ["NOPE"], [], AT).codes).toEqual([{ code: "NOPE", codeId: null, rule: null, problem: "This code is not valid." }]);
    expect(judge(code("P", { paused: true, startsAt: new Date(AT.getTime() + HOUR) }))).toBe(CODE_MESSAGES.paused);
    expect(judge(code("S", { startsAt: new Date("2026-12-01T00:30:00Z") }))).toBe("This code starts on 1 Dec.");
    expect(judge(code("S", { startsAt: new Date(AT.getTime() + 1) }))).toBe("This code starts on 29 Nov.");
    expect(judge(code("E", { endsAt: AT }))).toBe("This code has expired.");
    expect(judge(code("E", { endsAt: new Date(AT.getTime() - HOUR), startsAt: new Date(AT.getTime() - 2 * HOUR) }))).toBe("This code has expired.");
    expect(judge(code("U", { usageLimit: 3, uses: 3 }))).toBe("This code has been used up.");
    expect(judge(code("U", { usageLimit: 3, uses: 2 }))).toBeNull();
    expect(judge(code("U", { usageLimit: 0, uses: 0 }))).toBe("This code has been used up.");
    expect(judge(code("ONCE", { singleUse: true, codeUses: 1 }))).toBe("This code has been used up.");
    expect(judge(code("ONCE", { singleUse: true, codeUses: 0 }))).toBeNull();
    expect(judge(code("MANY", { singleUse: false, codeUses: 5 }))).toBeNull();
    expect(judge(code("MINE", { perCustomerLimit: 2, customerUses: 2 }))).toBe("You have already used this code.");
    expect(judge(code("MINE", { perCustomerLimit: 2, customerUses: 1 }))).toBeNull();
    expect(judge(code("MINE", { perCustomerLimit: 0, customerUses: 0 }))).toBe("You have already used this code.");
    expect(promotionsInForce([], ["U"], [code("U", { usageLimit: 1, uses: 1 })], AT).rules).toEqual([]);
  });

  it("is judged in this order: paused, not started, ended, used up, single use, this customer's limit", () => {
    const all = { paused: true, startsAt: new Date(AT.getTime() + HOUR), endsAt: new Date(AT.getTime() - HOUR), usageLimit: 1, uses: 1, singleUse: true, codeUses: 1, perCustomerLimit: 1, customerUses: 1 };
    expect(judge(code("X", all))).toBe(CODE_MESSAGES.paused);
    expect(judge(code("X", { ...all, paused: false }))).toBe("This code starts on 29 Nov.");
    expect(judge(code("X", { ...all, paused: false, startsAt: null }))).toBe(CODE_MESSAGES.expired);
    expect(judge(code("X", { ...all, paused: false, startsAt: null, endsAt: null }))).toBe(CODE_MESSAGES.usedUp);
    expect(judge(code("X", { ...all, paused: false, startsAt: null, endsAt: null, usageLimit: null }))).toBe(CODE_MESSAGES.usedUp);
    expect(judge(code("X", { ...all, paused: false, startsAt: null, endsAt: null, usageLimit: null, codeUses: 0 }))).toBe(CODE_MESSAGES.alreadyUsed);
  });

  it("two codes of one promotion bring it once: the second is told a better promotion applies", () => {
    const inForce = promotionsInForce([], ["A", "B"], [code("A", { codeId: 1 }), code("B", { codeId: 2 })], AT);
    expect(inForce.codes.map((entered) => [entered.code, entered.codeId, entered.problem])).toEqual([
      ["A", 1, null],
      ["B", 2, CODE_MESSAGES.notBest],
    ]);
    expect(inForce.rules.map((rule) => rule.code)).toEqual(["A"]);
    // A code of another promotion is judged on its own.
    const two = promotionsInForce([], ["A", "C"], [code("A"), code("C", { id: 2 })], AT);
    expect(two.codes.map((entered) => entered.problem)).toEqual([null, null]);
    expect(two.rules.map((rule) => rule.id)).toEqual([1, 2]);
  });

  it("an unusable code of one promotion does not stop another code of it", () => {
    const inForce = promotionsInForce([], ["OLD", "NEW"], [code("OLD", { codeId: 1, singleUse: true, codeUses: 1 }), code("NEW", { codeId: 2 })], AT);
    expect(inForce.codes.map((entered) => entered.problem)).toEqual([CODE_MESSAGES.usedUp, null]);
    expect(inForce.rules.map((rule) => rule.code)).toEqual(["NEW"]);
    // The other way round: the used one keeps its own reason, and an unknown code after a usable one is just unknown.
    const reversed = promotionsInForce([], ["NEW", "OLD", "NOPE"], [code("NEW", { codeId: 2 }), code("OLD", { codeId: 1, singleUse: true, codeUses: 1 })], AT);
    expect(reversed.codes.map((entered) => entered.problem)).toEqual([null, CODE_MESSAGES.usedUp, CODE_MESSAGES.unknown]);
  });
});

describe("the automatic promotions a cart gets", () => {
  it("are those started, not ended, not paused and not used up, with no code", () => {
    const kept = [
      promotion({ id: 1, automatic: true }),
      promotion({ id: 2, automatic: true, paused: true }),
      promotion({ id: 3, automatic: true, startsAt: new Date(AT.getTime() + 1) }),
      promotion({ id: 4, automatic: true, startsAt: AT, endsAt: new Date(AT.getTime() + HOUR) }),
      promotion({ id: 5, automatic: true, endsAt: AT }),
      promotion({ id: 6, automatic: true, usageLimit: 2, uses: 2 }),
      promotion({ id: 7, automatic: true, usageLimit: 2, uses: 1 }),
    ];
    const inForce = promotionsInForce(kept, [], [], AT);
    expect(inForce.rules.map((rule) => [rule.id, rule.code])).toEqual([
      [1, null],
      [4, null],
      [7, null],
    ]);
    expect(inForce.codes).toEqual([]);
  });

  it("one entered as a code too is applied once, as the code's", () => {
    const inForce = promotionsInForce([promotion({ id: 1, automatic: true }), promotion({ id: 2, automatic: true })], ["AUTO"], [code("AUTO", { id: 1, automatic: true })], AT);
    expect(inForce.rules.map((rule) => [rule.id, rule.code])).toEqual([
      [2, null],
      [1, "AUTO"],
    ]);
  });
});

describe("the shopper's messages and the stored names", () => {
  it("words each reason as the shop says it", () => {
    expect(startsOnMessage(new Date("2026-12-01T00:00:00Z"))).toBe("This code starts on 1 Dec.");
    expect(startsOnMessage(new Date("2027-01-31T23:59:59Z"))).toBe("This code starts on 31 Jan.");
    const months = Array.from({ length: 12 }, (_, month) => startsOnMessage(new Date(Date.UTC(2027, month, 15))).slice(-4, -1));
    expect(months).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
    expect(addMoreMessage(1_200)).toBe("Add $12.00 more to use this code.");
    expect(addMoreMessage(5)).toBe("Add $0.05 more to use this code.");
    expect(addItemsMessage(1)).toBe("Add 1 more item to use this code.");
    expect(addItemsMessage(2)).toBe("Add 2 more items to use this code.");
    expect(declinedMessage({ reason: "minimum-value", missingCents: 1_200 })).toBe("Add $12.00 more to use this code.");
    expect(declinedMessage({ reason: "minimum-quantity", missingUnits: 3 })).toBe("Add 3 more items to use this code.");
    expect(declinedMessage({ reason: "no-items" })).toBe("This code does not apply to the items in your cart.");
    expect(declinedMessage({ reason: "not-best", betterIds: [2] })).toBe("A better promotion already applies to your cart.");
    expect(Object.values(CODE_MESSAGES)).toEqual([
      "This code is not valid.",
      "This code has expired.",
      "This code cannot be used right now.",
      "This code has been used up.",
      "You have already used this code.",
      "This code does not apply to the items in your cart.",
      "A better promotion already applies to your cart.",
    ]);
  });

  it("names kinds as the database spells them and as the shop speaks them", () => {
    expect(kindName("buy_x_get_y")).toBe("buy-x-get-y");
    expect(kindName("free_delivery")).toBe("free-delivery");
    expect(storedKind("percent-off")).toBe("percent_off");
    expect(storedKind("buy-x-get-y")).toBe("buy_x_get_y");
  });

  it("a promotion's rule carries every field pricing needs and the code that brought it", () => {
    const row = promotion({ id: 9, name: "Three for two", kind: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, amountCents: 5, categoryIds: [3], productIds: [4], variantIds: [5], minItemsCents: 100, minQuantity: 2, combinable: true, onDiscountedItems: true });
    expect(ruleOf(row, "HERBS")).toEqual({
      id: 9,
      name: "Three for two",
      kind: "buy-x-get-y",
      percentBp: 1_000,
      amountCents: 5,
      buyQuantity: 2,
      getQuantity: 1,
      categoryIds: [3],
      productIds: [4],
      variantIds: [5],
      minItemsCents: 100,
      minQuantity: 2,
      combinable: true,
      onDiscountedItems: true,
      code: "HERBS",
    });
  });
});

describe("a product's tax class", () => {
  it("is its own, else its category's, else none (the default class)", () => {
    const categories = new Map([[1, 7]]);
    expect(taxClassOf({ ownTaxClassId: 5, categoryId: 1 }, categories)).toBe(5);
    expect(taxClassOf({ ownTaxClassId: null, categoryId: 1 }, categories)).toBe(7);
    expect(taxClassOf({ ownTaxClassId: null, categoryId: 2 }, categories)).toBeNull();
  });
});
