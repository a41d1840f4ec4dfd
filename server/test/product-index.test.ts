// The in-memory search index (domain/search/product-index.ts), on PGlite and on PostgreSQL:
// - it answers exactly as SQL does: the same products in the same order, page after page (each way's
//   cursors serve the other), the same totals and filter counts, over a generated catalogue with shared
//   words, prefixes, typos, substrings, ties and every sort and filter; and for pages without a text;
// - it follows the catalogue: the events name the products a write touched, and the index applies them
//   (prices, stock, names, deletions); a category write or a gap in delivery rebuilds it; while it is
//   behind, it does not answer (search runs in SQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogService, type ProductPageOptions } from "../src/domain/catalog/index.js";
import type { DeliveryNews, EventBus, ShopEvent, ShopEventListener } from "../src/domain/shared/shop-events.js";
import { ProductIndex, wordsOfVector } from "../src/domain/search/product-index.js";
import { SearchService } from "../src/domain/search/service.js";
import { createTestShop, searchCaughtUp, type TestShop } from "./support.js";

let t: TestShop;
/** The shop's own catalogue service, searching from its index; and one searching in SQL only. */
let indexed: CatalogService;
let inSql: CatalogService;
const categoryIds: number[] = [];

const CATEGORIES = ["Ferns & Mosses", "Indoor Plants", "Herbs", "Garden Tools", "Succulents & Cacti", "Pots"];
const FIRST = ["Boston", "Golden", "Mini", "Peace", "English", "Tree", "Moth", "Silver", "Giant", "Dwarf", "Royal", "Fern"];
const SECOND = ["Fern", "Lily", "Monstera", "Lavender", "Orchid", "Cactus", "Mint", "Basil", "Trowel", "Pot", "Moss", "Palm", "Fernleaf"];
const DESCRIPTIONS = ["Grows well.", "For ferns and hostas.", "A lily for shade.", "Hardy and easy.", "Smells of mint, 100% natural."];

/** A repeatable sequence of numbers (the catalogue is the same at every run). */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % below;
  };
}

beforeAll(async () => {
  t = await createTestShop({ searchIndex: true });
  for (const name of CATEGORIES) categoryIds.push((await t.shop.prisma.category.create({ data: { name } })).id);
  const pick = numbers(17);
  const start = Date.parse("2025-01-01T00:00:00Z");
  // One statement for them all: more products than an event names, so the index is rebuilt from scratch.
  await t.shop.prisma.product.createMany({
    data: Array.from({ length: 1200 }, (_, index) => {
      const priceCents = 200 + pick(15_000);
      const rated = pick(4);
      return {
        slug: `index-${index}`,
        name: `${FIRST[pick(FIRST.length)]} ${SECOND[pick(SECOND.length)]}${pick(5) === 0 ? ` ${index}` : ""}`,
        description: DESCRIPTIONS[pick(DESCRIPTIONS.length)],
        categoryId: categoryIds[pick(categoryIds.length)],
        priceCents,
        discountPriceCents: pick(4) === 0 ? Math.floor(priceCents / 2) : null,
        quantity: pick(3) === 0 ? 0 : pick(20),
        imageOne: "/uploads/index.png",
        ratingSum: rated * (1 + pick(5)),
        peopleRated: rated,
        // Ties in time on purpose: the id decides between them.
        createdAt: new Date(start + pick(300) * 60_000),
      };
    }),
  });
  // Every ninth product comes in three variants: a cheaper pot (sometimes sold out) and a dearer one
  // (sometimes not on sale). Its listed price (the lowest on sale) and its stock (any variant on sale) then
  // differ from its default variant's, and both ways must list it alike.
  // Their variants stand for a pot size, and every other such product's also for a colour: the option filters.
  const made = await t.shop.prisma.product.findMany({ select: { id: true, priceCents: true }, orderBy: { id: "asc" } });
  for (const [position, product] of made.filter((_, index) => index % 9 === 0).entries()) {
    await t.shop.prisma.productVariant.createMany({
      data: [
        { productId: product.id, sku: `IDX-${product.id}-S`, priceCents: Math.max(100, product.priceCents - 100 - pick(800)), quantity: pick(2) * 4, position: 1, updatedAt: new Date() },
        { productId: product.id, sku: `IDX-${product.id}-L`, priceCents: product.priceCents + 500, discountPriceCents: pick(2) === 0 ? product.priceCents : null, quantity: pick(3), position: 2, enabled: pick(3) !== 0, updatedAt: new Date() },
      ],
    });
    const variants = await t.shop.prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
    const sizes = ["12 cm", "17 cm", "24 cm", "100 cm"].slice(pick(2), undefined);
    const size = await t.shop.prisma.productOption.create({ data: { productId: product.id, name: "Pot size", values: { create: sizes.slice(0, 3).map((value, index) => ({ value, position: index })) } }, include: { values: true } });
    const colour = position % 2 === 0 ? await t.shop.prisma.productOption.create({ data: { productId: product.id, name: "Colour", position: 1, values: { create: [{ value: "White" }, { value: "Sand" }] } }, include: { values: true } }) : null;
    await t.shop.prisma.productVariantValue.createMany({
      data: variants.flatMap((variant, index) => [
        { variantId: variant.id, optionId: size.id, valueId: size.values[index].id },
        ...(colour ? [{ variantId: variant.id, optionId: colour.id, valueId: colour.values[index % 2].id }] : []),
      ]),
    });
  }
  const [differs] = await t.shop.prisma.$queryRaw<{ cheaper: number; stocked: number }[]>`
    SELECT count(*) FILTER (WHERE unit_price_min_cents < COALESCE(discount_price_cents, price_cents))::int AS cheaper,
           count(*) FILTER (WHERE quantity = 0 AND stock_total > 0)::int AS stocked
    FROM products`;
  expect(differs.cheaper).toBeGreaterThan(10);
  expect(differs.stocked).toBeGreaterThan(0);
  await searchCaughtUp(t);
  expect(t.shop.search.indexReady).toBe(true);
  indexed = t.shop.catalog;
  inSql = new CatalogService(t.shop.prisma, t.shop.images, t.db.readRows, new SearchService(t.db.searchRows));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every product of a list, walked in pages of 40 alternating between both ways' cursors, and each page's total. */
async function walked(options: ProductPageOptions, by: CatalogService, other: CatalogService) {
  const ids: number[] = [];
  const totals = new Set<number>();
  let after: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const found = await (page % 2 === 0 ? by : other).page({ ...options, first: 40, after });
    ids.push(...found.edges.map((edge) => edge.node.id));
    totals.add(await found.totalCount());
    if (!found.hasNextPage) break;
    after = found.endCursor;
  }
  return { ids, totals: [...totals] };
}

/** The first page of 24 of a list, as ids, with its total. */
async function firstPage(options: ProductPageOptions, by: CatalogService) {
  const found = await by.page({ ...options, first: 24 });
  return { ids: found.edges.map((edge) => edge.node.id), more: found.hasNextPage, total: await found.totalCount() };
}

const SORTS = ["default", "price-lowest", "price-highest", "highest-rated"] as const;
const TEXTS = ["fern", "lily peace", "monstra", "lav", "xylophone", "ern", "Fern 1", "moss", "ferns", "e", "fernleaf mini", "100%", "  GOLDEN  ", "cacti pot", "orchd", "mint mint"];

describe("the index answers as SQL does", () => {
  it("every text, every sort: the same products in the same order, the same totals (first pages)", async () => {
    for (const search of TEXTS) {
      for (const sort of SORTS) {
        const options = { search, sort };
        expect(await firstPage(options, indexed), `${search} / ${sort}`).toEqual(await firstPage(options, inSql));
      }
    }
  });

  it("walked page by page, each way's cursors serving the other, under filters", async () => {
    const filters: ProductPageOptions[] = [
      {},
      { inStock: true },
      { discounted: true, sort: "price-lowest" },
      { category: "ferns & mosses", sort: "highest-rated" },
      { minPrice: 1000, maxPrice: 5000, inStock: false },
      { category: "Pots", discounted: false, minPrice: 2500, sort: "price-highest" },
      { options: [{ name: "Pot size", value: "17 cm" }] },
      { options: [{ name: "Pot size", value: "12 cm" }, { name: "Pot size", value: "100 cm" }, { name: "Colour", value: "Sand" }], sort: "price-lowest" },
    ];
    for (const search of ["fern", "lily", "pot", "monstra"]) {
      for (const filter of filters) {
        const options = { search, ...filter };
        const sqlWay = await walked(options, inSql, inSql);
        expect(sqlWay.totals).toEqual([sqlWay.ids.length]);
        expect(await walked(options, indexed, inSql), JSON.stringify(options)).toEqual(sqlWay);
      }
    }
  });

  it("pages without a text (the catalogue, a category): the same pages and totals", async () => {
    for (const filter of [
      {},
      { category: "Herbs" },
      { category: "HERBS", inStock: true, sort: "price-lowest" as const },
      { discounted: true, sort: "highest-rated" as const },
      { category: "No such" },
      { options: [{ name: "Colour", value: "White" }], sort: "price-highest" as const },
    ]) {
      expect(await walked(filter, indexed, inSql), JSON.stringify(filter)).toEqual(await walked(filter, inSql, inSql));
    }
  });

  it("the filters' counts, each under the others, with and without a text", async () => {
    const chosen: ProductPageOptions[] = [
      {},
      { inStock: true },
      { category: "Herbs", discounted: true },
      { minPrice: 1000, maxPrice: 2500 },
      { category: "none at all" },
      { options: [{ name: "Pot size", value: "24 cm" }] },
      { options: [{ name: "Pot size", value: "12 cm" }, { name: "Pot size", value: "17 cm" }, { name: "Colour", value: "White" }], inStock: true },
      { options: [{ name: "No such", value: "thing" }] },
    ];
    for (const search of ["fern", "lily peace", "e", "xylophone", ""]) {
      for (const filter of chosen) {
        const options = { search, ...filter };
        const sqlCounts = await inSql.filterCounts(options);
        expect(await indexed.filterCounts(options), JSON.stringify(options)).toEqual(sqlCounts);
        if (search === "" && !filter.category && filter.options?.[0]?.name !== "No such") expect(sqlCounts.options.map((option) => option.name), JSON.stringify(options)).toEqual(["Pot size", "Colour"]);
      }
    }
  });

  it("reads a product's words as the database wrote them: weights, quotes, backslashes", () => {
    expect(wordsOfVector(`'fern':1A,4C 'it''s':2 'a\\\\b':3B 'pot'`)).toEqual(
      new Map([
        ["fern", 1 | 4],
        ["it's", 8],
        ["a\\b", 2],
        ["pot", 8],
      ]),
    );
  });
});

describe("the index follows the catalogue", () => {
  const heard: Extract<ShopEvent, { type: "catalogueChanged" }>[] = [];
  beforeAll(() => {
    t.shop.events.listen((event) => {
      if (event.type === "catalogueChanged") heard.push(event);
    });
  });

  const names = async (options: ProductPageOptions) => (await indexed.page({ ...options, first: 100 })).edges.map((edge) => edge.node.name);

  it("a write names the products it touched; regions and pictures name none; categories leave them unnamed (anything)", async () => {
    const product = await t.shop.prisma.product.findFirstOrThrow({ where: { slug: "index-3" } });
    heard.length = 0;
    await t.shop.prisma.product.update({ where: { id: product.id }, data: { quantity: { increment: 1 } } });
    await t.shop.prisma.region.create({ data: { name: "Index Town", feeCents: 500 } });
    await t.shop.prisma.category.update({ where: { id: categoryIds[5] }, data: { name: "Plant Pots" } });
    await searchCaughtUp(t);
    expect(heard.slice(0, 2)).toEqual([
      { type: "catalogueChanged", products: [product.id] },
      { type: "catalogueChanged", products: [] },
    ]);
    // The renamed category's products have new words (a statement of their own), and the category itself names none.
    expect(heard.slice(2).some((event) => event.products === undefined)).toBe(true);
    expect(await indexed.page({ search: "plant pots", first: 1 }).then((page) => page.totalCount())).toBeGreaterThan(0);
    expect(t.shop.search.indexReady).toBe(true);
  });

  it("prices, stock, names and deletions reach its answers", async () => {
    const product = await t.shop.prisma.product.create({
      data: { slug: "index-new", name: "Quokka Fern", description: "New.", categoryId: categoryIds[0], priceCents: 100, quantity: 0, imageOne: "/uploads/index.png" },
    });
    await searchCaughtUp(t);
    expect(await names({ search: "quokka" })).toEqual(["Quokka Fern"]);
    // A piece of a name that is no word's start: found by the names holding it (kept per text between writes).
    expect(await names({ search: "okka" })).toEqual(["Quokka Fern"]);
    expect(await names({ search: "quokka", inStock: true })).toEqual([]);
    // The cheapest (ties on price go newest first), on its category's page.
    expect((await names({ category: "Ferns & Mosses", sort: "price-lowest" }))[0]).toBe("Quokka Fern");

    await t.shop.prisma.product.update({ where: { id: product.id }, data: { quantity: 4, priceCents: 999_999 } });
    await searchCaughtUp(t);
    expect(await names({ search: "quokka", inStock: true })).toEqual(["Quokka Fern"]);
    expect((await names({ category: "Ferns & Mosses", sort: "price-highest" }))[0]).toBe("Quokka Fern");
    expect((await indexed.filterCounts({ search: "quokka", minPrice: 100_000 })).total).toBe(1);

    await t.shop.prisma.product.update({ where: { id: product.id }, data: { name: "Wallaby Palm" } });
    await searchCaughtUp(t);
    expect(await names({ search: "quokka" })).toEqual([]);
    expect(await names({ search: "okka" })).toEqual([]);
    expect(await names({ search: "wallaby" })).toEqual(["Wallaby Palm"]);
    expect(await names({ search: "allab" })).toEqual(["Wallaby Palm"]);

    await t.shop.prisma.product.delete({ where: { id: product.id } });
    await searchCaughtUp(t);
    expect(await names({ search: "wallaby" })).toEqual([]);
    expect(await names({ search: "allab" })).toEqual([]);
    expect(t.shop.search.indexReady).toBe(true);
  });
});

/** An event bus this test drives by hand: what the index hears, and when delivery stops and resumes. */
function handDrivenBus() {
  const listeners = new Set<ShopEventListener>();
  const watchers = new Set<(news: DeliveryNews) => void>();
  let listening = true;
  const bus: EventBus = {
    publish: async () => undefined,
    listen: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    listenerCount: () => listeners.size,
    watchDelivery: (watcher) => (watchers.add(watcher), () => watchers.delete(watcher)),
    deliveryState: () => ({ listening, reconnects: 0, lastHeardAt: Date.now() }),
    close: async () => undefined,
  };
  return {
    bus,
    hear: (event: ShopEvent) => listeners.forEach((listener) => listener(event)),
    news: (news: DeliveryNews) => {
      listening = news === "resumed";
      watchers.forEach((watcher) => watcher(news));
    },
  };
}

describe("the index does not answer from a catalogue it knows to be out of date", () => {
  it("behind a heard change until it is applied; not at all while deaf; rebuilt once hearing again", async () => {
    const driven = handDrivenBus();
    const index = new ProductIndex(t.db.readRows, driven.bus);
    expect(index.ready()).toBeNull(); // building
    await index.settled();
    const query = { text: "kiwi", words: [{ word: "kiwi", last: true, corrections: [] }], containing: [], category: null, inStock: null, discounted: null, minPrice: null, maxPrice: null, options: [], sort: "default" as const };
    expect(index.ready()!.page(query, null, 10).ids).toEqual([]);

    const kiwi = await t.shop.prisma.product.create({
      data: { slug: "index-kiwi", name: "Kiwi Vine", description: "Climbs.", categoryId: categoryIds[1], priceCents: 1500, quantity: 3, imageOne: "/uploads/index.png" },
    });
    driven.hear({ type: "catalogueChanged", products: [kiwi.id] });
    expect(index.ready()).toBeNull();
    await index.settled();
    expect(index.ready()!.page(query, null, 10).ids).toEqual([kiwi.id]);

    // Deaf: whatever happens meanwhile is unknown, so nothing is answered...
    driven.news("interrupted");
    expect(index.ready()).toBeNull();
    await t.shop.prisma.product.update({ where: { id: kiwi.id }, data: { quantity: 0 } });
    // ...and once hearing again, the whole catalogue is read again: the unheard write is in.
    driven.news("resumed");
    expect(index.ready()).toBeNull();
    await index.settled();
    expect(index.ready()!.page({ ...query, inStock: false }, null, 10).ids).toEqual([kiwi.id]);

    index.stop();
    await t.shop.prisma.product.delete({ where: { id: kiwi.id } });
  });
});
