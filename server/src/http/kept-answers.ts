// Answers kept in memory while the catalogue stays as it was: the one rule every cache of anonymous
// catalogue answers follows (GraphQL GET answers in catalogue-cache.ts, the REST shim's whole lists in
// catalogue-lists.ts, and any other kind, e.g. rendered pages), so each kind only says what it keeps.
//
// - Every catalogue write empties it, on every replica: the database announces it (catalogueChanged).
// - A picture written in a way a visitor sees (picturesChanged) empties it too, but at most once per
//   PICTURES_SETTLE_MS: the first announcement after a quiet second empties it at once, the ones that follow
//   within that second once at its end. A backlog of pictures being made (hundreds of rows a second after an
//   import) would otherwise keep every cache empty; a picture's new rendition may show a second late.
// - When this process may have missed such an announcement (its LISTEN connection dropped), it is
//   emptied and keeps nothing until events are heard again, then emptied once more.
// - Nothing is served older than the upper age (CATALOGUE_CACHE_SECONDS), whatever was heard: a backstop
//   for what no event says.
// - It holds at most `maxBytes` (as each kind counts its answers' bytes); the least recently used goes first.
// - An answer computed while the catalogue changed is not kept (see version()).
import type { EventBus } from "../domain/shared/index.js";
import { LRUCache } from "lru-cache";
import { catalogueCacheLookups, watch } from "../metrics.js";

export interface KeptAnswers<T> {
  /**
   * The answer kept under `key`, when there is one younger than the upper age. Counts a hit, or a miss
   * unless `countMiss` is false (a first look whose miss the next one will count).
   */
  get(key: string, countMiss?: boolean): T | undefined;
  /** Taken before computing an answer, and given back to keep(): a catalogue change in between voids it. */
  version(): number;
  /** Keeps the answer (false when it is void, too big, or keeping is off or paused). */
  keep(key: string, answer: T, bytes: number, version: number): boolean;
  /** What it holds and how it served, for metrics. */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  stop(): void;
}

export interface KeptAnswersOptions {
  /** Its label in the metrics (shop_catalogue_cache_lookups_total{cache}). */
  name: string;
  /** The upper age of an answer, in ms; 0 keeps nothing. */
  maxAgeMs: number;
  /** The most bytes held, as the answers are counted by keep(). */
  maxBytes: number;
  /** Milliseconds now (tests move it). */
  now?: () => number;
}

interface Entry<T> {
  answer: T;
  bytes: number;
  keptAt: number;
}

/** How often, at most, announcements of pictures empty the kept answers. */
export const PICTURES_SETTLE_MS = 1000;

export function keepCatalogueAnswers<T>(events: EventBus, options: KeptAnswersOptions): KeptAnswers<T> {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry<T>>({ maxSize: options.maxBytes, sizeCalculation: (entry) => entry.bytes });
  let hits = 0;
  let misses = 0;
  // Bumped by every change and every gap in what this process hears.
  let version = 0;
  let paused = !events.deliveryState().listening;
  const hit = catalogueCacheLookups.labels(options.name, "hit");
  const miss = catalogueCacheLookups.labels(options.name, "miss");
  const unwatch = [watch("shop_catalogue_cache_entries", () => entries.size), watch("shop_catalogue_cache_bytes", () => entries.calculatedSize)];

  const empty = () => {
    version += 1;
    entries.clear();
  };

  let picturesEmptiedAt = -Infinity;
  let picturesTimer: NodeJS.Timeout | undefined;
  const emptyForPictures = () => {
    picturesTimer = undefined;
    picturesEmptiedAt = Date.now();
    empty();
  };
  const stopListening = events.listen((event) => {
    if (event.type === "catalogueChanged") empty();
    if (event.type !== "picturesChanged" || picturesTimer) return;
    const wait = picturesEmptiedAt + PICTURES_SETTLE_MS - Date.now();
    if (wait <= 0) emptyForPictures();
    else picturesTimer = setTimeout(emptyForPictures, wait).unref();
  });
  const stopWatching = events.watchDelivery((news) => {
    // While interrupted, a write elsewhere would go unheard: keep nothing until listening again.
    paused = news === "interrupted";
    empty();
  });

  return {
    get(key, countMiss = true) {
      const entry = entries.get(key);
      if (entry && now() - entry.keptAt >= options.maxAgeMs) entries.delete(key);
      else if (entry) {
        hits += 1;
        hit.inc();
        return entry.answer;
      }
      if (countMiss) {
        misses += 1;
        miss.inc();
      }
      return undefined;
    },
    version: () => version,
    keep(key, answer, size, since) {
      if (since !== version || paused || options.maxAgeMs <= 0) return false;
      // LRUCache counts whole bytes, at least one; an answer larger than maxBytes is not kept (nor one it replaces).
      entries.set(key, { answer, bytes: Math.max(1, Math.ceil(size)), keptAt: now() });
      return entries.has(key);
    },
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, hits, misses }),
    stop() {
      stopListening();
      clearTimeout(picturesTimer);
      stopWatching();
      for (const stopReporting of unwatch) stopReporting();
      empty();
    },
  };
}
