// What the shop's memories of things callers send (query texts, parsed and compiled documents, kept answers)
// count. Any caller can send a stream of new ones, so each such memory is an `LRUCache` (lru-cache) bounded
// by the bytes it holds (`maxSize`, each entry's `sizeCalculation`): the least recently used entry makes
// room, and an entry larger than the whole bound is not kept. (npm run bench:memory measures the process
// under such a stream.)

/** Bytes V8 spends per character of query text, as measured when these bounds were set (commit ec6c5f8): */
export const HEAP_BYTES = {
  /** a parsed DocumentNode: its nodes and the token list graphql keeps for locations (70-100 per character); */
  perDocumentChar: 100,
  /** a graphql-jit compiled query beside its document (130-340 per character, over 18 KB for the smallest). */
  perCompiledChar: 150,
  compiledBase: 16 * 1024,
  /** Any entry: the map's own slot, the key's string. */
  entry: 200,
} as const;
