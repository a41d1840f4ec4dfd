// Apollo's two memories of what callers send, bounded by the bytes they really take. Apollo's defaults hold
// 30 MB each as JSON.stringify counts them; a parsed document takes about five times its JSON in V8's heap
// (its token list and nodes), so a stream of distinct query texts grew one process past 1 GB (bench:memory).
import type { DocumentNode } from "graphql";
import { LRUCache } from "lru-cache";
import { HEAP_BYTES } from "../lru.js";

/** Parsed and validated documents, by query hash: every query the storefront and admin send fits many times over. */
const DOCUMENT_BYTES = 12 * 1024 * 1024;
/** The texts of automatic persisted queries, by hash (also a few dozen in use). */
const PERSISTED_QUERY_BYTES = 8 * 1024 * 1024;

/** Apollo's KeyValueCache over a byte-bounded LRU. */
function keyValueCache<V extends string | object>(maxBytes: number, sizeOf: (value: V, key: string) => number) {
  const entries = new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: sizeOf });
  return {
    async get(key: string): Promise<V | undefined> {
      return entries.get(key);
    },
    async set(key: string, value: V): Promise<void> {
      entries.set(key, value);
    },
    async delete(key: string): Promise<boolean> {
      return entries.delete(key);
    },
  };
}

export const documentStore = () =>
  keyValueCache<DocumentNode>(DOCUMENT_BYTES, (document, key) => HEAP_BYTES.entry + key.length + HEAP_BYTES.perDocumentChar * (document.loc?.end ?? 1000));

export const persistedQueryStore = () =>
  keyValueCache<string>(PERSISTED_QUERY_BYTES, (text, key) => HEAP_BYTES.entry + key.length + 2 * text.length);
