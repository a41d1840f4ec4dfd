// The rule every cache of anonymous catalogue answers follows (http/kept-answers.ts): emptied by a
// catalogue write and by a gap in the events this process hears, never older than the upper age, bounded
// in bytes. The same rule serves the GraphQL answers, the REST whole lists and any later kind.
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepCatalogueAnswers, PICTURES_SETTLE_MS } from "../src/http/kept-answers.js";
import { handDrivenBus } from "./catalogue-cache-support.js";

describe("kept catalogue answers", () => {
  it("a catalogue write empties them, and an answer computed across the write is not kept", () => {
    const { bus, hear } = handDrivenBus();
    const kept = keepCatalogueAnswers<string>(bus, { name: "test", maxAgeMs: 60_000, maxBytes: 1000 });
    expect(kept.keep("/products", "old list", 8, kept.version())).toBe(true);
    const started = kept.version();
    hear({ type: "catalogueChanged" });
    expect(kept.get("/products")).toBeUndefined();
    expect(kept.keep("/products", "computed before the write", 8, started)).toBe(false);
    expect(kept.get("/products")).toBeUndefined();
  });

  describe("pictures written in a way visitors see (picturesChanged)", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("the first announcement after a quiet second empties them at once", () => {
      const { bus, hear } = handDrivenBus();
      const kept = keepCatalogueAnswers<string>(bus, { name: "test", maxAgeMs: 60_000, maxBytes: 1000 });
      kept.keep("/products", "list", 4, kept.version());
      hear({ type: "picturesChanged" });
      expect(kept.get("/products")).toBeUndefined();
    });

    it("a burst of them empties them once at once and once at the end of the second, not once each", () => {
      vi.useFakeTimers();
      const { bus, hear } = handDrivenBus();
      const kept = keepCatalogueAnswers<string>(bus, { name: "test", maxAgeMs: 60_000, maxBytes: 1000 });
      hear({ type: "picturesChanged" });
      kept.keep("/products", "kept after the first", 4, kept.version());
      for (let i = 0; i < 200; i += 1) hear({ type: "picturesChanged" });
      // Within the second: what was kept after the first emptying stays (its pictures at most a second old).
      expect(kept.get("/products")).toBe("kept after the first");
      const started = kept.version();
      vi.advanceTimersByTime(PICTURES_SETTLE_MS);
      expect(kept.get("/products")).toBeUndefined();
      expect(kept.keep("/products", "computed before the second emptying", 4, started)).toBe(false);
      // A catalogue write never waits.
      kept.keep("/products", "again", 4, kept.version());
      hear({ type: "catalogueChanged", products: [1] });
      expect(kept.get("/products")).toBeUndefined();
    });
  });

  it("a lost LISTEN connection empties them and keeps nothing until events are heard again; then empties once more", () => {
    const { bus, tell } = handDrivenBus();
    const kept = keepCatalogueAnswers<string>(bus, { name: "test", maxAgeMs: 60_000, maxBytes: 1000 });
    kept.keep("/products", "before the drop", 8, kept.version());
    tell("interrupted");
    expect(kept.get("/products")).toBeUndefined();
    // While deaf, a write elsewhere would go unheard: nothing is kept.
    expect(kept.keep("/products", "during the gap", 8, kept.version())).toBe(false);
    const duringGap = kept.version();
    tell("resumed");
    expect(kept.keep("/products", "computed during the gap", 8, duringGap)).toBe(false);
    expect(kept.keep("/products", "after", 5, kept.version())).toBe(true);
    expect(kept.get("/products")).toBe("after");
  });

  it("nothing is served older than the upper age (CATALOGUE_CACHE_SECONDS), even when no event came", () => {
    const { bus } = handDrivenBus();
    let now = 1_000_000;
    const kept = keepCatalogueAnswers<string>(bus, { name: "test", maxAgeMs: 60_000, maxBytes: 1000, now: () => now });
    kept.keep("/regions", "regions", 7, kept.version());
    now += 59_999;
    expect(kept.get("/regions")).toBe("regions");
    now += 1;
    expect(kept.get("/regions")).toBeUndefined();
    expect(kept.stats()).toMatchObject({ entries: 0, bytes: 0, hits: 1, misses: 1 });
    // 0 turns keeping off.
    const off = keepCatalogueAnswers<string>(bus, { name: "test", maxAgeMs: 0, maxBytes: 1000 });
    expect(off.keep("/regions", "regions", 7, off.version())).toBe(false);
  });

  it("holds at most maxBytes: the least recently used answer makes room; one larger than the bound is not kept", () => {
    const { bus } = handDrivenBus();
    const kept = keepCatalogueAnswers<string>(bus, { name: "test", maxAgeMs: 60_000, maxBytes: 100 });
    kept.keep("a", "a", 40, kept.version());
    kept.keep("b", "b", 40, kept.version());
    kept.get("a");
    kept.keep("c", "c", 40, kept.version());
    expect([kept.get("a"), kept.get("b"), kept.get("c")]).toEqual(["a", undefined, "c"]);
    expect(kept.stats().bytes).toBe(80);
    expect(kept.keep("huge", "huge", 101, kept.version())).toBe(false);
  });
});
