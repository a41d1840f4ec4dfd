// The catalogue's search index, kept in each process's memory: what a search must visit to
// match, rank, sort, filter and count products, so that a search page costs the database one read of
// the page's 24 rows by id, whatever the catalogue's size and however many products match.
//
// It answers exactly as the SQL search does (domain/search/service.ts, which stays the way while the index
// is not ready): a product's words are read from its own products.search_vector (the database's parser,
// weights A name, B category, C description), names are compared lower-cased by the database's lower().
// Matching: every word of the plan (typed, its prefix when last, or a correction) among the product's
// words, or the spec's rule (the name or the category's name contains the text). Ranking: RANK. Ties: the
// chosen sort, then newest first, then by id, like the SQL keys, so cursors of one serve the other.
//
// Freshness: built at start (in batches, so the process keeps answering meanwhile), then kept in step by
// the catalogueChanged events, which name the products a write touched: those rows are read again. An
// event naming none (a category written, a large import) or a gap in what this process hears rebuilds
// it. While it is behind (a change heard, not applied yet) or being built, `ready()` answers null and
// search runs in SQL, so nothing already announced is ever answered from an older catalogue.
import { Prisma } from "../../generated/prisma/client.js";
import { asDate, type DeliveryNews, type EventBus, type KeyValue, type RowReader, type ShopEvent } from "../shared/index.js";
import type { FilterCounts } from "../catalog/index.js";
import { watch } from "../../metrics.js";
import { countsOfMatches, pageOfMatches } from "./index-answers.js";
import { Catalogue, PRODUCT_ROW, type IndexPage, type IndexQuery, type ProductRow } from "./index-catalogue.js";

export { RANK, wordsOfVector, type IndexPage, type IndexQuery } from "./index-catalogue.js";

/** Products read per statement while building: the process answers between batches. */
const BUILD_BATCH = 5000;
/** Products whose words changed since the build (kept as new slots) before the index is rebuilt. */
const REBUILD_AFTER_CHANGED = 20_000;
/** After a failed read (the database away), the next attempt waits this long. */
const RETRY_MS = 5000;

/** What a ready index answers. */
export interface ReadyIndex {
  page(query: IndexQuery, after: KeyValue[] | null, limit: number): IndexPage;
  counts(query: IndexQuery, byCategory: boolean): FilterCounts;
  /** The category of this name, whatever its case (names are unique so); undefined when none is. */
  categoryNamed(name: string): number | undefined;
  /** Products held. */
  readonly products: number;
}

export interface ProductIndexOptions {
  /** Where failures to read the catalogue are reported (the index is then rebuilt later). */
  onError?: (message: string, error: unknown) => void;
}

export class ProductIndex {
  private catalogue: Catalogue | null = null;
  /** Products named by events and not read again yet. */
  private readonly pending = new Set<number>();
  private rebuildWanted = true;
  private listening: boolean;
  private working: Promise<void> | null = null;
  /** Bumped by every gap in delivery: work begun before it is thrown away. */
  private generation = 0;
  private retry: NodeJS.Timeout | null = null;
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly readRows: RowReader,
    events: EventBus,
    private readonly options: ProductIndexOptions = {},
  ) {
    this.listening = events.deliveryState().listening;
    this.stops.push(events.listen((event) => this.hear(event)));
    this.stops.push(events.watchDelivery((news) => this.heardDelivery(news)));
    this.stops.push(watch("shop_search_index_products", () => this.catalogue?.slotOf.size ?? 0));
    this.stops.push(watch("shop_search_index_ready", () => (this.ready() ? 1 : 0)));
    this.work();
  }

  /** The index when it holds the catalogue as last announced; null while building or behind (search in SQL). */
  ready(): ReadyIndex | null {
    const catalogue = this.catalogue;
    if (!catalogue || !this.listening || this.working || this.pending.size > 0 || this.rebuildWanted) return null;
    return {
      page: (query, after, limit) => pageOfMatches(catalogue, query, after, limit),
      counts: (query, byCategory) => countsOfMatches(catalogue, query, byCategory),
      categoryNamed: (name) => catalogue.categoryNamed(name),
      products: catalogue.slotOf.size,
    };
  }

  /** Resolves when the index has applied everything it has heard so far. */
  async settled(): Promise<void> {
    while (this.working) await this.working;
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    if (this.retry) clearTimeout(this.retry);
    this.generation += 1;
    this.catalogue = null;
  }

  private hear(event: ShopEvent): void {
    if (event.type !== "catalogueChanged") return;
    if (event.products === undefined) this.rebuildWanted = true;
    else for (const id of event.products) this.pending.add(id);
    this.work();
  }

  private heardDelivery(news: DeliveryNews): void {
    // Whatever changed while this process heard nothing is unknown: build again once hearing.
    this.generation += 1;
    this.listening = news === "resumed";
    this.catalogue = null;
    this.pending.clear();
    this.rebuildWanted = true;
    this.work();
  }

  private work(): void {
    if (this.working || !this.listening || this.retry) return;
    if (this.catalogue && !this.rebuildWanted && this.pending.size === 0) return;
    const generation = this.generation;
    this.working = (async () => {
      // Never finish within this call: `working` is set before the work can end (and clear it).
      await null;
      try {
        while (this.generation === generation && this.listening && (this.rebuildWanted || this.pending.size > 0)) {
          if (this.rebuildWanted || !this.catalogue) {
            this.rebuildWanted = false;
            this.pending.clear();
            const built = await this.build(generation);
            if (built) this.catalogue = built;
          } else {
            const ids = [...this.pending];
            this.pending.clear();
            await this.apply(this.catalogue, ids);
            if (this.catalogue.changedSince > REBUILD_AFTER_CHANGED) this.rebuildWanted = true;
          }
        }
      } catch (error) {
        this.options.onError?.("The search index could not read the catalogue; searching in SQL until it can.", error);
        this.catalogue = null;
        this.rebuildWanted = true;
        this.retry = setTimeout(() => {
          this.retry = null;
          this.work();
        }, RETRY_MS);
        this.retry.unref();
      } finally {
        this.working = null;
      }
      // A delivery gap during the work leaves more to do.
      if (this.generation !== generation) this.work();
    })();
  }

  /** The whole catalogue, read in batches by id; null when a delivery gap made it void meanwhile. */
  private async build(generation: number): Promise<Catalogue | null> {
    const catalogue = new Catalogue();
    for (const category of await this.readRows<{ id: number; name: string; created_at: Date | string }>(Prisma.sql`SELECT id, name, created_at FROM categories`)) {
      catalogue.categories.set(Number(category.id), { id: Number(category.id), name: category.name, createdAt: asDate(category.created_at) });
    }
    let after = 0;
    for (;;) {
      const rows = await this.readRows<ProductRow>(Prisma.sql`SELECT ${PRODUCT_ROW} FROM products p WHERE p.id > ${after}::int4 ORDER BY p.id LIMIT ${BUILD_BATCH}`);
      if (this.generation !== generation) return null;
      for (const row of rows) catalogue.add(row);
      if (rows.length < BUILD_BATCH) break;
      after = Number(rows[rows.length - 1].id);
    }
    catalogue.compact();
    return catalogue;
  }

  /** The named products read again (gone ones removed). */
  private async apply(catalogue: Catalogue, ids: number[]): Promise<void> {
    const rows = await this.readRows<ProductRow>(Prisma.sql`SELECT ${PRODUCT_ROW} FROM products p WHERE p.id = ANY(${ids}::int4[])`);
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(Number(row.id));
      catalogue.update(row);
    }
    for (const id of ids) if (!seen.has(id)) catalogue.remove(id);
  }
}
