// @vitest-environment node
import { describe, expect, it } from "vitest";
import { PRODUCT_SORT, SORT_ORDERS, sortOrderFrom } from "./productSort";

describe("Search sort options: default, price-highest, price-lowest, highest-rated", () => {
  it("offers the four options in the spec's order", () => {
    expect(SORT_ORDERS).toEqual(["default", "price-highest", "price-lowest", "highest-rated"]);
  });

  it("asks the API for the matching order", () => {
    expect(PRODUCT_SORT).toEqual({
      default: "DEFAULT",
      "price-highest": "PRICE_HIGHEST",
      "price-lowest": "PRICE_LOWEST",
      "highest-rated": "HIGHEST_RATED",
    });
  });

  it("reads the sort from the URL, falling back to the default for anything else", () => {
    expect(sortOrderFrom("price-lowest")).toBe("price-lowest");
    expect(sortOrderFrom("cheapest")).toBe("default");
    expect(sortOrderFrom(null)).toBe("default");
  });
});
