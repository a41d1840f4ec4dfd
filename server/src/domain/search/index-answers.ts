// What the search index answers: a page of matching products in the search's order (rank, then the
// chosen sort, newest first, then by id, like the SQL keys, so cursors of one serve the other), and how
// many products each filter would show.
//
// Neither sorts the matches nor builds anything per match. The page keeps the best `limit` of each rank
// in turn (a short sorted list: a match that does not beat the last one held costs one comparison of
// numbers), stopping at the rank that fills it; totals and the filters' counts are counted over sets of
// slots as bits (bitsets.ts): the matches, the chosen filters, and the catalogue's own sets of products in
// stock, discounted, in each price range and in each category, 32 products an operation.
import { groupChoices, optionFacets, PRICE_RANGES, type FilterCounts, type OptionChoice, type ProductSortOrder } from "../catalog/index.js";
import type { KeyValue } from "../shared/index.js";
import { andInto, bitsIn, copyInto, every, orInto, ScratchBits } from "./bitsets.js";
import { optionKey, type Catalogue, type IndexPage, type IndexQuery } from "./index-catalogue.js";
import { matchesOf } from "./index-matching.js";

const scratch = {
  category: new ScratchBits(),
  stock: new ScratchBits(),
  discount: new ScratchBits(),
  price: new ScratchBits(),
  options: new ScratchBits(),
  facetBase: new ScratchBits(),
  counted: new ScratchBits(),
  countedWords: new Int32Array(0),
};

/** The chosen filters, each as the set of products it lets through (every product when not chosen). */
function filtersOf(catalogue: Catalogue, query: IndexQuery, words: number) {
  const everything = every(words);
  let category = everything;
  if (query.category !== null) {
    category = scratch.category.empty(words);
    const postings = catalogue.categorySlots.get(query.category);
    if (postings?.any) copyInto(category, postings.any, words);
    else if (postings) for (let index = 0; index < postings.length; index += 1) setIn(category, postings.entries[index] >> 4);
  }
  const stock = query.inStock === null ? everything : query.inStock ? catalogue.inStock : inverted(scratch.stock, catalogue.inStock, words);
  const discount = query.discounted === null ? everything : query.discounted ? catalogue.discounted : inverted(scratch.discount, catalogue.discounted, words);
  const options = query.options.length ? optionFilter(scratch.options.empty(words), catalogue, query.options, words, null) : everything;
  return { category, stock, discount, price: priceFilter(catalogue, query, words, everything), options };
}

/**
 * The products with a variant on sale of one of each option's chosen values (catalog's groupChoices), into
 * `target` (empty); `except` leaves one option's choice out (its own facet is counted without it).
 */
function optionFilter(target: Uint32Array, catalogue: Catalogue, choices: readonly OptionChoice[], words: number, except: string | null): Uint32Array {
  let first = true;
  const either = new Uint32Array(words);
  for (const [name, values] of groupChoices(choices)) {
    if (name === except) continue;
    either.fill(0);
    for (const value of values) {
      const entry = catalogue.optionValues.get(optionKey(name, value));
      if (entry) orInto(either, entry.bits, words);
    }
    if (first) copyInto(target, either, words);
    else andInto(target, either, words);
    first = false;
  }
  if (first) target.fill(0xffffffff, 0, words);
  return target;
}

function setIn(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5] |= 1 << (slot & 31);
}

function inverted(into: ScratchBits, bits: Uint32Array, words: number): Uint32Array {
  const target = into.empty(words);
  copyInto(target, bits, words, true);
  return target;
}

/** The products whose price is in [minPrice, maxPrice): price ranges' sets when it is a run of them, else read. */
function priceFilter(catalogue: Catalogue, query: IndexQuery, words: number, everything: Uint32Array): Uint32Array {
  const { minPrice, maxPrice } = query;
  if (minPrice === null && maxPrice === null) return everything;
  const target = scratch.price.empty(words);
  // Prices are never below 0 (the database's checks): no lower bound is the first range's.
  const first = PRICE_RANGES.findIndex((range) => range.min === (minPrice ?? 0));
  const last = PRICE_RANGES.findIndex((range, index) => index >= first && range.max === maxPrice);
  if (first >= 0 && last >= 0) {
    for (let index = first; index <= last; index += 1) {
      const bits = catalogue.priceRanges[index];
      for (let word = 0; word < words; word += 1) target[word] |= bits[word];
    }
    return target;
  }
  const unit = catalogue.unitCents;
  for (let slot = 0; slot < catalogue.size; slot += 1) {
    if ((minPrice === null || unit[slot] >= minPrice) && (maxPrice === null || unit[slot] < maxPrice)) setIn(target, slot);
  }
  return target;
}

type Direction = 1 | -1;
/** The sort keys after the rank, as (value of a slot, direction): the SQL search's SORT_KEYS. */
function sortKeysOf(catalogue: Catalogue, sort: ProductSortOrder): Array<{ values: Int32Array | Float64Array; direction: Direction; time: boolean }> {
  const newest = [
    { values: catalogue.createdMs, direction: -1 as Direction, time: true },
    { values: catalogue.ids, direction: -1 as Direction, time: false },
  ];
  switch (sort) {
    case "price-highest":
    case "price-lowest":
      return [{ values: catalogue.unitCents, direction: sort === "price-lowest" ? 1 : -1, time: false }, ...newest];
    case "highest-rated":
      return [{ values: catalogue.ratings, direction: -1, time: false }, { values: catalogue.peopleRated, direction: -1, time: false }, ...newest];
    default:
      return newest;
  }
}

/** Whether slot `a` comes before slot `b` (of the same rank) in the list's order: its keys compared in turn. */
function comesBefore(keys: ReturnType<typeof sortKeysOf>) {
  return (a: number, b: number): boolean => {
    for (const { values, direction } of keys) {
      if (values[a] !== values[b]) return (values[a] < values[b]) === (direction === 1);
    }
    return false;
  };
}

/** Per word of the sets, the best first key any of its slots has (Catalogue's newestOf...): for the sort's first key. */
function boundsOf(catalogue: Catalogue, sort: ProductSortOrder): Int32Array | Float64Array {
  switch (sort) {
    case "price-lowest":
      return catalogue.cheapestOf;
    case "price-highest":
      return catalogue.dearestOf;
    case "highest-rated":
      return catalogue.bestRatedOf;
    default:
      return catalogue.newestOf;
  }
}

/** A page of the query's matches after the cursor (`after`: the SQL search's key values), best first. */
export function pageOfMatches(catalogue: Catalogue, query: IndexQuery, after: KeyValue[] | null, limit: number): IndexPage {
  const { all, tiers, held, heldWords, words } = matchesOf(catalogue, query);
  const { category, stock, discount, price, options } = filtersOf(catalogue, query, words);
  let total = 0;
  for (let index = 0; index < heldWords; index += 1) {
    const word = held[index];
    total += bitsIn(all[word] & category[word] & stock[word] & discount[word] & price[word] & options[word]);
  }
  const keys = sortKeysOf(catalogue, query.sort);
  const before = comesBefore(keys);
  // After the cursor: its values compared key by key (rank first), as SQL's row comparison does.
  const cursor = after?.map((value) => (value instanceof Date ? value.getTime() : Number(value))) ?? null;
  const afterCursor = (slot: number) => {
    for (let key = 0; key < keys.length; key += 1) {
      const value = keys[key].values[slot];
      if (value !== cursor![key + 1]) return (value < cursor![key + 1] ? -1 : 1) * keys[key].direction > 0;
    }
    return false;
  };
  // The first key decides most comparisons: once `limit` are held, a match whose first key is worse than
  // the last one's is passed over without a call, and so are 32 at once when none of them can beat it.
  const { values: first, direction } = keys[0];
  const bounds = boundsOf(catalogue, query.sort);
  const best = new Int32Array(limit);
  const bestRanks = new Uint8Array(limit);
  let taken = 0;
  let worst = 0;
  for (let rank = 0; rank < tiers.length && taken < limit; rank += 1) {
    const tier = tiers[rank];
    if (!tier || (cursor && rank < cursor[0])) continue;
    const onCursor = cursor !== null && rank === cursor[0];
    const fromHere = taken;
    // From the newest slots (products are mostly added in the order they were created): in the usual
    // newest-first order, most matches lose at once.
    for (let index = heldWords - 1; index >= 0; index -= 1) {
      const word = held[index];
      if (taken === limit && (direction === 1 ? bounds[word] > worst : bounds[word] < worst)) continue;
      let bits = tier[word] & category[word] & stock[word] & discount[word] & price[word] & options[word];
      while (bits !== 0) {
        const bit = 31 - Math.clz32(bits);
        bits ^= 1 << bit;
        const slot = (word << 5) | bit;
        if (taken === limit) {
          if (direction === 1 ? first[slot] > worst : first[slot] < worst) continue;
          if (first[slot] === worst && !before(slot, best[limit - 1])) continue;
        }
        if (onCursor && !afterCursor(slot)) continue;
        let low = fromHere;
        let high = taken;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (before(best[middle], slot)) low = middle + 1;
          else high = middle;
        }
        if (taken < limit) taken += 1;
        best.copyWithin(low + 1, low, taken - 1);
        best[low] = slot;
        worst = first[best[taken - 1]];
      }
    }
    bestRanks.fill(rank, fromHere, taken);
  }
  const slots = [...best.subarray(0, taken)];
  return {
    ids: slots.map((slot) => catalogue.ids[slot]),
    keys: slots.map((slot, position) => [bestRanks[position], ...keys.map((key) => (key.time ? new Date(key.values[slot]) : key.values[slot]))]),
    total,
  };
}

/** The filters' counts (domain/product-filters.ts) over the query's matches, each under the other filters. */
export function countsOfMatches(catalogue: Catalogue, query: IndexQuery, byCategory: boolean): FilterCounts {
  const { words, all, held, heldWords } = matchesOf(catalogue, query);
  const { category, stock, discount, price, options } = filtersOf(catalogue, query, words);
  const { inStock: inStockBits, discounted: discountedBits, priceRanges } = catalogue;
  const ranges = priceRanges.length;
  const bands = new Array<number>(ranges).fill(0);
  let total = 0;
  let inStock = 0;
  let discounted = 0;
  // Under the filters but the category's (for the categories' counts), and the words holding any.
  const counted = scratch.counted.empty(words);
  if (scratch.countedWords.length < words) scratch.countedWords = new Int32Array(Math.ceil(words * 1.25) + 32);
  const countedWords = scratch.countedWords;
  let nonEmpty = 0;
  // Under every filter but the options' (each option's values are counted under the others' choices).
  const facetBase = scratch.facetBase.empty(words);
  for (let index = 0; index < heldWords; index += 1) {
    const word = held[index];
    facetBase[word] = all[word] & category[word] & stock[word] & discount[word] & price[word];
    const matching = all[word] & options[word];
    const withCategory = matching & category[word];
    const withStock = stock[word];
    const withDiscount = discount[word];
    const withPrice = price[word];
    total += bitsIn(withCategory & withStock & withDiscount & withPrice);
    inStock += bitsIn(withCategory & withDiscount & withPrice & inStockBits[word]);
    discounted += bitsIn(withCategory & withStock & withPrice & discountedBits[word]);
    const unpriced = withCategory & withStock & withDiscount;
    if (unpriced !== 0) for (let range = 0; range < ranges; range += 1) bands[range] += bitsIn(unpriced & priceRanges[range][word]);
    const uncategorised = matching & withStock & withDiscount & withPrice;
    counted[word] = uncategorised;
    if (uncategorised !== 0) countedWords[nonEmpty++] = word;
  }
  const categories: FilterCounts["categories"] = [];
  if (byCategory) {
    for (const [id, postings] of catalogue.categorySlots) {
      const known = catalogue.categories.get(id);
      if (!known) continue;
      let count = 0;
      if (postings.any) {
        const bits = postings.any;
        for (let index = 0; index < nonEmpty; index += 1) {
          const word = countedWords[index];
          if (word < bits.length) count += bitsIn(counted[word] & bits[word]);
        }
      } else {
        for (let index = 0; index < postings.length; index += 1) {
          const slot = postings.entries[index] >> 4;
          if ((counted[slot >>> 5] & (1 << (slot & 31))) !== 0) count += 1;
        }
      }
      if (count > 0) categories.push({ category: known, count });
    }
    categories.sort((a, b) => b.count - a.count || a.category.name.localeCompare(b.category.name));
  }
  return {
    total,
    inStock,
    discounted,
    priceRanges: PRICE_RANGES.map((range, index) => ({ ...range, count: bands[index] })),
    categories,
    options: countOptions(catalogue, query, facetBase, held, heldWords, words, options),
  };
}

/** Each option value's products among `base` (matching, under the other filters), under the other options' choices. */
function countOptions(catalogue: Catalogue, query: IndexQuery, base: Uint32Array, held: Int32Array, heldWords: number, words: number, chosen: Uint32Array) {
  const chosenNames = new Set(query.options.map((choice) => choice.name));
  const withoutOwn = new Map<string, Uint32Array>();
  const counted: Array<{ name: string; value: string; count: number }> = [];
  for (const { name, value, bits } of catalogue.optionValues.values()) {
    let filter = chosen;
    if (chosenNames.has(name)) {
      let own = withoutOwn.get(name);
      if (!own) withoutOwn.set(name, (own = optionFilter(new Uint32Array(words), catalogue, query.options, words, name)));
      filter = own;
    }
    let count = 0;
    for (let index = 0; index < heldWords; index += 1) {
      const word = held[index];
      count += bitsIn(base[word] & filter[word] & bits[word]);
    }
    if (count > 0) counted.push({ name, value, count });
  }
  return optionFacets(counted);
}
