import { describe, expect, it } from "vitest";
import { CHOOSE_SOMETHING, emptyPromotionForm, isoFromLocalInput, localInputValue, promotionFormProblems, promotionFormValues, promotionInput } from "./promotionForm";

describe("What the promotion editor sends", () => {
  it("only the chosen kind's value, empty numbers as none, every item when not chosen, the code trimmed", () => {
    const values = { ...emptyPromotionForm(), name: "Autumn sale", percent: 15, amount: 5, buyQuantity: 2, code: " AUTUMN15 ", categoryIds: [1], usageLimit: "100" };
    expect(promotionInput(values)).toEqual({
      name: "Autumn sale",
      kind: "PERCENT_OFF",
      percent: 15,
      amount: null,
      buyQuantity: null,
      getQuantity: null,
      categoryIds: [],
      productIds: [],
      variantIds: [],
      minItems: null,
      minQuantity: null,
      startsAt: null,
      endsAt: null,
      usageLimit: 100,
      perCustomerLimit: null,
      combinable: false,
      onDiscountedItems: false,
      automatic: false,
      code: "AUTUMN15",
    });
  });

  it("buy X get Y sends both quantities; chosen items send the categories and products", () => {
    const input = promotionInput({ ...emptyPromotionForm(), kind: "BUY_X_GET_Y", buyQuantity: 2, getQuantity: 1, scope: "chosen", categoryIds: [1], productIds: [101, 102] });
    expect(input).toMatchObject({ buyQuantity: 2, getQuantity: 1, percent: null, categoryIds: [1], productIds: [101, 102] });
  });

  it("an automatic promotion sends no code; an empty code is none (batch codes only)", () => {
    expect(promotionInput({ ...emptyPromotionForm(), automatic: true, code: "SPRING10" }).code).toBeNull();
    expect(promotionInput({ ...emptyPromotionForm(), code: "  " }).code).toBeNull();
  });

  it("dates go from the browser's local time to ISO and back (the tests run at UTC)", () => {
    expect(isoFromLocalInput("2026-11-01T09:30")).toBe("2026-11-01T09:30:00.000Z");
    expect(isoFromLocalInput("")).toBeNull();
    expect(localInputValue("2026-11-01T09:30:00.000Z")).toBe("2026-11-01T09:30");
    expect(localInputValue(null)).toBe("");
  });

  it("a saved promotion fills the form as it was saved", () => {
    const values = promotionFormValues({
      id: 3,
      name: "Ferns",
      kind: "AMOUNT_OFF",
      percent: null,
      amount: 5,
      buyQuantity: null,
      getQuantity: null,
      categoryIds: [],
      productIds: [101],
      variantIds: [],
      minItems: 30,
      minQuantity: null,
      startsAt: "2026-11-01T09:30:00.000Z",
      endsAt: null,
      usageLimit: 10,
      perCustomerLimit: 1,
      combinable: true,
      onDiscountedItems: false,
      automatic: false,
      paused: false,
      status: "ACTIVE",
      uses: 2,
      code: "FERN5",
      codeCount: 1,
      createdAt: "2026-10-01T00:00:00.000Z",
    });
    expect(values).toMatchObject({ kind: "AMOUNT_OFF", amount: 5, percent: "", scope: "chosen", productIds: [101], minItems: 30, minQuantity: "", startsAt: "2026-11-01T09:30", code: "FERN5" });
  });

  it("chosen items with nothing chosen is refused before asking the server", () => {
    expect(promotionFormProblems({ ...emptyPromotionForm(), scope: "chosen" })).toEqual({ category_ids: CHOOSE_SOMETHING });
    expect(promotionFormProblems({ ...emptyPromotionForm(), scope: "chosen", productIds: [3] })).toEqual({});
    expect(promotionFormProblems(emptyPromotionForm())).toEqual({});
  });
});
