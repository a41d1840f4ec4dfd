// The catalogue's search index, kept in each process's memory (issue 17): what a search must visit to
// match, rank, sort, filter and count products, so that a search page costs the database one read of
// the page's 24 rows by id, whatever the catalogue's size and however many products match.
//
// It answers exactly as the SQL search does (domain/search/service.ts, which stays the way while the index
// is not ready): a product's words are read from its own products.search_vector (the database's parser,
// weights A name, B category, C description), names are compared lower-cased by the database's lower().
// Matching: every word of the plan (typed, its prefix when last, or a correction) among the product's
// words, or the spec's rule (the name or the category's name contains the text). Ranking: RANK. Ties: the
// chosen sort, then newest first, then by id, like the SQL keys, so cursors of one serve the other.
//
// Freshness: built at start (in batches, so the process keeps answering meanwhile), then kept in step by
// the catalogueChanged events, which name the products a write touched: those rows are read again. An
// event naming none (a category written, a large import) or a gap in what this process hears rebuilds
// it. While it is behind (a change heard, not applied yet) or being built, `ready()` answers null and
// search runs in SQL, so nothing already announced is ever answered from an older catalogue.
import { Prisma, type Category } from "../../generated/prisma/client.js";
import type { DeliveryNews, EventBus, ShopEvent } from "../shared/shop-events.js";
import { asDate, type KeyValue, type RowReader } from "../shared/paging.js";
import { PRICE_RANGES, type FilterCounts } from "../catalog/filters.js";
import type { ProductSortOrder } from "../catalog/products.js";
import type { ReadWord } from "./words.js";
import { watch } from "../../metrics.js";

/** The rank of a match, lower first (the SQL search's RANK). */
export const RANK = { exactName: 0, nameStarts: 1, allWordsInName: 2, category: 3, other: 4 } as const;

/** What a search asks of the index: its text read (the plan) and the chosen filters, ids resolved. */
export interface IndexQuery {
  /** The search text as typed, trimmed; "" for none (a category page: every product matches). */
  text: string;
  words: ReadWord[];
  /** Categories whose name contains the text (every product in them matches). */
  containing: number[];
  category: number | null;
  inStock: boolean | null;
  discounted: boolean | null;
  minPrice: number | null;
  maxPrice: number | null;
  sort: ProductSortOrder;
}

export interface IndexPage {
  /** The products' ids in the page's order (up to the limit asked). */
  ids: number[];
  /** Each product's sort-key values, as the SQL search's cursor keys (rank, the sort's keys). */
  keys: KeyValue[][];
  /** Products matching the text and the filters, over all pages. */
  total: number;
}

// Weights of a word in a product (products.search_vector): A the name, B the category's name, C the description.
const IN_NAME = 1;
const IN_CATEGORY = 2;
const IN_DESCRIPTION = 4;
const UNWEIGHTED = 8;
const WEIGHT_BITS: Record<string, number> = { A: IN_NAME, B: IN_CATEGORY, C: IN_DESCRIPTION, D: UNWEIGHTED };

/** Products read per statement while building: the process answers between batches. */
const BUILD_BATCH = 5000;
/** Products whose words changed since the build (kept as new slots) before the index is rebuilt. */
const REBUILD_AFTER_CHANGED = 20_000;
/** After a failed read (the database away), the next attempt waits this long. */
const RETRY_MS = 5000;

/** A product's words read from its tsvector's text: `'fern':1A,3C 'pot':2A` -> lexeme and weights. */
export function wordsOfVector(vector: string): Map<string, number> {
  const words = new Map<string, number>();
  const lexeme = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  for (let match = lexeme.exec(vector); match; match = lexeme.exec(vector)) {
    const word = match[1].replace(/''/g, "'").replace(/\\(.)/g, "$1");
    let weights = 0;
    if (match[2] === undefined) weights = UNWEIGHTED;
    else for (const position of match[2].split(",")) weights |= WEIGHT_BITS[position.at(-1)!] ?? UNWEIGHTED;
    words.set(word, (words.get(word) ?? 0) | weights);
  }
  return words;
}

/** FNV-1a over the text's code units. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

interface ProductRow {
  id: number;
  name: string;
  name_length: number;
  category_id: number;
  price_cents: number;
  discount_price_cents: number | null;
  quantity: number;
  rating_sum: number;
  people_rated: number;
  created_at: Date | string;
  words: string | null;
}

const PRODUCT_ROW = Prisma.sql`p.id, lower(p.name) AS name, length(p.name) AS name_length, p.category_id, p.price_cents,
  p.discount_price_cents, p.quantity, p.rating_sum, p.people_rated, p.created_at, p.search_vector::text AS words`;

/** A growable list of int32 postings, compacted once built. */
class Postings {
  private built: Int32Array = new Int32Array(0);
  private added: number[] = [];

  get length(): number {
    return this.built.length + this.added.length;
  }

  push(value: number): void {
    this.added.push(value);
  }

  compact(): void {
    if (this.added.length === 0) return;
    const all = new Int32Array(this.built.length + this.added.length);
    all.set(this.built);
    all.set(this.added, this.built.length);
    this.built = all;
    this.added = [];
  }

  /** The values, as two arrays to walk in turn (the compacted ones, then those added since). */
  parts(): [Int32Array, number[]] {
    return [this.built, this.added];
  }
}

/**
 * The catalogue as search needs it, one slot per product (a product whose words change gets a new slot;
 * the old one is dead). Columns are plain arrays indexed by slot.
 */
class Catalogue {
  readonly ids: number[] = [];
  readonly names: string[] = [];
  readonly nameLengths: number[] = [];
  readonly categoryIds: number[] = [];
  readonly priceCents: number[] = [];
  /** -1: no discount. */
  readonly discountCents: number[] = [];
  readonly quantities: number[] = [];
  readonly ratingSums: number[] = [];
  readonly peopleRated: number[] = [];
  readonly createdMs: number[] = [];
  /** A hash of each product's words (its tsvector's text): an update with the same words keeps its slot. */
  readonly wordsHashes: number[] = [];
  readonly alive: boolean[] = [];
  readonly slotOf = new Map<number, number>();
  /** Per word: slot * 16 + its weights there. */
  readonly words = new Map<string, Postings>();
  /** The words in code-unit order, for prefixes; null when a new word has been added since. */
  private sortedWords: string[] | null = null;
  /** Per three characters of a lower-cased name: the slots whose name holds them. */
  readonly trigrams = new Map<string, Postings>();
  readonly categories = new Map<number, Category>();
  changedSince = 0;
  /** Scratch space of one query (queries run synchronously, one at a time). */
  private scratch = { any: new Uint8Array(0), name: new Uint8Array(0), nameOrCategory: new Uint8Array(0), found: new Uint8Array(0) };

  get size(): number {
    return this.ids.length;
  }

  add(row: ProductRow): void {
    const slot = this.ids.length;
    const id = Number(row.id);
    const old = this.slotOf.get(id);
    if (old !== undefined) this.alive[old] = false;
    this.ids.push(id);
    this.names.push(row.name);
    this.nameLengths.push(Number(row.name_length));
    this.categoryIds.push(Number(row.category_id));
    this.alive.push(true);
    this.ratingSums.push(0);
    this.priceCents.push(0);
    this.discountCents.push(-1);
    this.quantities.push(0);
    this.peopleRated.push(0);
    this.createdMs.push(0);
    this.wordsHashes.push(hashOf(row.words ?? ""));
    this.setFigures(slot, row);
    this.slotOf.set(id, slot);
    for (const [word, weights] of wordsOfVector(row.words ?? "")) {
      let postings = this.words.get(word);
      if (!postings) {
        this.words.set(word, (postings = new Postings()));
        this.sortedWords = null;
      }
      postings.push(slot * 16 + weights);
    }
    const name = row.name;
    for (let start = 0; start + 3 <= name.length; start += 1) {
      const trigram = name.slice(start, start + 3);
      let postings = this.trigrams.get(trigram);
      if (!postings) this.trigrams.set(trigram, (postings = new Postings()));
      postings.push(slot);
    }
  }

  /** A product read again: its figures in place, or a new slot when its words or category changed. */
  update(row: ProductRow): void {
    const slot = this.slotOf.get(Number(row.id));
    if (slot !== undefined && this.alive[slot] && this.wordsHashes[slot] === hashOf(row.words ?? "") && this.categoryIds[slot] === Number(row.category_id)) {
      this.setFigures(slot, row);
      return;
    }
    this.add(row);
    this.changedSince += 1;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive[slot] = false;
    this.slotOf.delete(id);
  }

  private setFigures(slot: number, row: ProductRow): void {
    this.priceCents[slot] = Number(row.price_cents);
    this.discountCents[slot] = row.discount_price_cents === null ? -1 : Number(row.discount_price_cents);
    this.quantities[slot] = Number(row.quantity);
    this.ratingSums[slot] = Number(row.rating_sum);
    this.peopleRated[slot] = Number(row.people_rated);
    this.createdMs[slot] = asDate(row.created_at).getTime();
  }

  compact(): void {
    for (const postings of this.words.values()) postings.compact();
    for (const postings of this.trigrams.values()) postings.compact();
  }

  private wordsInOrder(): string[] {
    return (this.sortedWords ??= [...this.words.keys()].sort());
  }

  /** The words starting with `prefix`. */
  private wordsStarting(prefix: string): string[] {
    const sorted = this.wordsInOrder();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let index = low; index < sorted.length && sorted[index].startsWith(prefix); index += 1) found.push(sorted[index]);
    return found;
  }

  private scratchOf(size: number) {
    if (this.scratch.any.length < size) {
      const capacity = Math.ceil(size * 1.25) + 1024;
      this.scratch = { any: new Uint8Array(capacity), name: new Uint8Array(capacity), nameOrCategory: new Uint8Array(capacity), found: new Uint8Array(capacity) };
    } else {
      this.scratch.any.fill(0, 0, size);
      this.scratch.name.fill(0, 0, size);
      this.scratch.nameOrCategory.fill(0, 0, size);
      this.scratch.found.fill(0, 0, size);
    }
    return this.scratch;
  }

  /**
   * The live slots matching the query's text (before the filters), each with its rank. Every word's
   * postings are walked once: a slot climbs a level per word it holds, so holding all of them is
   * reaching the last level (in any order of the words); the name and category levels count the words as
   * typed in the name (A) and in the name or category (A or B), for the rank. Plain loops: this runs for
   * every search, over every match.
   */
  matching(query: IndexQuery): { slots: number[]; ranks: number[] } {
    const slots: number[] = [];
    const ranks: number[] = [];
    const size = this.size;
    const alive = this.alive;
    if (query.text === "") {
      // Every product (of the chosen category: the filter is checked again later, but narrows early here).
      const category = query.category;
      for (let slot = 0; slot < size; slot += 1) {
        if (alive[slot] && (category === null || this.categoryIds[slot] === category)) {
          slots.push(slot);
          ranks.push(0);
        }
      }
      return { slots, ranks };
    }
    const scratch = this.scratchOf(size);
    const words = query.words;
    const last = words.length;
    for (let level = 0; level < last; level += 1) {
      const word = words[level];
      for (const lexeme of word.last ? this.wordsStarting(word.word) : [word.word]) {
        const postings = this.words.get(lexeme);
        if (postings) this.climb(postings, level, last, true, scratch, slots);
      }
      for (const correction of word.corrections) {
        const postings = this.words.get(correction);
        if (postings) this.climb(postings, level, last, false, scratch, slots);
      }
    }
    const { name: nameLevel, nameOrCategory, found } = scratch;
    // The spec's rule: the name contains the text (its rarest three characters narrow the names to try).
    const text = query.text.toLowerCase();
    const names = this.names;
    let candidates: Postings | undefined | null = null;
    if (text.length >= 3) {
      for (let start = 0; start + 3 <= text.length; start += 1) {
        const postings = this.trigrams.get(text.slice(start, start + 3));
        if (!postings) {
          candidates = undefined;
          break;
        }
        if (!candidates || postings.length < candidates.length) candidates = postings;
      }
    }
    const holdsText = (slot: number) => {
      if ((found[slot] & 2) === 0 && alive[slot] && names[slot].includes(text)) {
        if (found[slot] === 0) slots.push(slot);
        found[slot] |= 2;
      }
    };
    if (candidates === null) for (let slot = 0; slot < size; slot += 1) holdsText(slot);
    else if (candidates) {
      for (const part of candidates.parts()) for (let index = 0; index < part.length; index += 1) holdsText(part[index]);
    }
    // ...or its category's name contains the text.
    const containing = new Set(query.containing);
    const categoryIds = this.categoryIds;
    if (containing.size > 0) {
      for (let slot = 0; slot < size; slot += 1) {
        if (found[slot] === 0 && alive[slot] && containing.has(categoryIds[slot])) {
          found[slot] = 1;
          slots.push(slot);
        }
      }
    }
    for (const slot of slots) {
      if ((last > 0 && nameLevel[slot] === last) || (found[slot] & 2) !== 0) {
        if (!names[slot].startsWith(text)) ranks.push(RANK.allWordsInName);
        else ranks.push(this.nameLengths[slot] === text.length ? RANK.exactName : RANK.nameStarts);
      } else if (containing.has(categoryIds[slot]) || (last > 0 && nameOrCategory[slot] === last)) ranks.push(RANK.category);
      else ranks.push(RANK.other);
    }
    return { slots, ranks };
  }

  /** One word's postings (a lexeme of it): the slots holding every word before climb one level. */
  private climb(postings: Postings, level: number, last: number, asTyped: boolean, scratch: ReturnType<Catalogue["scratchOf"]>, slots: number[]): void {
    const { any, name, nameOrCategory, found } = scratch;
    const alive = this.alive;
    const next = level + 1;
    for (const part of postings.parts()) {
      for (let index = 0; index < part.length; index += 1) {
        const entry = part[index];
        const slot = entry >> 4;
        if (any[slot] === level) {
          any[slot] = next;
          if (next === last && found[slot] === 0 && alive[slot]) {
            found[slot] = 1;
            slots.push(slot);
          }
        }
        if (asTyped) {
          if ((entry & IN_NAME) !== 0 && name[slot] === level) name[slot] = next;
          if ((entry & (IN_NAME | IN_CATEGORY)) !== 0 && nameOrCategory[slot] === level) nameOrCategory[slot] = next;
        }
      }
    }
  }

  categoryNamed(name: string): number | undefined {
    const wanted = name.toLowerCase();
    for (const category of this.categories.values()) if (category.name.toLowerCase() === wanted) return category.id;
    return undefined;
  }

  unitPrice(slot: number): number {
    const discount = this.discountCents[slot];
    return discount >= 0 ? discount : this.priceCents[slot];
  }

  averageRating(slot: number): number {
    const people = this.peopleRated[slot];
    return people > 0 ? this.ratingSums[slot] / people : 0;
  }
}

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
function pageOfMatches(catalogue: Catalogue, query: IndexQuery, after: KeyValue[] | null, limit: number): IndexPage {
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
function countsOfMatches(catalogue: Catalogue, query: IndexQuery, byCategory: boolean): FilterCounts {
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

/** What a ready index answers. */
export interface ReadyIndex {
  page(query: IndexQuery, after: KeyValue[] | null, limit: number): IndexPage;
  counts(query: IndexQuery, byCategory: boolean): FilterCounts;
  /** The category of this name, whatever its case (names are unique so); undefined when none is. */
  categoryNamed(name: string): number | undefined;
  /** Products held. */
  readonly products: number;
}

export interface ProductIndexOptions {
  /** Where failures to read the catalogue are reported (the index is then rebuilt later). */
  onError?: (message: string, error: unknown) => void;
}

export class ProductIndex {
  private catalogue: Catalogue | null = null;
  /** Products named by events and not read again yet. */
  private readonly pending = new Set<number>();
  private rebuildWanted = true;
  private listening: boolean;
  private working: Promise<void> | null = null;
  /** Bumped by every gap in delivery: work begun before it is thrown away. */
  private generation = 0;
  private retry: NodeJS.Timeout | null = null;
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly readRows: RowReader,
    events: EventBus,
    private readonly options: ProductIndexOptions = {},
  ) {
    this.listening = events.deliveryState().listening;
    this.stops.push(events.listen((event) => this.hear(event)));
    this.stops.push(events.watchDelivery((news) => this.heardDelivery(news)));
    this.stops.push(watch("shop_search_index_products", () => this.catalogue?.slotOf.size ?? 0));
    this.stops.push(watch("shop_search_index_ready", () => (this.ready() ? 1 : 0)));
    this.work();
  }

  /** The index when it holds the catalogue as last announced; null while building or behind (search in SQL). */
  ready(): ReadyIndex | null {
    const catalogue = this.catalogue;
    if (!catalogue || !this.listening || this.working || this.pending.size > 0 || this.rebuildWanted) return null;
    return {
      page: (query, after, limit) => pageOfMatches(catalogue, query, after, limit),
      counts: (query, byCategory) => countsOfMatches(catalogue, query, byCategory),
      categoryNamed: (name) => catalogue.categoryNamed(name),
      products: catalogue.slotOf.size,
    };
  }

  /** Resolves when the index has applied everything it has heard so far. */
  async settled(): Promise<void> {
    while (this.working) await this.working;
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    if (this.retry) clearTimeout(this.retry);
    this.generation += 1;
    this.catalogue = null;
  }

  private hear(event: ShopEvent): void {
    if (event.type !== "catalogueChanged") return;
    if (event.products === undefined) this.rebuildWanted = true;
    else for (const id of event.products) this.pending.add(id);
    this.work();
  }

  private heardDelivery(news: DeliveryNews): void {
    // Whatever changed while this process heard nothing is unknown: build again once hearing.
    this.generation += 1;
    this.listening = news === "resumed";
    this.catalogue = null;
    this.pending.clear();
    this.rebuildWanted = true;
    this.work();
  }

  private work(): void {
    if (this.working || !this.listening || this.retry) return;
    if (this.catalogue && !this.rebuildWanted && this.pending.size === 0) return;
    const generation = this.generation;
    this.working = (async () => {
      // Never finish within this call: `working` is set before the work can end (and clear it).
      await null;
      try {
        while (this.generation === generation && this.listening && (this.rebuildWanted || this.pending.size > 0)) {
          if (this.rebuildWanted || !this.catalogue) {
            this.rebuildWanted = false;
            this.pending.clear();
            const built = await this.build(generation);
            if (built) this.catalogue = built;
          } else {
            const ids = [...this.pending];
            this.pending.clear();
            await this.apply(this.catalogue, ids);
            if (this.catalogue.changedSince > REBUILD_AFTER_CHANGED) this.rebuildWanted = true;
          }
        }
      } catch (error) {
        this.options.onError?.("The search index could not read the catalogue; searching in SQL until it can.", error);
        this.catalogue = null;
        this.rebuildWanted = true;
        this.retry = setTimeout(() => {
          this.retry = null;
          this.work();
        }, RETRY_MS);
        this.retry.unref();
      } finally {
        this.working = null;
      }
      // A delivery gap during the work leaves more to do.
      if (this.generation !== generation) this.work();
    })();
  }

  /** The whole catalogue, read in batches by id; null when a delivery gap made it void meanwhile. */
  private async build(generation: number): Promise<Catalogue | null> {
    const catalogue = new Catalogue();
    for (const category of await this.readRows<{ id: number; name: string; created_at: Date | string }>(Prisma.sql`SELECT id, name, created_at FROM categories`)) {
      catalogue.categories.set(Number(category.id), { id: Number(category.id), name: category.name, createdAt: asDate(category.created_at) });
    }
    let after = 0;
    for (;;) {
      const rows = await this.readRows<ProductRow>(Prisma.sql`SELECT ${PRODUCT_ROW} FROM products p WHERE p.id > ${after}::int4 ORDER BY p.id LIMIT ${BUILD_BATCH}`);
      if (this.generation !== generation) return null;
      for (const row of rows) catalogue.add(row);
      if (rows.length < BUILD_BATCH) break;
      after = Number(rows[rows.length - 1].id);
    }
    catalogue.compact();
    return catalogue;
  }

  /** The named products read again (gone ones removed). */
  private async apply(catalogue: Catalogue, ids: number[]): Promise<void> {
    const rows = await this.readRows<ProductRow>(Prisma.sql`SELECT ${PRODUCT_ROW} FROM products p WHERE p.id = ANY(${ids}::int4[])`);
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(Number(row.id));
      catalogue.update(row);
    }
    for (const id of ids) if (!seen.has(id)) catalogue.remove(id);
  }
}
