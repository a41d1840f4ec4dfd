// What the shop's memories of things callers send (query texts, parsed and compiled documents, kept answers)
// count. Any caller can send a stream of new ones, so each such memory is an `LRUCache` (lru-cache) bounded
// by the bytes it holds (`maxSize`, each entry's `sizeCalculation`): the least recently used entry makes
// room, and an entry larger than the whole bound is not kept. (npm run bench:memory measures the process
// under such a stream.)
import { LRUCache } from "lru-cache";

/** Bytes V8 spends per character of query text, measured (bench:memory's notes in the README): */
export const HEAP_BYTES = {
  /** a parsed DocumentNode: its nodes and the token list graphql keeps for locations (70-100 per character); */
  perDocumentChar: 100,
  /** a graphql-jit compiled query beside its document (130-340 per character, over 18 KB for the smallest). */
  perCompiledChar: 150,
  compiledBase: 16 * 1024,
  /** Any entry: the map's own slot, the key's string. */
  entry: 200,
} as const;

/**
 * The former constructor, for graphql/compiled-queries.ts only (being rewritten as this changed): an LRUCache
 * bounded by bytes that also takes null values (LRUCache keeps them, its types refuse them). Once that file
 * builds its caches with `new LRUCache({ maxSize, sizeCalculation })`, this goes.
 */
export class LruByBytes<K extends string, V> {
  readonly #entries: LRUCache<K, NonNullable<unknown>>;

  constructor(maxBytes: number, sizeOf: (value: V, key: K) => number) {
    this.#entries = new LRUCache<K, NonNullable<unknown>>({ maxSize: maxBytes, sizeCalculation: (value, key) => sizeOf(value as V, key) });
  }

  get(key: K): V | undefined {
    return this.#entries.get(key) as V | undefined;
  }

  set(key: K, value: V): void {
    this.#entries.set(key, value as NonNullable<unknown>);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }
}
