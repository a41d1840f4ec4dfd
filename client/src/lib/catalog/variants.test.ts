// @vitest-environment node
import { describe, expect, it } from "vitest";
import { chooseVariant, optionWords, valueChoice, variantLabel, type ChoosableVariant } from "./variants";

const variant = (id: number, sku: string, size: string, colour: string, quantity: number, isDefault = false): ChoosableVariant => ({
  id,
  sku,
  price: 10,
  discountPrice: null,
  quantity,
  isDefault,
  options: [
    { name: "Size", value: size },
    { name: "Colour", value: colour },
  ],
});
// Large + Charcoal is not sold at all; Small + Charcoal is sold out.
const planters = [
  variant(1, "S-OCEAN", "Small", "Ocean", 14, true),
  variant(2, "S-SAND", "Small", "Sand", 6),
  variant(3, "S-CHARCOAL", "Small", "Charcoal", 0),
  variant(4, "L-OCEAN", "Large", "Ocean", 4),
  variant(5, "L-SAND", "Large", "Sand", 3),
];

describe("Which variant a product page shows", () => {
  it("the one ?variant=SKU names; without one, or for a SKU the product does not sell, the default", () => {
    expect(chooseVariant(planters, "L-SAND")?.id).toBe(5);
    expect(chooseVariant(planters, null)?.id).toBe(1);
    expect(chooseVariant(planters, "NOPE")?.id).toBe(1);
    expect(chooseVariant([planters[1], planters[0]], undefined)?.id).toBe(1);
    expect(chooseVariant([], "S-SAND")).toBeUndefined();
  });
});

describe("What a value would buy with the other current choices", () => {
  it("its variant when in stock; 'Out of stock' when that variant has none; 'Not available' when no variant has that combination", () => {
    const small = planters[0];
    expect(valueChoice(planters, small, "Colour", "Sand")).toEqual({ kind: "available", variant: planters[1] });
    expect(valueChoice(planters, small, "Colour", "Charcoal")).toMatchObject({ kind: "out-of-stock", why: "Out of stock" });
    expect(valueChoice(planters, small, "Size", "Large")).toEqual({ kind: "available", variant: planters[3] });
    const large = planters[4];
    expect(valueChoice(planters, large, "Colour", "Charcoal")).toEqual({ kind: "not-offered", why: "Not available" });
    expect(valueChoice(planters, large, "Colour", "Ocean")).toEqual({ kind: "available", variant: planters[3] });
  });
});

describe("A variant in a shopper's words", () => {
  it("names it after its product with its values; lists its options as 'Name: value'", () => {
    expect(variantLabel("Planter", planters[1].options)).toBe("Planter (Small, Sand)");
    expect(variantLabel("Boston Fern", [])).toBe("Boston Fern");
    expect(variantLabel("Boston Fern", undefined)).toBe("Boston Fern");
    expect(optionWords([{ name: "Pot size", value: "24 cm" }])).toBe("Pot size: 24 cm");
    expect(optionWords(planters[1].options)).toBe("Size: Small, Colour: Sand");
    expect(optionWords(undefined)).toBe("");
  });
});
