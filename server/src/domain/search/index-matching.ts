// Which products a search's text matches, and the rank of each, as sets of slots (bitsets.ts): a word many
// products carry joins the search as its bits (one operation per 32 products), a rarer one through its
// postings (one per product holding it), so matching costs about the same for a word carried by 10 products
// as for one carried by the whole catalogue. Nothing is allocated per match; the sets are the scratch of
// one query, valid until the next one (queries run synchronously, one at a time).
//
// The rules are the SQL search's (service.ts, queries.ts): every word of the plan (as typed, a prefix when
// last, or a correction) among the product's words, or the name or the category's name containing the
// text. RANK: names starting with the text (exact or not), then names holding every word as typed or the
// text, then category matches (the category's name holds the text, or every word is in the name or the
// category), then the rest.
import { LRUCache } from "lru-cache";
import { andInto, andNotInto, copyInto, none, orInto, ScratchBits, setBit, wordsFor } from "./bitsets.js";
import { IN_CATEGORY, IN_NAME, RANK, type Catalogue, type IndexQuery, type Postings } from "./index-catalogue.js";

/**
 * A search's matches, to be read only: those of an empty text are valid until the next search; those of a
 * text are kept (see keptMatches). Only the words listed in `held` are to be read.
 */
export interface Matches {
  /** Words of the sets (32 slots a word). */
  words: number;
  /** Every match. */
  all: Uint32Array;
  /** The matches of each rank, by RANK's value (apart; together, all); null for a rank none has. */
  tiers: Array<Uint32Array | null>;
  /** The words holding a match, in order (the first `heldWords` of it). */
  held: Int32Array;
  heldWords: number;
}

const RANKS = Object.keys(RANK).length;
const scratch = {
  all: new ScratchBits(),
  tiers: Array.from({ length: RANKS }, () => new ScratchBits()),
  held: new Int32Array(0),
  everyWord: new ScratchBits(),
  inName: new ScratchBits(),
  inNameOrCategory: new ScratchBits(),
  wordAny: new ScratchBits(),
  wordInName: new ScratchBits(),
  wordInNameOrCategory: new ScratchBits(),
  holdingText: new ScratchBits(),
  candidates: new ScratchBits(),
  inCategories: new ScratchBits(),
};

function heldOf(words: number): Int32Array {
  if (scratch.held.length < words) scratch.held = new Int32Array(Math.ceil(words * 1.25) + 32);
  return scratch.held;
}

/**
 * The matches of a text, kept while no product is added, read again with other words or name, or removed
 * (Catalogue.namesVersion): matching a word many products carry (a prefix like "plant" stands for plant,
 * plants, planter...) and comparing the names that may hold the text cost more than the rest of a search,
 * and shoppers send the same texts again. The filters, sort and page are applied to them afresh each time,
 * so prices and stock written meanwhile count. A search engine's query cache; bounded in bytes (about 90 KB a
 * text at 100,000 products).
 */
const KEPT_MATCHES_BYTES = 4 * 1024 * 1024;
/** Per catalogue (a rebuilt one starts afresh, and the old one's go with it), by matchesKey. */
const keptMatches = new WeakMap<Catalogue, LRUCache<string, { version: number; matches: Matches }>>();

function keptMatchesOf(catalogue: Catalogue) {
  let kept = keptMatches.get(catalogue);
  if (!kept) {
    kept = new LRUCache({
      maxSize: KEPT_MATCHES_BYTES,
      sizeCalculation: ({ matches }) => 4 * (matches.all.length + matches.held.length + matches.tiers.reduce((sum, tier) => sum + (tier?.length ?? 0), 0)) + 100,
    });
    keptMatches.set(catalogue, kept);
  }
  return kept;
}

/** What a text's matches follow from: the text, the words of its plan, the categories whose name holds it. */
const matchesKey = (query: IndexQuery) =>
  `${query.text}\u0000${query.words.map((word) => `${word.word}${word.last ? "*" : ""}:${word.corrections.join(",")}`).join(" ")}\u0000${query.containing.join(",")}`;

/** The text's matches, each in the set of its rank. */
export function matchesOf(catalogue: Catalogue, query: IndexQuery): Matches {
  if (query.text === "") return matchesComputed(catalogue, query);
  const key = matchesKey(query);
  const keptHere = keptMatchesOf(catalogue);
  const kept = keptHere.get(key);
  if (kept && kept.version === catalogue.namesVersion && kept.matches.words === wordsFor(catalogue.size)) return kept.matches;
  const version = catalogue.namesVersion;
  const found = matchesComputed(catalogue, query);
  // Copies: the computed sets are this module's scratch, reused by the next search.
  const matches: Matches = {
    words: found.words,
    all: found.all.slice(0, found.words),
    tiers: found.tiers.map((tier) => tier?.slice(0, found.words) ?? null),
    held: found.held.slice(0, found.heldWords),
    heldWords: found.heldWords,
  };
  keptHere.set(key, { version, matches });
  return matches;
}

function matchesComputed(catalogue: Catalogue, query: IndexQuery): Matches {
  const words = wordsFor(catalogue.size);
  const all = scratch.all.room(words);
  const held = heldOf(words);
  let heldWords = 0;
  if (query.text === "") {
    // Every product, ranked alike (the chosen category is a filter, applied with the others).
    const alive = catalogue.alive;
    for (let word = 0; word < words; word += 1) if ((all[word] = alive[word]) !== 0) held[heldWords++] = word;
    return { words, all, tiers: [all, null, null, null, null], held, heldWords };
  }
  const { everyWord, inName, inNameOrCategory, found } = matchWords(catalogue, query, words);
  const text = query.text.toLowerCase();
  // Names holding the text that hold not every word already (those are ranked alike), and names starting
  // with it: they rank first, the exact name before the others.
  const holdingText = scratch.holdingText.empty(words);
  const exact = scratch.tiers[RANK.exactName].empty(words);
  const starting = scratch.tiers[RANK.nameStarts].empty(words);
  const names = catalogue.names;
  let holding = false;
  if (text.length >= 3) holding = namesHolding(catalogue, text, words, found ? inName : null, holdingText, exact, starting);
  else {
    for (let slot = 0; slot < catalogue.size; slot += 1) {
      if (!catalogue.isAlive(slot) || !names[slot].includes(text)) continue;
      holding = true;
      if ((inName[slot >>> 5] & (1 << (slot & 31))) === 0) setBit(holdingText, slot);
      if (names[slot].startsWith(text)) setBit(catalogue.nameLengths[slot] === text.length ? exact : starting, slot);
    }
  }
  // Products of the categories whose name holds the text.
  let inCategories = none(words);
  if (query.containing.length > 0) {
    inCategories = scratch.inCategories.empty(words);
    for (const id of query.containing) {
      const postings = catalogue.categorySlots.get(id);
      if (postings) addTerm(postings, inCategories, null, null, words);
    }
  }
  if (!found && !holding && query.containing.length === 0) return { words, all, tiers: [null, null, null, null, null], held, heldWords };
  const alive = catalogue.alive;
  const wholeName = scratch.tiers[RANK.allWordsInName].room(words);
  const category = scratch.tiers[RANK.category].room(words);
  const other = scratch.tiers[RANK.other].room(words);
  // Which ranks hold a match (bit `rank`).
  let ranks = 0;
  for (let word = 0; word < words; word += 1) {
    const live = alive[word];
    const every = everyWord[word] & live;
    const byName = (inName[word] & every) | holdingText[word];
    const byCategory = ((inCategories[word] & live) | (inNameOrCategory[word] & every)) & ~byName;
    const any = every | holdingText[word] | (inCategories[word] & live);
    const first = exact[word] | starting[word];
    const rest = any & ~byName & ~byCategory;
    wholeName[word] = byName & ~first;
    category[word] = byCategory;
    other[word] = rest;
    all[word] = any;
    if (any === 0) continue;
    held[heldWords++] = word;
    if (exact[word] !== 0) ranks |= 1 << RANK.exactName;
    if (starting[word] !== 0) ranks |= 1 << RANK.nameStarts;
    if ((byName & ~first) !== 0) ranks |= 1 << RANK.allWordsInName;
    if (byCategory !== 0) ranks |= 1 << RANK.category;
    if (rest !== 0) ranks |= 1 << RANK.other;
  }
  const tiers = [exact, starting, wholeName, category, other].map((tier, rank) => ((ranks & (1 << rank)) !== 0 ? tier : null));
  return { words, all, tiers, held, heldWords };
}

/**
 * The products holding every word of the plan (each as typed, its prefix when last, or one of its
 * corrections), and those holding every word as typed in the name, and in the name or category; `found`
 * false when no product can hold them all.
 */
function matchWords(catalogue: Catalogue, query: IndexQuery, words: number) {
  const everyWord = scratch.everyWord.empty(words);
  const inName = scratch.inName.empty(words);
  const inNameOrCategory = scratch.inNameOrCategory.empty(words);
  // Whether every word has a term in the catalogue (else no product holds them all).
  let found = query.words.length > 0;
  query.words.forEach((word, level) => {
    let termFound = false;
    const first = level === 0;
    const any = first ? everyWord : scratch.wordAny.empty(words);
    const name = first ? inName : scratch.wordInName.empty(words);
    const nameOrCategory = first ? inNameOrCategory : scratch.wordInNameOrCategory.empty(words);
    for (const lexeme of word.last ? catalogue.wordsStarting(word.word) : [word.word]) {
      const postings = catalogue.words.get(lexeme);
      if (postings) addTerm(postings, any, name, nameOrCategory, words);
      termFound ||= postings !== undefined;
    }
    for (const correction of word.corrections) {
      const postings = catalogue.words.get(correction);
      if (postings) addTerm(postings, any, null, null, words);
      termFound ||= postings !== undefined;
    }
    found &&= termFound;
    if (!first) {
      andInto(everyWord, any, words);
      andInto(inName, name, words);
      andInto(inNameOrCategory, nameOrCategory, words);
    }
  });
  // Not yet narrowed to the live products (matchesOf does, word by word).
  return { everyWord, inName, inNameOrCategory, found };
}

/** A term's slots added to `any`, and those where it stands in the name, or name or category, to the others. */
function addTerm(postings: Postings, any: Uint32Array, name: Uint32Array | null, nameOrCategory: Uint32Array | null, words: number): void {
  if (postings.any) {
    orInto(any, postings.any, words);
    if (name && postings.name) orInto(name, postings.name, words);
    if (nameOrCategory && postings.nameOrCategory) orInto(nameOrCategory, postings.nameOrCategory, words);
    return;
  }
  const entries = postings.entries;
  for (let index = 0; index < postings.length; index += 1) {
    const entry = entries[index];
    const slot = entry >> 4;
    any[slot >>> 5] |= 1 << (slot & 31);
    if (name && (entry & IN_NAME) !== 0) name[slot >>> 5] |= 1 << (slot & 31);
    if (nameOrCategory && (entry & (IN_NAME | IN_CATEGORY)) !== 0) nameOrCategory[slot >>> 5] |= 1 << (slot & 31);
  }
}

/**
 * Live names holding the text (3 characters or more) other than those in `skip` (into `holding`), and
 * those starting with it (into `exact` or `starting`). Only names holding every three characters of the
 * text are compared: the rarest of them as postings, the common ones as bits.
 */
function namesHolding(catalogue: Catalogue, text: string, words: number, skip: Uint32Array | null, holding: Uint32Array, exact: Uint32Array, starting: Uint32Array): boolean {
  const candidates = scratch.candidates.empty(words);
  copyInto(candidates, catalogue.alive, words);
  if (skip) andNotInto(candidates, skip, words);
  let rarest: Postings | null = null;
  for (let start = 0; start + 3 <= text.length; start += 1) {
    const postings = catalogue.trigrams.get(text.slice(start, start + 3));
    // No name holds these three characters: none holds the text (nor starts with it).
    if (!postings) return false;
    if (postings.any) andInto(candidates, postings.any, words);
    else if (!rarest || postings.length < rarest.length) rarest = postings;
  }
  const names = catalogue.names;
  if (rarest) {
    for (let index = 0; index < rarest.length; index += 1) {
      const slot = rarest.entries[index] >> 4;
      const bit = 1 << (slot & 31);
      if ((candidates[slot >>> 5] & bit) === 0) continue;
      candidates[slot >>> 5] &= ~bit;
      if (names[slot].includes(text)) setBit(holding, slot);
    }
  } else {
    for (let word = 0; word < words; word += 1) {
      for (let bits = candidates[word] | 0; bits !== 0; ) {
        const bit = 31 - Math.clz32(bits);
        bits ^= 1 << bit;
        const slot = (word << 5) | bit;
        if (names[slot].includes(text)) setBit(holding, slot);
      }
    }
  }
  const starts = catalogue.nameStarts.get(text.slice(0, 3));
  for (let index = 0; starts && index < starts.length; index += 1) {
    const slot = starts.entries[index] >> 4;
    if (catalogue.isAlive(slot) && names[slot].startsWith(text)) setBit(catalogue.nameLengths[slot] === text.length ? exact : starting, slot);
  }
  // Whether any may be set (the caller reads the sets word by word).
  return true;
}
