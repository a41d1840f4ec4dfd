// The search index's catalogue: every product's words (with where they stand: name, category,
// description), figures (price, stock, rating, age) and category in typed arrays by slot, each word's
// postings, and sets of slots as bits (bitsets.ts) for what many products share: a word a thirty-second of
// the catalogue carries or more, a large category, those alive, in stock, discounted, in each price range.
// Matching and counting then cost a few operations per 32 products, however many match. Built and kept in
// step by ProductIndex (product-index.ts); matched by index-matching.ts; answered from by index-answers.ts.
import { Prisma, type Category } from "../../generated/prisma/client.js";
import { asDate, type KeyValue } from "../shared/index.js";
import { PRICE_RANGES, type OptionChoice, type ProductSortOrder } from "../catalog/index.js";
import type { ReadWord } from "./words.js";
import { clearBit, setBit, withRoomFor, wordsFor } from "./bitsets.js";

/** The rank of a match, lower first (the SQL search's RANK). */
export const RANK = { exactName: 0, nameStarts: 1, allWordsInName: 2, category: 3, other: 4 } as const;

/** What a search asks of the index: its text read (the plan) and the chosen filters, ids resolved. */
/** An option value's key in Catalogue.optionValues. */
export const optionKey = (name: string, value: string) => `${name}\u0000${value}`;

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
  /** Option values chosen (catalog's groupChoices: any value of an option, every option). */
  options: readonly OptionChoice[];
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
export const IN_NAME = 1;
export const IN_CATEGORY = 2;
const IN_DESCRIPTION = 4;
const UNWEIGHTED = 8;
const WEIGHT_BITS: Record<string, number> = { A: IN_NAME, B: IN_CATEGORY, C: IN_DESCRIPTION, D: UNWEIGHTED };

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

/** FNV-1a over the code units of a product's name and words (what its slot's postings hold). */
function hashOf(row: ProductRow): number {
  const text = `${row.name}\u0000${row.words ?? ""}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

export interface ProductRow {
  id: number;
  name: string;
  name_length: number;
  category_id: number;
  price_cents: number;
  discount_price_cents: number | null;
  /** Units over the variants on sale (stock_total): "in stock" when any is. */
  quantity: number;
  /** The listed price: the lowest unit price of the variants on sale. */
  unit_price_min_cents: number;
  /** [[option name, value], ...] of the variants on sale (JSON). */
  option_pairs: unknown;
  rating_sum: number;
  people_rated: number;
  created_at: Date | string;
  words: string | null;
}

export const PRODUCT_ROW = Prisma.sql`p.id, lower(p.name) AS name, length(p.name) AS name_length, p.category_id, p.price_cents,
  p.discount_price_cents, p.stock_total AS quantity, p.unit_price_min_cents, p.option_pairs, p.rating_sum, p.people_rated, p.created_at, p.search_vector::text AS words`;

/**
 * The slots holding one word (or three characters of a name, a name's start, a category), each entry
 * `slot * 16 + weights` (the weights: where a word stands, 0 for the others). A term many products share
 * (compact() decides, once built) also keeps its slots as bits: all of them, and those holding it in the
 * name (A) and in the name or the category (A or B); kept in step as slots are added.
 */
export class Postings {
  entries = new Int32Array(2);
  length = 0;
  any: Uint32Array | null = null;
  name: Uint32Array | null = null;
  nameOrCategory: Uint32Array | null = null;

  push(slot: number, weights: number): void {
    if (this.length === this.entries.length) {
      const grown = new Int32Array(this.entries.length * 2);
      grown.set(this.entries);
      this.entries = grown;
    }
    this.entries[this.length++] = slot * 16 + weights;
    if (this.any) this.setBits(slot, weights);
  }

  private setBits(slot: number, weights: number): void {
    setBit((this.any = withRoomFor(this.any!, slot)), slot);
    if ((weights & IN_NAME) !== 0) setBit((this.name = withRoomFor(this.name ?? new Uint32Array(0), slot)), slot);
    if ((weights & (IN_NAME | IN_CATEGORY)) !== 0) setBit((this.nameOrCategory = withRoomFor(this.nameOrCategory ?? new Uint32Array(0), slot)), slot);
  }

  /** Trims the entries; as bits too when at least one slot in `denseFrom` holds the term. */
  compact(size: number, denseFrom: number): void {
    if (this.entries.length > this.length) this.entries = this.entries.slice(0, this.length);
    if (this.any || this.length * denseFrom < size) return;
    this.any = new Uint32Array(wordsFor(size));
    for (let index = 0; index < this.length; index += 1) this.setBits(this.entries[index] >> 4, this.entries[index] & 15);
  }
}

/** Terms this share of the catalogue holds, or more, are kept as bits too (no larger than their entries). */
const DENSE_FROM = 32;

const growInt32 = (column: Int32Array, capacity: number) => {
  const grown = new Int32Array(capacity);
  grown.set(column);
  return grown;
};
const growFloat64 = (column: Float64Array, capacity: number) => {
  const grown = new Float64Array(capacity);
  grown.set(column);
  return grown;
};

/**
 * The catalogue as search needs it, one slot per product (a product whose words change gets a new slot;
 * the old one is dead). Columns are typed arrays indexed by slot (`size` of them in use).
 */
export class Catalogue {
  size = 0;
  private capacity = 0;
  ids = new Int32Array(0);
  readonly names: string[] = [];
  nameLengths = new Int32Array(0);
  categoryIds = new Int32Array(0);
  priceCents = new Int32Array(0);
  /** -1: no discount. */
  discountCents = new Int32Array(0);
  /** The listed price: the lowest unit price (discount price when set) of the product's variants on sale. */
  unitCents = new Int32Array(0);
  quantities = new Int32Array(0);
  ratingSums = new Int32Array(0);
  peopleRated = new Int32Array(0);
  /** The average rating, 0 when none (the SQL search's AVERAGE_RATING). */
  ratings = new Float64Array(0);
  createdMs = new Float64Array(0);
  /** A hash of each product's name and words: an update with the same ones keeps its slot. */
  private wordsHashes = new Uint32Array(0);
  /** As bits: the live slots, those in stock, those discounted, those in each of PRICE_RANGES. */
  alive: Uint32Array = new Uint32Array(0);
  inStock: Uint32Array = new Uint32Array(0);
  discounted: Uint32Array = new Uint32Array(0);
  readonly priceRanges: Uint32Array[] = PRICE_RANGES.map(() => new Uint32Array(0));
  /** Per option value (optionKey): the slots of products with a variant on sale of it, as bits (room for every slot). */
  readonly optionValues = new Map<string, { name: string; value: string; bits: Uint32Array }>();
  /** Per slot: the option values its bit is set in, cleared when the product is read again. */
  private optionsOfSlot: (string[] | undefined)[] = [];
  /**
   * Per word of the sets (32 slots): the best value of each sort's first key any of its slots has had (the
   * newest creation time, the lowest and the highest price, the highest rating), so that a page can pass
   * over 32 products at once when none of them can beat the last one it holds.
   */
  newestOf = new Float64Array(0);
  cheapestOf = new Int32Array(0);
  dearestOf = new Int32Array(0);
  bestRatedOf = new Float64Array(0);
  readonly slotOf = new Map<number, number>();
  /** Per word: its postings (weights: where it stands). */
  readonly words = new Map<string, Postings>();
  /** The words in code-unit order, for prefixes; null when a new word has been added since. */
  private sortedWords: string[] | null = null;
  /** Per three characters of a lower-cased name: the slots whose name holds them. */
  readonly trigrams = new Map<string, Postings>();
  /** Per first three characters of a lower-cased name: the slots whose name starts with them. */
  readonly nameStarts = new Map<string, Postings>();
  /** Per category id: its slots. */
  readonly categorySlots = new Map<number, Postings>();
  readonly categories = new Map<number, Category>();
  changedSince = 0;
  /** Bumped whenever a name or a word may have changed (a product added or read again, or removed). */
  namesVersion = 0;

  add(row: ProductRow): void {
    this.namesVersion += 1;
    if (this.size === this.capacity) this.grow(Math.ceil(this.capacity * 1.25) + 1024);
    const slot = this.size;
    this.size += 1;
    const id = Number(row.id);
    const old = this.slotOf.get(id);
    if (old !== undefined) clearBit(this.alive, old);
    this.ids[slot] = id;
    this.names.push(row.name);
    this.nameLengths[slot] = Number(row.name_length);
    const category = Number(row.category_id);
    this.categoryIds[slot] = category;
    setBit(this.alive, slot);
    this.wordsHashes[slot] = hashOf(row);
    this.setFigures(slot, row);
    this.slotOf.set(id, slot);
    for (const [word, weights] of wordsOfVector(row.words ?? "")) {
      let postings = this.words.get(word);
      if (!postings) {
        this.words.set(word, (postings = new Postings()));
        this.sortedWords = null;
      }
      postings.push(slot, weights);
    }
    const name = row.name;
    for (let start = 0; start + 3 <= name.length; start += 1) termOf(this.trigrams, name.slice(start, start + 3)).push(slot, 0);
    if (name.length >= 3) termOf(this.nameStarts, name.slice(0, 3)).push(slot, 0);
    termOf(this.categorySlots, category).push(slot, 0);
  }

  /** A product read again: its figures in place, or a new slot when its words or category changed. */
  update(row: ProductRow): void {
    const slot = this.slotOf.get(Number(row.id));
    if (slot !== undefined && this.isAlive(slot) && this.wordsHashes[slot] === hashOf(row) && this.categoryIds[slot] === Number(row.category_id)) {
      this.setFigures(slot, row);
      return;
    }
    this.add(row);
    this.changedSince += 1;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.namesVersion += 1;
    clearBit(this.alive, slot);
    this.slotOf.delete(id);
  }

  isAlive(slot: number): boolean {
    return (this.alive[slot >>> 5] & (1 << (slot & 31))) !== 0;
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.ids = growInt32(this.ids, capacity);
    this.nameLengths = growInt32(this.nameLengths, capacity);
    this.categoryIds = growInt32(this.categoryIds, capacity);
    this.priceCents = growInt32(this.priceCents, capacity);
    this.discountCents = growInt32(this.discountCents, capacity);
    this.unitCents = growInt32(this.unitCents, capacity);
    this.quantities = growInt32(this.quantities, capacity);
    this.ratingSums = growInt32(this.ratingSums, capacity);
    this.peopleRated = growInt32(this.peopleRated, capacity);
    const hashes = new Uint32Array(capacity);
    hashes.set(this.wordsHashes);
    this.wordsHashes = hashes;
    this.ratings = growFloat64(this.ratings, capacity);
    this.createdMs = growFloat64(this.createdMs, capacity);
    // Every slot's bit has room in these (the index's answers read them without checking).
    const last = capacity - 1;
    this.alive = withRoomFor(this.alive, last);
    this.inStock = withRoomFor(this.inStock, last);
    this.discounted = withRoomFor(this.discounted, last);
    this.priceRanges.forEach((bits, index) => (this.priceRanges[index] = withRoomFor(bits, last)));
    for (const entry of this.optionValues.values()) entry.bits = withRoomFor(entry.bits, last);
    const words = wordsFor(capacity);
    const from = this.newestOf.length;
    this.newestOf = growFloat64(this.newestOf, words).fill(-Infinity, from);
    this.cheapestOf = growInt32(this.cheapestOf, words).fill(0x7fffffff, from);
    this.dearestOf = growInt32(this.dearestOf, words).fill(-0x80000000, from);
    this.bestRatedOf = growFloat64(this.bestRatedOf, words).fill(-Infinity, from);
  }

  private setFigures(slot: number, row: ProductRow): void {
    const price = Number(row.price_cents);
    const discount = row.discount_price_cents === null ? -1 : Number(row.discount_price_cents);
    const unit = Number(row.unit_price_min_cents);
    const quantity = Number(row.quantity);
    const people = Number(row.people_rated);
    this.priceCents[slot] = price;
    this.discountCents[slot] = discount;
    this.unitCents[slot] = unit;
    this.quantities[slot] = quantity;
    this.ratingSums[slot] = Number(row.rating_sum);
    this.peopleRated[slot] = people;
    this.ratings[slot] = people > 0 ? this.ratingSums[slot] / people : 0;
    this.createdMs[slot] = asDate(row.created_at).getTime();
    const word = slot >>> 5;
    this.newestOf[word] = Math.max(this.newestOf[word], this.createdMs[slot]);
    this.cheapestOf[word] = Math.min(this.cheapestOf[word], unit);
    this.dearestOf[word] = Math.max(this.dearestOf[word], unit);
    this.bestRatedOf[word] = Math.max(this.bestRatedOf[word], this.ratings[slot]);
    (quantity > 0 ? setBit : clearBit)(this.inStock, slot);
    (discount >= 0 ? setBit : clearBit)(this.discounted, slot);
    PRICE_RANGES.forEach((range, index) => {
      const within = unit >= range.min && (range.max === null || unit < range.max);
      (within ? setBit : clearBit)(this.priceRanges[index], slot);
    });
    this.setOptions(slot, row.option_pairs);
  }

  private setOptions(slot: number, stored: unknown): void {
    for (const key of this.optionsOfSlot[slot] ?? []) clearBit(this.optionValues.get(key)!.bits, slot);
    const keys: string[] = [];
    for (const pair of Array.isArray(stored) ? stored : []) {
      if (!Array.isArray(pair) || typeof pair[0] !== "string" || typeof pair[1] !== "string") continue;
      const key = optionKey(pair[0], pair[1]);
      let entry = this.optionValues.get(key);
      if (!entry) this.optionValues.set(key, (entry = { name: pair[0], value: pair[1], bits: withRoomFor(new Uint32Array(0), this.capacity - 1) }));
      setBit(entry.bits, slot);
      keys.push(key);
    }
    this.optionsOfSlot[slot] = keys.length ? keys : undefined;
  }

  /** Once built: postings trimmed, and kept as bits too where many products share them. */
  compact(): void {
    for (const terms of [this.words, this.trigrams, this.nameStarts, this.categorySlots]) {
      for (const postings of terms.values()) postings.compact(this.size, DENSE_FROM);
    }
  }

  private wordsInOrder(): string[] {
    return (this.sortedWords ??= [...this.words.keys()].sort());
  }

  /** The words starting with `prefix`. */
  wordsStarting(prefix: string): string[] {
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

  categoryNamed(name: string): number | undefined {
    const wanted = name.toLowerCase();
    for (const category of this.categories.values()) if (category.name.toLowerCase() === wanted) return category.id;
    return undefined;
  }
}

function termOf<K>(terms: Map<K, Postings>, key: K): Postings {
  let postings = terms.get(key);
  if (!postings) terms.set(key, (postings = new Postings()));
  return postings;
}
