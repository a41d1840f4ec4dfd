// What the search index answers: a page of matching products in the search's order (rank, then the
// chosen sort, newest first, then by id, like the SQL keys, so cursors of one serve the other), and how
// many products each filter would show.
import { PRICE_RANGES, type FilterCounts, type ProductSortOrder } from "../catalog/index.js";
import type { KeyValue } from "../shared/index.js";
import { type Catalogue, type IndexPage, type IndexQuery } from "./index-catalogue.js";

type Direction = 1 | -1;
/** The sort keys after the rank, as (value of a slot, direction): the SQL search's SORT_KEYS. */
function sortKeysOf(catalogue: Catalogue, sort: ProductSortOrder): Array<{ value: (slot: number) => number; direction: Direction; kind: "int" | "float" | "time" }> {
  const newest = [
    { value: (slot: number) => catalogue.createdMs[slot], direction: -1 as Direction, kind: "time" as const },
    { value: (slot: number) => catalogue.ids[slot], direction: -1 as Direction, kind: "int" as const },
  ];
  switch (sort) {
    case "price-highest":
    case "price-lowest":
      return [{ value: (slot) => catalogue.unitPrice(slot), direction: sort === "price-lowest" ? 1 : -1, kind: "int" }, ...newest];
    case "highest-rated":
      return [
        { value: (slot) => catalogue.averageRating(slot), direction: -1, kind: "float" },
        { value: (slot) => catalogue.peopleRated[slot], direction: -1, kind: "int" },
        ...newest,
      ];
    default:
      return newest;
  }
}

/** Whether a slot passes the chosen filters (each may be left out, for counting it under the others). */
function filtersOf(catalogue: Catalogue, query: IndexQuery) {
  const { category, inStock, discounted, minPrice, maxPrice } = query;
  return {
    category: (slot: number) => category === null || catalogue.categoryIds[slot] === category,
    stock: (slot: number) => inStock === null || catalogue.quantities[slot] > 0 === inStock,
    discount: (slot: number) => discounted === null || catalogue.discountCents[slot] >= 0 === discounted,
    price: (slot: number) => {
      const cents = catalogue.unitPrice(slot);
      return (minPrice === null || cents >= minPrice) && (maxPrice === null || cents < maxPrice);
    },
  };
}

/** Whether a slot passes every chosen filter. */
function passes(catalogue: Catalogue, query: IndexQuery, slot: number): boolean {
  if (query.category !== null && catalogue.categoryIds[slot] !== query.category) return false;
  if (query.inStock !== null && catalogue.quantities[slot] > 0 !== query.inStock) return false;
  if (query.discounted !== null && catalogue.discountCents[slot] >= 0 !== query.discounted) return false;
  if (query.minPrice === null && query.maxPrice === null) return true;
  const cents = catalogue.unitPrice(slot);
  return (query.minPrice === null || cents >= query.minPrice) && (query.maxPrice === null || cents < query.maxPrice);
}

/** The order of a list (rank, then the sort's keys), between two slots: negative when `a` comes first. */
function orderOf(catalogue: Catalogue, sort: ProductSortOrder): (a: number, rankA: number, b: number, rankB: number) => number {
  const { createdMs, ids } = catalogue;
  const newest = (a: number, b: number) => createdMs[b] - createdMs[a] || ids[b] - ids[a];
  switch (sort) {
    case "price-lowest":
      return (a, rankA, b, rankB) => rankA - rankB || catalogue.unitPrice(a) - catalogue.unitPrice(b) || newest(a, b);
    case "price-highest":
      return (a, rankA, b, rankB) => rankA - rankB || catalogue.unitPrice(b) - catalogue.unitPrice(a) || newest(a, b);
    case "highest-rated":
      return (a, rankA, b, rankB) =>
        rankA - rankB || Math.sign(catalogue.averageRating(b) - catalogue.averageRating(a)) || catalogue.peopleRated[b] - catalogue.peopleRated[a] || newest(a, b);
    default:
      return (a, rankA, b, rankB) => rankA - rankB || newest(a, b);
  }
}

/** A page of the query's matches after the cursor (`after`: the SQL search's key values), best first. */
export function pageOfMatches(catalogue: Catalogue, query: IndexQuery, after: KeyValue[] | null, limit: number): IndexPage {
  const { slots, ranks } = catalogue.matching(query);
  const keys = sortKeysOf(catalogue, query.sort);
  const order = orderOf(catalogue, query.sort);
  // After the cursor: its values compared key by key (rank first), as SQL's row comparison does.
  const cursor = after?.map((value) => (value instanceof Date ? value.getTime() : Number(value))) ?? null;
  const afterCursor = (slot: number, rank: number) => {
    if (rank !== cursor![0]) return rank > cursor![0];
    for (let key = 0; key < keys.length; key += 1) {
      const value = keys[key].value(slot);
      if (value !== cursor![key + 1]) return (value < cursor![key + 1] ? -1 : 1) * keys[key].direction > 0;
    }
    return false;
  };
  let total = 0;
  // The best `limit` after the cursor, kept in order. Walked from the newest slots (products are mostly
  // added in the order they were created), so in the usual newest-first order most lose at once.
  const best: number[] = [];
  const bestRanks: number[] = [];
  for (let index = slots.length - 1; index >= 0; index -= 1) {
    const slot = slots[index];
    if (!passes(catalogue, query, slot)) continue;
    total += 1;
    const rank = ranks[index];
    if (cursor && !afterCursor(slot, rank)) continue;
    if (best.length === limit && order(slot, rank, best[limit - 1], bestRanks[limit - 1]) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (order(best[middle], bestRanks[middle], slot, rank) < 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, slot);
    bestRanks.splice(low, 0, rank);
    if (best.length > limit) {
      best.pop();
      bestRanks.pop();
    }
  }
  return {
    ids: best.map((slot) => catalogue.ids[slot]),
    keys: best.map((slot, position) => [bestRanks[position], ...keys.map((key) => (key.kind === "time" ? new Date(key.value(slot)) : key.value(slot)))]),
    total,
  };
}

/** The filters' counts (domain/product-filters.ts) over the query's matches, each under the other filters. */
export function countsOfMatches(catalogue: Catalogue, query: IndexQuery, byCategory: boolean): FilterCounts {
  const { slots } = catalogue.matching(query);
  const filters = filtersOf(catalogue, query);
  const bands = PRICE_RANGES.map(() => 0);
  const perCategory = new Map<number, number>();
  let total = 0;
  let inStock = 0;
  let discounted = 0;
  for (const slot of slots) {
    const category = filters.category(slot);
    const stock = filters.stock(slot);
    const discount = filters.discount(slot);
    const price = filters.price(slot);
    if (category && stock && discount && price) total += 1;
    if (category && discount && price && catalogue.quantities[slot] > 0) inStock += 1;
    if (category && stock && price && catalogue.discountCents[slot] >= 0) discounted += 1;
    if (category && stock && discount) {
      const cents = catalogue.unitPrice(slot);
      PRICE_RANGES.forEach((range, index) => {
        if (cents >= range.min && (range.max === null || cents < range.max)) bands[index] += 1;
      });
    }
    if (byCategory && stock && discount && price) perCategory.set(catalogue.categoryIds[slot], (perCategory.get(catalogue.categoryIds[slot]) ?? 0) + 1);
  }
  const categories = [...perCategory]
    .flatMap(([id, count]) => {
      const category = catalogue.categories.get(id);
      return category ? [{ category, count }] : [];
    })
    .sort((a, b) => b.count - a.count || a.category.name.localeCompare(b.category.name));
  return { total, inStock, discounted, priceRanges: PRICE_RANGES.map((range, index) => ({ ...range, count: bands[index] })), categories };
}
