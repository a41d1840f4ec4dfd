// The search index's catalogue: every product's words (with where they stand: name, category,
// description), figures (price, stock, rating, age) and category in flat arrays by slot, and each word's
// postings, so that matching visits only the products that carry a word. Built and kept in step by
// ProductIndex (product-index.ts); answered from by index-answers.ts.
import { Prisma, type Category } from "../../generated/prisma/client.js";
import { asDate, type KeyValue } from "../shared/index.js";
import type { ProductSortOrder } from "../catalog/index.js";
import type { ReadWord } from "./words.js";

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

export interface ProductRow {
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

export const PRODUCT_ROW = Prisma.sql`p.id, lower(p.name) AS name, length(p.name) AS name_length, p.category_id, p.price_cents,
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
export class Catalogue {
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
