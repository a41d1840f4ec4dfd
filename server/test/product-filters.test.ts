// Filters with counts on the search and category pages, on PGlite and on PostgreSQL alike:
// category, price range (on the price the shopper pays), in stock and discounted, each counted under the
// other chosen filters but not its own; the page of products narrowed the same way, page after page; the
// counts in one statement beside the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries, createTestShop, failure, searchCaughtUp, type TestShop } from "./support.js";

let t: TestShop;
let sequence = 0;

async function addProduct(categoryId: number, name: string, fields: { cents: number; discountCents?: number; quantity: number }) {
  sequence += 1;
  await t.shop.prisma.product.create({
    data: {
      slug: `filters-${sequence}`,
      name,
      description: "Grows well.",
      categoryId,
      priceCents: fields.cents,
      discountPriceCents: fields.discountCents ?? null,
      quantity: fields.quantity,
      imageOne: "/uploads/filters.png",
      createdAt: new Date(Date.parse("2025-05-01T00:00:00Z") + sequence * 60_000),
    },
  });
}

const FILTERS = `query($search: String, $category: String, $inStock: Boolean, $discounted: Boolean, $minPrice: Money, $maxPrice: Money) {
  productFilters(search: $search, category: $category, inStock: $inStock, discounted: $discounted, minPrice: $minPrice, maxPrice: $maxPrice) {
    total inStock discounted categories { category { name } count } priceRanges { minPrice maxPrice count } } }`;
const PAGE = `query($search: String, $category: String, $inStock: Boolean, $discounted: Boolean, $minPrice: Money, $maxPrice: Money, $first: Int, $after: String) {
  products(search: $search, category: $category, inStock: $inStock, discounted: $discounted, minPrice: $minPrice, maxPrice: $maxPrice, first: $first, after: $after) {
    nodes { name } totalCount pageInfo { hasNextPage endCursor } } }`;

interface Counts {
  total: number;
  inStock: number;
  discounted: number;
  categories: Array<{ category: { name: string }; count: number }>;
  priceRanges: Array<{ minPrice: number; maxPrice: number | null; count: number }>;
}

async function counts(variables: Record<string, unknown>): Promise<Counts> {
  const result = await t.gql<{ productFilters: Counts }>(FILTERS, variables);
  expect(result.errors).toBeUndefined();
  return result.data!.productFilters;
}

/** The categories' counts as "name: count", most first; the price ranges' counts in order. */
const byCategory = (found: Counts) => found.categories.map(({ category, count }) => `${category.name}: ${count}`);
const byPrice = (found: Counts) => found.priceRanges.map((range) => range.count);

type ProductPage = { nodes: { name: string }[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

/** Every product's name across the pages of `first` each, and the total each page reported. */
async function walk(variables: Record<string, unknown>, first = 1) {
  const names: string[] = [];
  const totals = new Set<number>();
  let after: string | null = null;
  for (let pages = 0; pages < 20; pages += 1) {
    const result = await t.gql<{ products: ProductPage }>(PAGE, { ...variables, first, after });
    expect(result.errors).toBeUndefined();
    const page: ProductPage = result.data!.products;
    names.push(...page.nodes.map((node) => node.name));
    totals.add(page.totalCount);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  return { names: names.sort(), totals: [...totals] };
}

// Whichever way the page is answered: in SQL, or from the in-memory index (domain/search/product-index.ts).
describe.each([
  { way: "in SQL", searchIndex: false },
  { way: "from the in-memory index", searchIndex: true },
])("filters $way", ({ searchIndex }) => {
  beforeAll(async () => {
    t = await createTestShop({ searchIndex });
    const ferns = (await t.shop.prisma.category.create({ data: { name: "Ferns" } })).id;
    const herbs = (await t.shop.prisma.category.create({ data: { name: "Herbs" } })).id;
    // What 'fern' finds: five by name, and Moss Pole by its category's name. Basil is not found.
    await addProduct(ferns, "Boston Fern", { cents: 800, quantity: 5 }); // under $10
    await addProduct(ferns, "Bird's Nest Fern", { cents: 3000, discountCents: 2000, quantity: 0 }); // pays $20: $10 to $25
    await addProduct(herbs, "Fern Food", { cents: 1500, quantity: 3 }); // $10 to $25
    await addProduct(ferns, "Maidenhair Fern", { cents: 12000, quantity: 2 }); // $100 and over
    await addProduct(herbs, "Asparagus Fern", { cents: 6000, discountCents: 4000, quantity: 4 }); // pays $40: $25 to $50
    await addProduct(ferns, "Moss Pole", { cents: 1200, quantity: 1 }); // $10 to $25
    await addProduct(herbs, "Basil", { cents: 500, quantity: 9 });
    if (searchIndex) await searchCaughtUp(t);
    expect(t.shop.search.indexReady).toBe(searchIndex);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe("a search's filters and their counts", () => {
    it("count every match: by category (most first), by price range, in stock and discounted", async () => {
      const found = await counts({ search: "fern" });
      expect(found.total).toBe(6);
      expect(byCategory(found)).toEqual(["Ferns: 4", "Herbs: 2"]);
      expect(found.priceRanges).toEqual([
        { minPrice: 0, maxPrice: 10, count: 1 },
        { minPrice: 10, maxPrice: 25, count: 3 },
        { minPrice: 25, maxPrice: 50, count: 1 },
        { minPrice: 50, maxPrice: 100, count: 0 },
        { minPrice: 100, maxPrice: null, count: 1 },
      ]);
      expect(found.inStock).toBe(5);
      expect(found.discounted).toBe(2);
    });

    it("count each filter under the other chosen ones but not its own", async () => {
      const inStock = await counts({ search: "fern", inStock: true });
      expect(inStock.total).toBe(5);
      expect(inStock.inStock).toBe(5);
      expect(inStock.discounted).toBe(1);
      expect(byCategory(inStock)).toEqual(["Ferns: 3", "Herbs: 2"]);
      expect(byPrice(inStock)).toEqual([1, 2, 1, 0, 1]);

      const herbs = await counts({ search: "fern", category: "herbs" });
      expect(herbs.total).toBe(2);
      expect(byCategory(herbs)).toEqual(["Ferns: 4", "Herbs: 2"]);
      expect(byPrice(herbs)).toEqual([0, 1, 1, 0, 0]);
      expect([herbs.inStock, herbs.discounted]).toEqual([2, 1]);

      const tenToTwentyFive = await counts({ search: "fern", minPrice: 10, maxPrice: 25 });
      expect(tenToTwentyFive.total).toBe(3);
      expect(byPrice(tenToTwentyFive)).toEqual([1, 3, 1, 0, 1]);
      expect(byCategory(tenToTwentyFive)).toEqual(["Ferns: 2", "Herbs: 1"]);
      expect([tenToTwentyFive.inStock, tenToTwentyFive.discounted]).toEqual([2, 1]);
    });

    it("an unknown category counts nothing", async () => {
      const found = await counts({ search: "fern", category: "Cacti" });
      expect([found.total, found.inStock, found.discounted, ...byPrice(found)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    });
  });

  describe("the page of products under the same filters", () => {
    it("keeps the price the shopper pays in the range (the discount price when set), page after page, with the filtered total", async () => {
      expect(await walk({ search: "fern", minPrice: 10, maxPrice: 25 })).toEqual({ names: ["Bird's Nest Fern", "Fern Food", "Moss Pole"], totals: [3] });
      // Asparagus Fern's regular price ($60) is out of this range, its discount price ($40) in it; Bird's Nest
      // Fern's regular price ($30) is in it, its discount price ($20) is not.
      expect(await walk({ search: "fern", minPrice: 25, maxPrice: 50 })).toEqual({ names: ["Asparagus Fern"], totals: [1] });
      expect(await walk({ search: "fern", minPrice: 100 })).toEqual({ names: ["Maidenhair Fern"], totals: [1] });
    });

    it("combines the filters, and matches the counts", async () => {
      const variables = { search: "fern", category: "Ferns", inStock: true, maxPrice: 25 };
      const walked = await walk(variables);
      expect(walked).toEqual({ names: ["Boston Fern", "Moss Pole"], totals: [2] });
      expect((await counts(variables)).total).toBe(2);
    });

    it("refuses a range whose highest price is not above its lowest", async () => {
      for (const query of [FILTERS, PAGE]) {
        const refused = failure(await t.gql(query, { search: "fern", minPrice: 25, maxPrice: 25 }));
        expect(refused.code).toBe("BAD_USER_INPUT");
        expect(refused.fields).toEqual({ max_price: ["The highest price must be more than the lowest price."] });
      }
    });
  });

  describe("a category page's filters", () => {
    it("count the category's products, with no category filter offered", async () => {
      const found = await counts({ category: "ferns" });
      expect(found.total).toBe(4);
      expect(found.categories).toEqual([]);
      expect(byPrice(found)).toEqual([1, 2, 0, 0, 1]);
      expect([found.inStock, found.discounted]).toEqual([3, 1]);
      expect(await walk({ category: "ferns", discounted: true })).toEqual({ names: ["Bird's Nest Fern"], totals: [1] });
    });

    it("count nothing for an unknown category", async () => {
      expect((await counts({ category: "Cacti" })).total).toBe(0);
    });
  });

  describe("one statement for the counts of a page view", () => {
    it("a search page and a category page each cost one statement more with their filters' counts than without (none from the index)", async () => {
      const both = (filters: string, args: string) =>
        `query($search: String, $category: String) { products(search: $search, category: $category, first: 24) { nodes { name } totalCount }${filters ? ` productFilters(${args}) { total }` : ""} }`;
      for (const variables of [{ search: "fern" }, { category: "Ferns" }]) {
        const args = "search: $search, category: $category";
        const without = await countQueries(() => t.gql(both("", args), variables));
        const withCounts = await countQueries(() => t.gql(both("yes", args), variables));
        expect(withCounts - without).toBe(searchIndex ? 0 : 1);
      }
    });
  });
});
