// Memory under a stream of distinct query texts: whatever callers send, what the shop keeps per text is
// bounded by the bytes it takes, not by a count or by its JSON (a parsed document's heap is about five
// times its JSON). The figures under load are npm run bench:memory's; the query lane's own bound is
// pinned in query-lane.test.ts.
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { documentStore, persistedQueryStore } from "../src/http/apollo-stores.js";
import { LRUCache } from "lru-cache";
import { HEAP_BYTES } from "../src/lru.js";

describe("what Apollo keeps per query text", () => {
  it("parsed documents: a stream of distinct texts keeps at most 12 MB of them by heap estimate, the newest", async () => {
    const store = documentStore();
    const text = (n: number) => `query Q${n} { a${n}: products(first: 2) { nodes { id } } }`;
    const count = 5000;
    for (let n = 0; n < count; n += 1) await store.set(`hash-${n}`, parse(text(n)));
    const perDocument = HEAP_BYTES.entry + 10 + HEAP_BYTES.perDocumentChar * text(count).length;
    const kept = Math.floor((12 * 1024 * 1024) / perDocument);
    expect(kept).toBeLessThan(count);
    expect(await store.get(`hash-${count - 1}`)).toBeDefined();
    expect(await store.get(`hash-${count - kept - 200}`)).toBeUndefined();
    // Apollo's default store (30 MB as JSON counts it) would have kept every one of them.
    expect(JSON.stringify(parse(text(1))).length * count).toBeLessThan(30 * 1024 * 1024);
  });

  it("persisted query texts: at most 8 MB of them", async () => {
    const store = persistedQueryStore();
    const text = "x".repeat(100_000);
    for (let n = 0; n < 100; n += 1) await store.set(`apq-${n}`, `${n}${text}`);
    expect(await store.get("apq-99")).toBeDefined();
    expect(await store.get("apq-0")).toBeUndefined();
  });
});

describe("a map bounded by bytes (lru-cache, as every such memory of the shop builds it)", () => {
  it("drops the least recently used entries to make room, and refuses one larger than the bound (dropping the one it replaces)", () => {
    const lru = new LRUCache<string, number>({ maxSize: 100, sizeCalculation: (value) => value });
    lru.set("a", 40);
    lru.set("b", 40);
    lru.get("a");
    lru.set("c", 40);
    expect([lru.peek("a"), lru.peek("b"), lru.peek("c")]).toEqual([40, undefined, 40]);
    expect(lru.calculatedSize).toBe(80);
    lru.set("c", 101);
    expect(lru.has("c")).toBe(false);
    expect([lru.size, lru.calculatedSize]).toEqual([1, 40]);
  });
});
