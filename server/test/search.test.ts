// Product search that finds what people mean (issue 9): the spec's rule first (the product's or its
// category's name contains the text, any case), then close spellings ranked by similarity (pg_trgm), on
// PGlite and on PostgreSQL alike. The admin's `name` filter stays a plain substring match.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries, createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
const clockStart = Date.parse("2025-03-01T00:00:00Z");
let sequence = 0;

async function addProduct(categoryId: number, name: string, fields: { age: number; priceCents?: number; quantity?: number }) {
  sequence += 1;
  const product = await t.shop.prisma.product.create({
    data: {
      slug: `search-${sequence}`,
      name,
      description: "Grows well.",
      categoryId,
      priceCents: fields.priceCents ?? 1000,
      quantity: fields.quantity ?? 5,
      imageOne: "/uploads/search.png",
      createdAt: new Date(clockStart + fields.age * 60_000),
    },
  });
  return product.id;
}

const SEARCH = `query($search: String, $name: String, $sort: ProductSort, $category: String, $inStock: Boolean, $first: Int = 100, $after: String) {
  products(search: $search, name: $name, sort: $sort, category: $category, inStock: $inStock, first: $first, after: $after) {
    nodes { id name } totalCount pageInfo { hasNextPage endCursor } } }`;
type Found = { products: { nodes: { id: number; name: string }[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

async function found(variables: Record<string, unknown>) {
  const result = await t.gql<Found>(SEARCH, variables);
  expect(result.errors).toBeUndefined();
  return result.data!.products;
}
const namesFor = async (variables: Record<string, unknown>) => (await found(variables)).nodes.map((product) => product.name);

beforeAll(async () => {
  t = await createTestShop();
  const foliage = await t.shop.prisma.category.create({ data: { name: "Foliage" } });
  const herbs = await t.shop.prisma.category.create({ data: { name: "Herbs" } });
  const cacti = await t.shop.prisma.category.create({ data: { name: "Succulents & Cacti" } });
  const orchids = await t.shop.prisma.category.create({ data: { name: "Orchids" } });
  await addProduct(foliage.id, "Monstera Deliciosa", { age: 1, priceCents: 4500 });
  await addProduct(foliage.id, "Mini Monstera", { age: 2, priceCents: 2500 });
  await addProduct(foliage.id, "Monstrous Mint", { age: 3, priceCents: 900 });
  await addProduct(foliage.id, "Boston Fern", { age: 4 });
  await addProduct(herbs.id, "Lavender Hidcote", { age: 5, priceCents: 1200 });
  await addProduct(herbs.id, "English Lavender", { age: 6, priceCents: 800, quantity: 0 });
  await addProduct(herbs.id, "Lavendar Soap", { age: 7, priceCents: 600 });
  await addProduct(herbs.id, "Lavandula Seeds", { age: 8 });
  await addProduct(cacti.id, "Golden Barrel", { age: 9 });
  await addProduct(orchids.id, "Moth Plant", { age: 10 });
  await addProduct(foliage.id, "Peat 100% Pot_L", { age: 11 });
});

afterAll(async () => {
  await t?.close();
});

describe("search: names containing the text first, then close spellings", () => {
  it("'monstra' finds the Monsteras, and 'lavendar' finds the Lavenders", async () => {
    expect(await namesFor({ search: "monstra" })).toEqual(expect.arrayContaining(["Monstera Deliciosa", "Mini Monstera"]));
    expect(await namesFor({ search: "lavendar" })).toEqual(expect.arrayContaining(["Lavender Hidcote", "English Lavender"]));
  });

  it("text matches come before close spellings, whatever their age", async () => {
    // "Lavendar Soap" contains the text as typed: it leads although older than the English Lavender.
    expect(await namesFor({ search: "lavendar" })).toEqual(["Lavendar Soap", "English Lavender", "Lavender Hidcote"]);
    // And the other way round: the close spelling "Lavendar Soap" follows the real Lavenders.
    expect(await namesFor({ search: "lavender" })).toEqual(["English Lavender", "Lavender Hidcote", "Lavendar Soap"]);
  });

  it("close spellings go most similar first, equally similar ones newest first", async () => {
    // word_similarity('monstra', ...): Monstrous 0.75; Monstera, Mini Monstera 0.625 each.
    expect(await namesFor({ search: "monstra" })).toEqual(["Monstrous Mint", "Mini Monstera", "Monstera Deliciosa"]);
  });

  it("a close spelling of a category's name finds its products", async () => {
    expect(await namesFor({ search: "cactii" })).toEqual(["Golden Barrel"]);
    expect(await namesFor({ search: "orchides" })).toEqual(["Moth Plant"]);
  });

  it("each group keeps the chosen sort: text matches by price, then close spellings by price", async () => {
    expect(await namesFor({ search: "lavender", sort: "PRICE_LOWEST" })).toEqual(["English Lavender", "Lavender Hidcote", "Lavendar Soap"]);
    expect(await namesFor({ search: "monstra", sort: "PRICE_HIGHEST" })).toEqual(["Monstera Deliciosa", "Mini Monstera", "Monstrous Mint"]);
    expect(await namesFor({ search: "lavendar", sort: "PRICE_HIGHEST" })).toEqual(["Lavendar Soap", "Lavender Hidcote", "English Lavender"]);
  });

  it("filters apply to close spellings too, and totalCount counts both groups", async () => {
    expect(await namesFor({ search: "lavendar", inStock: true })).toEqual(["Lavendar Soap", "Lavender Hidcote"]);
    expect(await namesFor({ search: "monstra", category: "herbs" })).toEqual([]);
    expect((await found({ search: "monstra" })).totalCount).toBe(3);
    expect((await found({ search: "lavendar", inStock: true })).totalCount).toBe(2);
  });

  it("totalCount over both groups, counted along with the close spellings when the text matches fit the page", async () => {
    // 'lavendar': one text match, two close spellings; 'monstra': none and three.
    for (const [search, total] of [["lavendar", 3], ["monstra", 3]] as const) {
      const page = await found({ search, first: 1 });
      expect(page.nodes).toHaveLength(1);
      expect(page.pageInfo.hasNextPage).toBe(true);
      expect(page.totalCount).toBe(total);
      // The matching categories, the text matches, the close spellings: no count query of its own.
      const withCount = await countQueries(() => t.gql(SEARCH, { search, first: 1 }));
      const withoutCount = await countQueries(() => t.gql(`query($s: String) { products(search: $s, first: 1) { nodes { id } } }`, { s: search }));
      expect(withCount).toBe(withoutCount);
    }
    // Text matches that fill the page leave the count to its own query, with the same answer.
    const page = await found({ search: "lavender", first: 1 });
    expect(page.totalCount).toBe(3);
    const after = await found({ search: "lavendar", first: 1, after: (await found({ search: "lavendar", first: 1 })).pageInfo.endCursor });
    expect(after.totalCount).toBe(3);
  });

  it("pages run across the two groups without repeating or skipping a product", async () => {
    const whole = await namesFor({ search: "lavendar" });
    const walked: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const page: Found["products"] = await found({ search: "lavendar", first: 1, after });
      walked.push(...page.nodes.map((product) => product.name));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(walked).toEqual(whole);
  });

  it("texts shorter than 4 characters find substrings only, no close spellings", async () => {
    expect(await namesFor({ search: "fen" })).toEqual([]);
    expect(await namesFor({ search: "ern" })).toEqual(["Boston Fern"]);
  });

  it("% and _ are plain characters, in the text matches and the close spellings alike", async () => {
    expect(await namesFor({ search: "100%" })).toEqual(["Peat 100% Pot_L"]);
    expect(await namesFor({ search: "t_L" })).toEqual(["Peat 100% Pot_L"]);
    expect(await namesFor({ search: "%%%%" })).toEqual([]);
    expect(await namesFor({ search: "____" })).toEqual([]);
  });

  it("the spec's REST search stays the substring rule alone", async () => {
    expect((await t.shop.catalog.list({ search: "monstra" })).map((product) => product.name)).toEqual([]);
    expect((await t.shop.catalog.list({ search: "MONSTERA" })).map((product) => product.name)).toEqual(["Mini Monstera", "Monstera Deliciosa"]);
  });
});

describe("admin list: name is a case-insensitive part of the product's name only", () => {
  it("matches names, not categories, and no close spellings", async () => {
    expect(await namesFor({ name: "MONSTERA" })).toEqual(["Mini Monstera", "Monstera Deliciosa"]);
    expect(await namesFor({ name: "monstra" })).toEqual([]);
    expect(await namesFor({ name: "herbs" })).toEqual([]);
    expect(await namesFor({ name: "t_l" })).toEqual(["Peat 100% Pot_L"]);
    expect(await namesFor({ name: "_" })).toEqual(["Peat 100% Pot_L"]);
    expect((await found({ name: "lavend" })).totalCount).toBe(3);
  });

  it("refuses a name longer than 255 characters", async () => {
    expect(failure(await t.gql(SEARCH, { name: "x".repeat(256) })).fields).toEqual({ name: ["The name may not be greater than 255 characters."] });
  });
});
