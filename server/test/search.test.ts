// Search at the speed of typing, on PGlite and on PostgreSQL alike: every word in any order,
// the last one as a prefix, typos corrected against the catalogue's own words, best matches first; the
// spec's rule (the product's or its category's name contains the text) stays true; suggestions as you
// type; 'Did you mean'; and a bound on the searches in flight. The admin's `name` filter and the REST
// search stay plain substring matches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchGate, SEARCH_BUSY } from "../src/domain/search/gate.js";
import { SearchService } from "../src/domain/search/service.js";
import { countQueries, createTestShop, failure, searchCaughtUp, type TestShop } from "./support.js";

let t: TestShop;
let indexed = false;
/** After a write: the index (when searching from it) has applied it. */
const synced = () => (indexed ? searchCaughtUp(t) : Promise.resolve());
const clockStart = Date.parse("2025-03-01T00:00:00Z");
let sequence = 0;

async function addProduct(
  categoryId: number,
  name: string,
  fields: { age: number; priceCents?: number; quantity?: number; description?: string },
) {
  sequence += 1;
  const product = await t.shop.prisma.product.create({
    data: {
      slug: `search-${sequence}`,
      name,
      description: fields.description ?? "Grows well.",
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
const namesForText = (search: string) => namesFor({ search });

let ferns: number;

// Every rule below holds whichever way a search runs: in SQL (while the index is building or behind, or
// switched off) and from the in-memory index (domain/search/product-index.ts), the shop's usual way.
describe.each([
  { way: "in SQL", searchIndex: false },
  { way: "from the in-memory index", searchIndex: true },
])("search $way", ({ searchIndex }) => {
  beforeAll(async () => {
    indexed = searchIndex;
    t = await createTestShop({ searchIndex });
    const foliage = await t.shop.prisma.category.create({ data: { name: "Foliage" } });
    const herbs = await t.shop.prisma.category.create({ data: { name: "Herbs" } });
    const cacti = await t.shop.prisma.category.create({ data: { name: "Succulents & Cacti" } });
    const orchids = await t.shop.prisma.category.create({ data: { name: "Orchids" } });
    const flowering = await t.shop.prisma.category.create({ data: { name: "Flowering Plants" } });
    ferns = (await t.shop.prisma.category.create({ data: { name: "Ferns & Mosses" } })).id;
    await addProduct(foliage.id, "Monstera Deliciosa", { age: 1, priceCents: 4500 });
    await addProduct(foliage.id, "Mini Monstera", { age: 2, priceCents: 2500 });
    await addProduct(herbs.id, "Monstrous Mint", { age: 3, priceCents: 900 });
    await addProduct(foliage.id, "Boston Fern", { age: 4 });
    await addProduct(herbs.id, "Lavender Hidcote", { age: 5, priceCents: 1200 });
    await addProduct(herbs.id, "English Lavender", { age: 6, priceCents: 800, quantity: 0 });
    await addProduct(herbs.id, "Lavandula Seeds", { age: 8 });
    await addProduct(cacti.id, "Golden Barrel", { age: 9 });
    await addProduct(orchids.id, "Moth Plant", { age: 10 });
    await addProduct(flowering.id, "Peace Lily", { age: 11 });
    await addProduct(flowering.id, "Phalaenopsis Orchid", { age: 12 });
    await addProduct(foliage.id, "Peat 100% Pot_L", { age: 13 });
    // The ranking rules, one product each (the newest is the least relevant, so age cannot explain the order).
    await addProduct(foliage.id, "Fern", { age: 20 });
    await addProduct(foliage.id, "Fernleaf Yarrow", { age: 21 });
    await addProduct(foliage.id, "Tree Fern Dicksonia", { age: 22 });
    await addProduct(ferns, "Sheet Moss", { age: 23 });
    await addProduct(herbs.id, "Shade Compost", { age: 24, description: "Rich and moist, for ferns and hostas." });
    await synced();
    expect(t.shop.search.indexReady).toBe(searchIndex);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe("matching: every word, in any order, typos forgiven", () => {
    it("'lily peace' finds the Peace Lily: words in any order", async () => {
      expect(await namesForText("lily peace")).toEqual(["Peace Lily"]);
      expect(await namesForText("PEACE   lily")).toEqual(["Peace Lily"]);
    });

    it("every word must match: two words of different products find nothing", async () => {
      expect(await namesForText("lavender hidcote")).toEqual(["Lavender Hidcote"]);
      expect(await namesForText("monstera lavender")).toEqual([]);
    });

    it("the last word matches as a prefix while the shopper types: 'monst' finds the Monsteras", async () => {
      expect(await namesForText("monst")).toEqual(expect.arrayContaining(["Monstera Deliciosa", "Mini Monstera"]));
      expect(await namesForText("mini monst")).toEqual(["Mini Monstera"]);
      // Only the last word: a word before it must be whole.
      expect(await namesForText("mon mini")).toEqual([]);
    });

    it("typos are corrected against the catalogue's words: 'monstra', 'lavendar', 'orchd'", async () => {
      expect(await namesForText("monstra")).toEqual(expect.arrayContaining(["Monstera Deliciosa", "Mini Monstera"]));
      expect(await namesForText("lavendar")).toEqual(expect.arrayContaining(["Lavender Hidcote", "English Lavender"]));
      // 'orchd': the orchid in a name, and the Orchids category's product.
      expect(await namesForText("orchd")).toEqual(expect.arrayContaining(["Phalaenopsis Orchid", "Moth Plant"]));
      expect(await namesForText("mini monstra")).toEqual(["Mini Monstera"]);
    });

    it("words shorter than 4 letters are not corrected ('fen' is not 'fern')", async () => {
      expect(await namesForText("fen")).toEqual([]);
    });

    it("the category's name counts as the product's words, and the description too", async () => {
      expect(await namesForText("cacti")).toEqual(["Golden Barrel"]);
      expect(await namesForText("barrel succulents")).toEqual(["Golden Barrel"]);
      expect(await namesForText("hostas")).toEqual(["Shade Compost"]);
    });

    it("the spec's rule stays true: any product whose name or category's name contains the text is found", async () => {
      expect(await namesForText("ern")).toEqual(expect.arrayContaining(["Boston Fern", "Fern", "Tree Fern Dicksonia"]));
      expect(await namesForText("ucculents & Ca")).toEqual(["Golden Barrel"]);
      expect(await namesForText("100%")).toEqual(["Peat 100% Pot_L"]);
      expect(await namesForText("t_L")).toEqual(["Peat 100% Pot_L"]);
      expect(await namesForText("%%%%")).toEqual([]);
      expect(await namesForText("____")).toEqual([]);
    });

    it("the spec's REST search stays the substring rule alone", async () => {
      expect((await t.shop.catalog.list({ search: "monstra" })).map((product) => product.name)).toEqual([]);
      expect((await t.shop.catalog.list({ search: "lily peace" })).map((product) => product.name)).toEqual([]);
      expect((await t.shop.catalog.list({ search: "MONSTERA" })).map((product) => product.name)).toEqual(["Mini Monstera", "Monstera Deliciosa"]);
    });
  });

  describe("ranking: exact name, name starting with the text, all words in the name, category, the rest", () => {
    // 'fern': Fern (exact) < Fernleaf Yarrow (starts) < Tree Fern Dicksonia, Boston Fern (in the name, newest
    // first) < Sheet Moss (its category, Ferns & Mosses) < Shade Compost (its description).
    it("each rule in turn, whatever the products' ages", async () => {
      expect(await namesForText("fern")).toEqual(["Fern", "Fernleaf Yarrow", "Tree Fern Dicksonia", "Boston Fern", "Sheet Moss", "Shade Compost"]);
    });

    it("an exact name comes first even when other names start with it", async () => {
      expect((await namesForText("FERN"))[0]).toBe("Fern");
      expect((await namesForText("mini monstera"))[0]).toBe("Mini Monstera");
    });

    it("names starting with the text come before names merely holding its words", async () => {
      expect(await namesForText("lavender")).toEqual(["Lavender Hidcote", "English Lavender"]);
    });

    it("a name holding every word comes before a category match", async () => {
      expect(await namesForText("moss")).toEqual(["Sheet Moss"]);
      const mossy = await addProduct(ferns, "Spore Kit", { age: 30 });
      await synced();
      try {
        expect(await namesForText("moss")).toEqual(["Sheet Moss", "Spore Kit"]);
      } finally {
        await t.shop.prisma.product.delete({ where: { id: mossy } });
        await synced();
      }
    });

    it("corrected spellings come after the words as typed", async () => {
      // 'monstrous' is typed right: Monstrous Mint leads; nothing else is corrected to it.
      expect((await namesForText("monstrous"))[0]).toBe("Monstrous Mint");
      // 'monstra' is no word of the catalogue: all three are corrections, newest first.
      expect(await namesForText("monstra")).toEqual(["Monstrous Mint", "Mini Monstera", "Monstera Deliciosa"]);
    });

    it("ties go in the chosen sort: the spec's four sorts still apply", async () => {
      expect(await namesFor({ search: "monstra", sort: "PRICE_HIGHEST" })).toEqual(["Monstera Deliciosa", "Mini Monstera", "Monstrous Mint"]);
      expect(await namesFor({ search: "monstra", sort: "PRICE_LOWEST" })).toEqual(["Monstrous Mint", "Mini Monstera", "Monstera Deliciosa"]);
      // Rank first: the name starting with 'lavender' leads though dearer.
      expect(await namesFor({ search: "lavender", sort: "PRICE_LOWEST" })).toEqual(["Lavender Hidcote", "English Lavender"]);
    });
  });

  describe("pages of a search", () => {
    it("filters apply, and totalCount counts every match (along with the first page, no query of its own)", async () => {
      expect(await namesFor({ search: "lavendar", inStock: true })).toEqual(["Lavender Hidcote"]);
      expect(await namesFor({ search: "monstra", category: "herbs" })).toEqual(["Monstrous Mint"]);
      expect(await namesFor({ search: "monstra", category: "no such category" })).toEqual([]);
      expect((await found({ search: "fern" })).totalCount).toBe(6);
      const first = await found({ search: "fern", first: 2 });
      expect(first.totalCount).toBe(6);
      const withCount = await countQueries(() => t.gql(SEARCH, { search: "fern", first: 2 }));
      const withoutCount = await countQueries(() => t.gql(`query($s: String) { products(search: $s, first: 2) { nodes { id } } }`, { s: "fern" }));
      expect(withCount).toBe(withoutCount);
      // A later page counts with a query of its own, with the same answer.
      expect((await found({ search: "fern", first: 2, after: first.pageInfo.endCursor })).totalCount).toBe(6);
    });

    it("pages run across the ranks without repeating or skipping a product", async () => {
      for (const sort of ["DEFAULT", "PRICE_LOWEST", "HIGHEST_RATED"]) {
        const whole = await namesFor({ search: "fern", sort });
        const walked: string[] = [];
        let after: string | null = null;
        for (let pages = 0; pages < 10; pages += 1) {
          const page: Found["products"] = await found({ search: "fern", sort, first: 2, after });
          walked.push(...page.nodes.map((product) => product.name));
          if (!page.pageInfo.hasNextPage) break;
          after = page.pageInfo.endCursor;
        }
        expect(walked).toEqual(whole);
      }
    });

    it("a cursor of another search is refused", async () => {
      const first = await found({ search: "fern", first: 1 });
      expect(failure(await t.gql(SEARCH, { search: "moss", first: 1, after: first.pageInfo.endCursor })).code).toBe("BAD_USER_INPUT");
    });
  });

  describe("suggestions as you type, and 'Did you mean'", () => {
    const SUGGEST = `query($text: String!) { searchSuggestions(text: $text) { products { name price imageOne } categories { name } } }`;
    type Suggested = { searchSuggestions: { products: { name: string }[]; categories: { name: string }[] } };
    const suggest = async (text: string) => {
      const result = await t.gql<Suggested>(SUGGEST, { text });
      expect(result.errors).toBeUndefined();
      return result.data!.searchSuggestions;
    };

    it("up to 6 products, best first, and the matching categories", async () => {
      const orch = await suggest("orch");
      expect(orch.products.map((product) => product.name)).toEqual(["Phalaenopsis Orchid", "Moth Plant"]);
      expect(orch.categories.map((category) => category.name)).toEqual(["Orchids"]);
      expect((await suggest("fer")).categories.map((category) => category.name)).toEqual(["Ferns & Mosses"]);
      expect((await suggest("e")).products).toHaveLength(6);
      expect(await suggest("   ")).toEqual({ products: [], categories: [] });
    });

    it("'Did you mean' corrects the words the catalogue does not know", async () => {
      const didYouMean = async (text: string) => (await t.gql<{ didYouMean: string | null }>(`query($t: String!) { didYouMean(text: $t) }`, { t: text })).data!.didYouMean;
      expect(await didYouMean("monstera lavendar")).toBe("monstera lavender");
      expect(await didYouMean("monstera")).toBeNull();
      expect(await didYouMean("zzzz")).toBeNull();
    });
  });

  describe("the dictionary and the words stay in step with the catalogue", () => {
    it("a new product's words are found, typos and all; a renamed category's products under its new name", async () => {
      const category = await t.shop.prisma.category.create({ data: { name: "Rare Aroids" } });
      const id = await addProduct(category.id, "Zamioculcas Raven", { age: 40 });
      await synced();
      try {
        expect(await namesForText("zamiculcas")).toEqual(["Zamioculcas Raven"]);
        expect(await namesForText("aroids raven")).toEqual(["Zamioculcas Raven"]);
        await t.shop.prisma.category.update({ where: { id: category.id }, data: { name: "Jungle Finds" } });
        await synced();
        expect(await namesForText("jungle raven")).toEqual(["Zamioculcas Raven"]);
        expect(await namesForText("aroids raven")).toEqual([]);
        await t.shop.prisma.product.update({ where: { id }, data: { name: "Raven ZZ" } });
        await synced();
        expect(await namesForText("zz jungle")).toEqual(["Raven ZZ"]);
        expect(await namesForText("zamioculcas")).toEqual([]);
      } finally {
        await t.shop.prisma.product.delete({ where: { id } });
        await t.shop.prisma.category.delete({ where: { id: category.id } });
        await synced();
      }
    });

    it("rebuilding gives the same answers", async () => {
      const before = await namesForText("monstra");
      await t.shop.search.rebuild(t.shop.prisma);
      await synced();
      expect(await namesForText("monstra")).toEqual(before);
    });
  });

  describe("isolation: a bound on the searches in flight", () => {
    it("one search beyond the limit is answered 'busy, try again', and the next one runs", async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const gate = new SearchGate(1);
      const first = gate.run(() => held.then(() => "done"));
      await expect(gate.run(async () => "second")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: SEARCH_BUSY, retryAfterSeconds: 1 });
      release();
      expect(await first).toBe("done");
      expect(await gate.run(async () => "third")).toBe("third");
    });

    it("searches from the index wait their turn in a short queue, in order; beyond it, 'busy'", async () => {
      const gate = new SearchGate(1, 2);
      const releases: Array<() => void> = [];
      const ran: string[] = [];
      const held = (name: string) => () =>
        new Promise<string>((resolve) => releases.push(() => resolve(name))).then((done) => (ran.push(done), done));
      const first = gate.run(held("first"));
      const second = gate.run(held("second"));
      const third = gate.run(held("third"));
      await expect(gate.run(async () => "fourth")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: SEARCH_BUSY });
      expect(releases).toHaveLength(1);
      releases[0]();
      expect(await first).toBe("first");
      await new Promise((resolve) => setImmediate(resolve));
      expect(releases).toHaveLength(2);
      releases[1]();
      expect(await second).toBe("second");
      await new Promise((resolve) => setImmediate(resolve));
      releases[2]();
      expect(await third).toBe("third");
      expect(ran).toEqual(["first", "second", "third"]);
      expect(gate.inFlight).toBe(0);
    });

    it("a search the database cancelled (statement timeout) is answered 'busy', not as a failure of the shop", async () => {
      const cancelled = Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
      const search = new SearchService(async () => {
        throw cancelled;
      });
      await expect(search.suggestions("fern")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: SEARCH_BUSY });
    });
  });

  describe("admin list: name is a case-insensitive part of the product's name only", () => {
    it("matches names, not categories, and no close spellings", async () => {
      expect(await namesFor({ name: "MONSTERA" })).toEqual(["Mini Monstera", "Monstera Deliciosa"]);
      expect(await namesFor({ name: "monstra" })).toEqual([]);
      expect(await namesFor({ name: "herbs" })).toEqual([]);
      expect(await namesFor({ name: "t_l" })).toEqual(["Peat 100% Pot_L"]);
      expect(await namesFor({ name: "_" })).toEqual(["Peat 100% Pot_L"]);
      expect((await found({ name: "lavend" })).totalCount).toBe(2);
    });

    it("refuses a name longer than 255 characters", async () => {
      expect(failure(await t.gql(SEARCH, { name: "x".repeat(256) })).fields).toEqual({ name: ["The name may not be greater than 255 characters."] });
    });
  });
});
