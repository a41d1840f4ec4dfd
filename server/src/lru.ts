// A map bounded by bytes, for everything the shop keeps per thing a caller sends or asks for (query texts,
// parsed and compiled documents, kept answers): any caller can send a stream of new ones, so every such
// memory is bounded by what it holds, counted in bytes, and the least recently used entry makes room.
// (npm run bench:memory measures the process under such a stream.)

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

export class LruByBytes<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private held = 0;

  /** `sizeOf`: what one entry holds, in bytes (an estimate is fine: it is what the bound counts). */
  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V, key: K) => number,
  ) {}

  /** The value, made the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value, as it is: not counted as a use. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps the value, dropping the least recently used entries to make room; false when it alone is over the bound. */
  set(key: K, value: V): boolean {
    this.delete(key);
    const bytes = this.sizeOf(value, key);
    if (bytes > this.maxBytes) return false;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.held + bytes <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.held -= oldest.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    return true;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.held;
  }
}
