// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatMoney, groupThousands } from "../money";
import {
  chosenFilterCount,
  countedLabel,
  hasProductFilters,
  NO_PRODUCT_FILTERS,
  optionChoiceParam,
  optionChoicesOf,
  optionFilterGroups,
  parseOptionChoice,
  parsePriceRange,
  priceRangeLabel,
  productFiltersFrom,
  productFilterVariables,
  withOptionChoice,
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
      options: [],
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
    const chosen = { category: "Ferns", price: { minPrice: 100, maxPrice: null }, inStock: true, discounted: false, options: [] };
    const written = withProductFilters(url("q=fern&sort=price-lowest&discounted=1&price=10-25"), chosen);
    expect(written.toString()).toBe("q=fern&sort=price-lowest&category=Ferns&price=100-&inStock=1");
    expect(productFiltersFrom(written, { category: true })).toEqual(chosen);
    expect(withProductFilters(written, NO_PRODUCT_FILTERS).toString()).toBe("q=fern&sort=price-lowest");
  });

  it("asks the API for the chosen filters only; the open-ended range has no maxPrice", () => {
    expect(productFilterVariables(NO_PRODUCT_FILTERS)).toEqual({});
    expect(productFilterVariables({ category: "Ferns", price: { minPrice: 10, maxPrice: 25 }, inStock: true, discounted: true, options: [] })).toEqual({
      category: "Ferns",
      minPrice: 10,
      maxPrice: 25,
      inStock: true,
      discounted: true,
    });
    expect(productFilterVariables({ ...NO_PRODUCT_FILTERS, price: { minPrice: 100, maxPrice: null } })).toEqual({ minPrice: 100 });
  });
});

describe("Option values kept in the URL: ?option=Pot size:24 cm, once per value", () => {
  const sand = { name: "Colour", value: "Sand" };
  const small = { name: "Size", value: "Small" };

  it("reads every ?option=, sends them to the API in one order, and writes them back the same way", () => {
    const params = url("q=pot&option=Size%3ASmall&option=Colour:Sand&option=Colour:Ocean&sort=price-lowest");
    const filters = productFiltersFrom(params, { category: true });
    expect(filters.options).toEqual([{ name: "Colour", value: "Ocean" }, sand, small]);
    expect(productFilterVariables(filters)).toEqual({ options: [{ name: "Colour", value: "Ocean" }, sand, small] });
    const written = withProductFilters(url("q=pot&sort=price-lowest&option=Pot%20size:12%20cm"), filters);
    expect(written.toString()).toBe("q=pot&sort=price-lowest&option=Colour%3AOcean&option=Colour%3ASand&option=Size%3ASmall");
    expect(productFiltersFrom(written, { category: false })).toEqual({ ...NO_PRODUCT_FILTERS, options: filters.options });
    expect(withProductFilters(written, NO_PRODUCT_FILTERS).toString()).toBe("q=pot&sort=price-lowest");
  });

  it("a value may hold colons; a name's colon or backslash is escaped, and both survive the round trip", () => {
    for (const choice of [
      { name: "Ratio", value: "1:2" },
      { name: "Size: EU", value: "42" },
      { name: "A\\B:", value: ":x\\" },
      { name: "Pot size", value: "24 cm" },
    ]) {
      expect(parseOptionChoice(optionChoiceParam(choice)), JSON.stringify(choice)).toEqual(choice);
      const params = withProductFilters(url(""), { ...NO_PRODUCT_FILTERS, options: [choice] });
      expect(productFiltersFrom(new URLSearchParams(params.toString()), { category: true }).options).toEqual([choice]);
    }
    expect(optionChoiceParam({ name: "Size: EU", value: "4:2" })).toBe("Size\\: EU:4:2");
    expect(parseOptionChoice("Ratio:1:2")).toEqual({ name: "Ratio", value: "1:2" });
  });

  it("treats a choice without a name, a colon or a value, or too long for the API, as no filter; the same value twice is one", () => {
    for (const text of ["", "Colour", ":Sand", "Colour:", " : ", "Colour\\:Sand", `${"x".repeat(51)}:Sand`, `Colour:${"x".repeat(51)}`]) {
      expect(parseOptionChoice(text), text).toBeNull();
    }
    expect(productFiltersFrom(url("option=Colour&option=%20Colour%20:%20Sand%20&option=Colour:Sand"), { category: true }).options).toEqual([sand]);
  });

  it("sends at most 20 values, the API's limit: the first 20 the address names", () => {
    const many = Array.from({ length: 25 }, (_, index) => `option=Size:${String(index).padStart(2, "0")}`).join("&");
    const options = productFiltersFrom(url(many), { category: true }).options;
    expect(options).toHaveLength(20);
    expect(options.at(-1)).toEqual({ name: "Size", value: "19" });
    expect(optionChoicesOf([sand, sand, small])).toEqual([sand, small]);
  });

  it("ticking adds a value, unticking removes it; each value chosen is a filter chosen", () => {
    const ticked = withOptionChoice([small], sand, true);
    expect(ticked).toEqual([sand, small]);
    expect(withOptionChoice(ticked, small, false)).toEqual([sand]);
    expect(chosenFilterCount({ ...NO_PRODUCT_FILTERS, inStock: true, options: ticked })).toBe(3);
    expect(hasProductFilters({ ...NO_PRODUCT_FILTERS, options: [sand] })).toBe(true);
  });

  it("groups: the server's options in its order; a value chosen stays in its natural place at 0 when the server no longer counts it, and so does an option it no longer offers", () => {
    const offered = [
      { name: "Pot size", values: [{ value: "12 cm", count: 2 }, { value: "100 cm", count: 1 }] },
      { name: "Colour", values: [{ value: "Sand", count: 3 }] },
    ];
    expect(optionFilterGroups(offered, [])).toEqual([
      { name: "Pot size", values: [{ value: "12 cm", count: 2, chosen: false }, { value: "100 cm", count: 1, chosen: false }] },
      { name: "Colour", values: [{ value: "Sand", count: 3, chosen: false }] },
    ]);
    const chosen = [{ name: "Pot size", value: "24 cm" }, { name: "Colour", value: "Sand" }, { name: "Pack size", value: "50 g" }];
    expect(optionFilterGroups(offered, chosen)).toEqual([
      {
        name: "Pot size",
        values: [
          { value: "12 cm", count: 2, chosen: false },
          { value: "24 cm", count: 0, chosen: true },
          { value: "100 cm", count: 1, chosen: false },
        ],
      },
      { name: "Colour", values: [{ value: "Sand", count: 3, chosen: true }] },
      { name: "Pack size", values: [{ value: "50 g", count: 0, chosen: true }] },
    ]);
    expect(optionFilterGroups([], [])).toEqual([]);
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
