// The dashboard's answers kept in this process while nothing they count changes, because a range report over
// ten thousand products cannot be summed in a millisecond on two cores, and the dashboard asks the same few
// questions again and again (every admin's screen, every refresh).
//
// The rules:
// - An answer is kept per (query, arguments, UTC day): the day is part of the key because "this month", "the last
//   30 days" and "this year" move at midnight UTC, and an answer of yesterday is never served today.
// - Every write to a rollup (an order placed, moved, cancelled or refunded, a customer's account made) empties it
//   on every replica: the rollups' triggers announce analyticsChanged (the analytics_month_rollups migration), so
//   no writer can forget. A catalogue write empties it too (catalogueChanged): the answers show products' names,
//   slugs, pictures and categories, and leave deleted products out.
// - When this process may have missed such an announcement (its LISTEN connection dropped), it is emptied and
//   keeps nothing until events are heard again ("resumed"), then emptied once more.
// - Identical asks arriving together share one computation; an ask arriving after a change never joins a
//   computation begun before it (the change empties the shared ones too), and an answer computed while a change
//   came is not kept. A failed computation is not kept.
// - It holds answers of at most MAX_KEPT_WEIGHT in all, the least recently used going first: an answer weighs
//   1 plus the days it lists (a report's chart and CSV hold a row a day, and a custom range may hold ten years),
//   so the fixed ranges of every query fit many times over and odd custom ranges cannot fill the memory.
// - Without an event bus (a service made on its own, e.g. by a script), nothing is kept.
//
// An answer is shared by every caller that gets it: callers must not change it.
import { LRUCache } from "lru-cache";
import type { EventBus } from "../shared/index.js";

/** The most weight kept (see above): some 20,000 days of reports, a few megabytes. */
export const MAX_KEPT_WEIGHT = 20_000;

interface Entry {
  answer: Promise<unknown>;
  version: number;
  weight: number;
}

export class KeptDashboardAnswers {
  private readonly entries = new LRUCache<string, Entry>({ maxSize: MAX_KEPT_WEIGHT, sizeCalculation: (entry) => entry.weight });
  // Bumped by every change and every gap in what this process hears.
  private version = 0;
  private paused: boolean;
  private readonly off: boolean;
  private readonly stops: (() => void)[] = [];
  /** Computations run (not served from what was kept), for tests and the bench. */
  computed = 0;

  constructor(events: EventBus | undefined) {
    this.off = !events;
    this.paused = !events || !events.deliveryState().listening;
    if (!events) return;
    this.stops.push(
      events.listen((event) => {
        if (event.type === "analyticsChanged" || event.type === "catalogueChanged") this.empty();
      }),
      events.watchDelivery((news) => {
        // While interrupted, a write elsewhere would go unheard: keep nothing until listening again.
        this.paused = news === "interrupted";
        this.empty();
      }),
    );
  }

  /** Drops every kept and shared answer. */
  empty(): void {
    this.version += 1;
    this.entries.clear();
  }

  /** The answer kept under `key`, or `compute`'s, shared with identical asks until a change; `days`: the days it lists. */
  answer<T>(key: string, compute: () => Promise<T>, days = 0): Promise<T> {
    if (this.off || this.paused) {
      this.computed += 1;
      return compute();
    }
    const kept = this.entries.get(key);
    if (kept && kept.version === this.version) return kept.answer as Promise<T>;
    const version = this.version;
    this.computed += 1;
    const answer = compute();
    const entry: Entry = { answer, version, weight: 1 + days };
    this.entries.set(key, entry);
    answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return answer;
  }

  /** How many answers are kept (or being computed). */
  size(): number {
    return this.entries.size;
  }

  stop(): void {
    for (const stop of this.stops) stop();
    this.empty();
  }
}
