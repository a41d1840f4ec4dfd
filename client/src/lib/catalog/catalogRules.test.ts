// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  discountedProducts,
  matchesSearch,
  newArrivals,
  newestFirst,
  productsInCategory,
  searchProducts,
  sortProducts,
  type CatalogProduct,
} from "./catalogRules";

function product(id: number, overrides: Partial<CatalogProduct> = {}): CatalogProduct {
  return {
    id,
    name: `Plant ${id}`,
    price: 10,
    discountPrice: null,
    quantity: 5,
    rating: 0,
    peopleRated: 0,
    category: { name: "Indoor Plants" },
    createdAt: new Date(Date.UTC(2026, 0, id)).toISOString(),
    ...overrides,
  };
}

describe("Home page: new arrivals limited to 6, only products with quantity > 0, newest first", () => {
  it("takes the 6 newest in-stock products", () => {
    const products = Array.from({ length: 10 }, (_, index) => product(index + 1, { quantity: index === 9 ? 0 : 3 }));
    expect(newArrivals(products).map((p) => p.id)).toEqual([9, 8, 7, 6, 5, 4]);
  });
});

describe("Home page: 'Save more when you by this products' limited to 12 discounted, in stock, newest first", () => {
  it("takes only discounted products with stock, at most 12", () => {
    const products = Array.from({ length: 16 }, (_, index) =>
      product(index + 1, { discountPrice: index % 8 === 0 ? null : 5, quantity: index === 15 ? 0 : 2 }),
    );
    const ids = discountedProducts(products).map((p) => p.id);
    expect(ids).toHaveLength(12);
    expect(ids[0]).toBe(15);
    expect(ids).not.toContain(16); // out of stock
    expect(ids).not.toContain(9); // no discount
  });
});

describe("Lists are shown newest first", () => {
  it("orders by creation time and then by the larger id", () => {
    const sameTime = "2026-03-01T00:00:00.000Z";
    const products = [product(1, { createdAt: sameTime }), product(2, { createdAt: "2026-04-01T00:00:00.000Z" }), product(3, { createdAt: sameTime })];
    expect(newestFirst(products).map((p) => p.id)).toEqual([2, 3, 1]);
  });
});

describe("Category page: the products whose category equals the name", () => {
  it("keeps only that category's products", () => {
    const products = [product(1), product(2, { category: { name: "Garden Tools" } })];
    expect(productsInCategory(products, "Garden Tools").map((p) => p.id)).toEqual([2]);
    expect(productsInCategory(products, "garden tools")).toEqual([]);
  });
});

describe("Search: the text is trimmed and matched case-insensitively as a substring against product name and category name", () => {
  const fern = product(1, { name: "Boston Fern", category: { name: "Indoor Plants" } });
  const shovel = product(2, { name: "Steel Shovel", category: { name: "Garden Tools" } });

  it("matches a substring of the product name in any case", () => {
    expect(matchesSearch(fern, "FERN")).toBe(true);
    expect(matchesSearch(fern, "ston f")).toBe(true);
  });

  it("matches the category name", () => {
    expect(searchProducts([fern, shovel], "garden").map((p) => p.id)).toEqual([2]);
  });

  it("trims the text before matching", () => {
    expect(matchesSearch(shovel, "   shovel  ")).toBe(true);
  });

  it("matches nothing for empty or blank text", () => {
    expect(searchProducts([fern, shovel], "   ")).toEqual([]);
  });

  it("gives no result when nothing matches", () => {
    expect(searchProducts([fern, shovel], "cactus")).toEqual([]);
  });
});

describe("Search sort options: default, price-highest, price-lowest, highest-rated", () => {
  const cheap = product(1, { price: 5 });
  const discounted = product(2, { price: 50, discountPrice: 8 });
  const dear = product(3, { price: 20 });

  it("default keeps the order the products came in", () => {
    expect(sortProducts([dear, cheap, discounted], "default").map((p) => p.id)).toEqual([3, 1, 2]);
  });

  it("price-highest sorts by the unit price, highest first", () => {
    expect(sortProducts([cheap, discounted, dear], "price-highest").map((p) => p.id)).toEqual([3, 2, 1]);
  });

  it("price-lowest sorts by the unit price, lowest first", () => {
    expect(sortProducts([dear, discounted, cheap], "price-lowest").map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it("highest-rated sorts by average rating, ties broken by the larger number of raters", () => {
    const fourFromTwo = product(1, { rating: 8, peopleRated: 2 });
    const fourFromFive = product(2, { rating: 20, peopleRated: 5 });
    const fiveFromOne = product(3, { rating: 5, peopleRated: 1 });
    const unrated = product(4);
    expect(sortProducts([unrated, fourFromTwo, fiveFromOne, fourFromFive], "highest-rated").map((p) => p.id)).toEqual([3, 2, 1, 4]);
  });

  it("does not change the list it was given", () => {
    const list = [dear, cheap];
    sortProducts(list, "price-lowest");
    expect(list.map((p) => p.id)).toEqual([3, 1]);
  });
});
