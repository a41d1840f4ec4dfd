// The words of a search text, and the full-text queries (tsquery) built from them. Words are what
// PostgreSQL's 'simple' text configuration keeps of a name (products.search_vector, see the search
// migration): runs of letters and digits, lower-cased. Nothing else of the text reaches a tsquery, so a
// query can never be malformed, whatever was typed.

/** At most this many words of a text are searched: more only add cost, never a better match. */
export const MAX_SEARCH_WORDS = 8;
/** Words shorter than this are never corrected: they share trigrams with too much (e.g. 'fen' and 'fern'). */
export const MIN_CORRECTED_LENGTH = 4;

/** The words of a text, lower-cased, in their order (the last is the one being typed). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/** A typed word and what it may also be read as: dictionary words spelled close to it. */
export interface ReadWord {
  word: string;
  /** Whether it is the last word of the text (matched as a prefix: the shopper may still be typing it). */
  last: boolean;
  /** Close spellings from the catalogue's dictionary, best first; empty for a word the catalogue knows. */
  corrections: string[];
}

/** One word as a tsquery term: itself (a prefix when last), or any of its corrections; `weights` limits where. */
function term(word: ReadWord, weights: string, withCorrections: boolean): string {
  const lexeme = (text: string, prefix: boolean) => (prefix || weights ? `${text}:${prefix ? "*" : ""}${weights}` : text);
  const typed = lexeme(word.word, word.last);
  if (!withCorrections || word.corrections.length === 0) return typed;
  return `(${[typed, ...word.corrections.map((correction) => lexeme(correction, false))].join(" | ")})`;
}

/** Every word (or one of its corrections) anywhere in the product's words: name, category or description. */
export function matchQuery(words: ReadWord[]): string {
  return words.map((word) => term(word, "", true)).join(" & ");
}

/** Every word as typed (no corrections) in the product's name (weight A). */
export function nameQuery(words: ReadWord[]): string {
  return words.map((word) => term(word, "A", false)).join(" & ");
}

/** Every word as typed in the product's name or its category's name (weights A and B). */
export function nameOrCategoryQuery(words: ReadWord[]): string {
  return words.map((word) => term(word, "AB", false)).join(" & ");
}

/**
 * The text as the shopper probably meant it: each word the catalogue does not know replaced by its best
 * correction; null when there is nothing to correct.
 */
export function correctedText(words: ReadWord[]): string | null {
  if (!words.some((word) => word.corrections.length > 0)) return null;
  return words.map((word) => word.corrections[0] ?? word.word).join(" ");
}
