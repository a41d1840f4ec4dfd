// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatMoney, groupThousands } from "../money";
import {
  countedLabel,
  NO_PRODUCT_FILTERS,
  parsePriceRange,
  priceRangeLabel,
  productFiltersFrom,
  productFilterVariables,
  withProductFilters,
} from "./productFilters";

const url = (query: string) => new URLSearchParams(query);

describe("Filters kept in the URL: category, price range, in stock, discounted", () => {
  it("reads ?category=, ?price=min-max (dollars), ?inStock=1 and ?discounted=1", () => {
    expect(productFiltersFrom(url("q=fern&category=Ferns&price=10-25&inStock=1&discounted=1"), { category: true })).toEqual({
      category: "Ferns",
      price: { minPrice: 10, maxPrice: 25 },
      inStock: true,
      discounted: true,
    });
    expect(productFiltersFrom(url("price=100-"), { category: true }).price).toEqual({ minPrice: 100, maxPrice: null });
    expect(productFiltersFrom(url("price=12.5-25.99"), { category: true }).price).toEqual({ minPrice: 12.5, maxPrice: 25.99 });
  });

  it("treats unknown or invalid values as no filter", () => {
    const invalid = "category=%20%20&price=cheap&inStock=yes&discounted=true";
    expect(productFiltersFrom(url(invalid), { category: true })).toEqual(NO_PRODUCT_FILTERS);
    for (const price of ["25-10", "10-10", "-10", "10", "1.999-5", "-5-10", "10-25-50", "12345678-"]) {
      expect(parsePriceRange(price), price).toBeNull();
    }
    expect(parsePriceRange("9999999.99-")).toEqual({ minPrice: 9999999.99, maxPrice: null });
  });

  it("a category page is its own category: it reads no ?category=", () => {
    expect(productFiltersFrom(url("category=Ferns&inStock=1"), { category: false })).toEqual({ ...NO_PRODUCT_FILTERS, inStock: true });
  });

  it("writes the chosen filters beside the text and the sort, and drops the ones no longer chosen", () => {
    const chosen = { category: "Ferns", price: { minPrice: 100, maxPrice: null }, inStock: true, discounted: false };
    const written = withProductFilters(url("q=fern&sort=price-lowest&discounted=1&price=10-25"), chosen);
    expect(written.toString()).toBe("q=fern&sort=price-lowest&category=Ferns&price=100-&inStock=1");
    expect(productFiltersFrom(written, { category: true })).toEqual(chosen);
    expect(withProductFilters(written, NO_PRODUCT_FILTERS).toString()).toBe("q=fern&sort=price-lowest");
  });

  it("asks the API for the chosen filters only; the open-ended range has no maxPrice", () => {
    expect(productFilterVariables(NO_PRODUCT_FILTERS)).toEqual({});
    expect(productFilterVariables({ category: "Ferns", price: { minPrice: 10, maxPrice: 25 }, inStock: true, discounted: true })).toEqual({
      category: "Ferns",
      minPrice: 10,
      maxPrice: 25,
      inStock: true,
      discounted: true,
    });
    expect(productFilterVariables({ ...NO_PRODUCT_FILTERS, price: { minPrice: 100, maxPrice: null } })).toEqual({ minPrice: 100 });
  });
});

describe("Each choice labelled with its count", () => {
  it("names the price ranges in the shop's money format, whole dollars without cents", () => {
    expect(priceRangeLabel({ minPrice: 0, maxPrice: 10 })).toBe("Under $10");
    expect(priceRangeLabel({ minPrice: 10, maxPrice: 25 })).toBe("$10 to $25");
    expect(priceRangeLabel({ minPrice: 100, maxPrice: null })).toBe("$100 and over");
    expect(priceRangeLabel({ minPrice: 12.5, maxPrice: 1000 })).toBe("$12.50 to $1,000");
  });

  it("writes counts with thousands separators", () => {
    expect(countedLabel("$10 to $25", 16524)).toBe("$10 to $25 (16,524)");
    expect(countedLabel("Ferns", 0)).toBe("Ferns (0)");
    expect(groupThousands(1234567)).toBe("1,234,567");
    expect(formatMoney(1234567)).toBe("$1,234,567.00");
  });
});
