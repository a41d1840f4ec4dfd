// Sets of slots as bits (bit `slot & 31` of word `slot >> 5`), for the search index: a word's products,
// a category's, those in stock, the matches of a search. Combining two sets costs one operation per 32
// products, whatever they hold, and counting one costs a table look-up per 16. A set may be shorter than
// another (it grows as products are added): the missing words are empty.

/** Words of 32 bits holding `size` slots. */
export const wordsFor = (size: number): number => (size + 31) >>> 5;

/** The set, with room for `slot` (a copy, longer by a quarter more, when it has none). */
export function withRoomFor(bits: Uint32Array, slot: number): Uint32Array {
  const word = slot >>> 5;
  if (word < bits.length) return bits;
  const grown = new Uint32Array(Math.max(word + 1, Math.ceil(bits.length * 1.25) + 32));
  grown.set(bits);
  return grown;
}


/** Sets the bit; the set must have room for it (withRoomFor). */
export function setBit(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5] |= 1 << (slot & 31);
}

export function clearBit(bits: Uint32Array, slot: number): void {
  const word = slot >>> 5;
  if (word < bits.length) bits[word] &= ~(1 << (slot & 31));
}

/** Bits set in each 16-bit number. */
const BITS_OF = new Uint8Array(1 << 16);
for (let value = 1; value < BITS_OF.length; value += 1) BITS_OF[value] = (value & 1) + BITS_OF[value >>> 1];

export const bitsIn = (word: number): number => BITS_OF[word & 0xffff] + BITS_OF[word >>> 16];

/** `target` = `target` | `source`, over the first `words` words. */
export function orInto(target: Uint32Array, source: Uint32Array, words: number): void {
  const end = Math.min(words, source.length);
  for (let word = 0; word < end; word += 1) target[word] |= source[word];
}

/** `target` = `target` & `source`, over the first `words` words. */
export function andInto(target: Uint32Array, source: Uint32Array, words: number): void {
  const end = Math.min(words, source.length);
  for (let word = 0; word < end; word += 1) target[word] &= source[word];
  target.fill(0, end, words);
}

/** `target` = `target` & ~`source`, over the first `words` words. */
export function andNotInto(target: Uint32Array, source: Uint32Array, words: number): void {
  const end = Math.min(words, source.length);
  for (let word = 0; word < end; word += 1) target[word] &= ~source[word];
}

/** `target` = `source` (or its complement: `inverted`), over the first `words` words. */
export function copyInto(target: Uint32Array, source: Uint32Array, words: number, inverted = false): void {
  const end = Math.min(words, source.length);
  if (inverted) {
    for (let word = 0; word < end; word += 1) target[word] = ~source[word];
    target.fill(0xffffffff, end, words);
  } else {
    target.set(source.subarray(0, end));
    target.fill(0, end, words);
  }
}

/**
 * A scratch set of one query, reused by the next: `words` long at least (queries run synchronously, one at
 * a time, so one of each is enough).
 */
export class ScratchBits {
  private bits = new Uint32Array(0);

  /** The set, emptied, with room for `words` words (the words beyond are left as they were: not read). */
  empty(words: number): Uint32Array {
    if (this.bits.length < words) return this.room(words);
    this.bits.fill(0, 0, words);
    return this.bits;
  }

  /** The set as the last query left it, with room for `words` words: for a set written whole. */
  room(words: number): Uint32Array {
    if (this.bits.length < words) this.bits = new Uint32Array(Math.ceil(words * 1.25) + 32);
    return this.bits;
  }
}

/** An empty set, `words` long at least (shared: never written). */
let noSlot = new Uint32Array(0);
export function none(words: number): Uint32Array {
  if (noSlot.length < words) noSlot = new Uint32Array(Math.ceil(words * 1.25) + 32);
  return noSlot;
}

/** A set of every slot, `words` long at least (shared: never written). */
let everySlot = new Uint32Array(0);
export function every(words: number): Uint32Array {
  if (everySlot.length < words) everySlot = new Uint32Array(Math.ceil(words * 1.25) + 32).fill(0xffffffff);
  return everySlot;
}
