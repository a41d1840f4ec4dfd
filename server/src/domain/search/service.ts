// The shop's product search: what a shopper types in the header or on the search page.
//
// Matching: every word of the text, in any order, in the product's name, its category's name or its
// description; the last word as a prefix (the shopper may still be typing it); a word the catalogue does
// not know may also be read as its close spellings from the dictionary of the catalogue's words
// ('monstra' as 'monstera'). Words are found through products.search_vector's GIN index, so a query
// touches the matching rows only, never the whole catalogue. The spec's rule stays true beside it: any
// product whose name or category's name contains the text is found.
//
// Ranking (RANK below): the exact name, then names starting with the text, then all words in the name,
// then category matches, then the rest (description matches and corrected spellings); ties in the chosen
// sort. Pages are read by keyset on (rank, the sort's keys), like every list of the shop.
//
// Each search costs two statements: the plan (the categories it depends on and the words' corrections,
// one small query over the categories and the dictionary; kept per text while the catalogue stays as it
// was) and the page. From the in-memory index (product-index.ts, the usual way), the page is matched,
// ranked and counted in memory and only its rows are read, by id; in SQL (while the index builds or is
// behind), one statement ranks the matching ids only and joins the full rows for the page's few products,
// counting the first page's total along.
import { Prisma, type Category, type PrismaClient } from "../../generated/prisma/client.js";
import {
  alignedById,
  allOf,
  comesAfter,
  containsPattern,
  countOf,
  keyColumns,
  keysOfRow,
  pageOf,
  readPage,
  type EventBus,
  type KeyValue,
  type Page,
  type PageRequest,
  type RowReader,
  type SortKey,
} from "../shared/index.js";
import {
  countFilters,
  filterConditions,
  listKey,
  NO_FILTER_COUNTS,
  PRODUCT_COLUMNS,
  PRODUCT_PAGE_SIZE,
  productFromListRow,
  PRODUCTS_JOINED,
  SORT_KEYS,
  type FilterCounts,
  type ProductListRow,
  type ProductSearch,
  type ProductWithCategory,
  type SearchPageOptions,
} from "../catalog/index.js";
import { browseQuery, emptyPage, indexQuery, matches, planKey, rankKey, tsquery, type SearchPlan } from "./queries.js";
import { correctedText, matchQuery, MIN_CORRECTED_LENGTH, wordsOf, type ReadWord } from "./words.js";
import { SearchGate } from "./gate.js";
import { type IndexPage, type ProductIndex, type ReadyIndex } from "./product-index.js";

/** What the header shows while a shopper types. */
export interface SearchSuggestions {
  products: ProductWithCategory[];
  categories: Category[];
}

export const SUGGESTED_PRODUCTS = 6;
/** Close spellings kept per word: the best few are enough to find what was meant. */
const CORRECTIONS_PER_WORD = 3;

export interface SearchOptions {
  /**
   * Searches this process runs at once; one more is answered "busy" (TOO_MANY_REQUESTS) at once rather
   * than queued, so a burst of searches can never hold the connections the rest of the shop needs.
   */
  maxInFlight?: number;
  /**
   * The catalogue's search index in this process's memory (product-index.ts): while it is ready, searches
   * are matched, ranked, counted and filtered there, and only the page's rows are read, by id, through
   * `pageRows`; otherwise (building, behind, events interrupted, or none given) they run in SQL.
   */
  index?: ProductIndex;
  /** Reads a page's rows by id for the index's answers: the shop's main pool (search's own is for the SQL way). */
  pageRows?: RowReader;
}

export const DEFAULT_MAX_SEARCHES_IN_FLIGHT = 8;
/** Searches computed from the index at once, and how many more may wait (measured with npm run bench:search). */
const INDEXED_SEARCHES_AT_ONCE = 2;
const INDEXED_SEARCHES_WAITING = 64;

/** Plans kept per process (see SearchService.plans): a plan is a few ids and words. */
const MAX_KEPT_PLANS = 2000;

export class SearchService implements ProductSearch {
  readonly gate: SearchGate;
  /**
   * Searches answered from the index: this process's CPU, not the database, is what they take, so only a
   * few are computed at once and the rest wait their turn (up to a queue, then "busy"); the event loop
   * keeps room for every other request (a product page beside 20 searching shoppers: npm run bench:search).
   */
  readonly lane: SearchGate;
  /**
   * Plans of recent searches (what a text's words are read as, which categories it names), kept while
   * this process hears every catalogue change and emptied by each: shoppers typing send the same texts
   * again and again, and a kept plan saves a statement per search. Without events, nothing is kept.
   */
  private readonly plans = new Map<string, SearchPlan>();
  /**
   * Plans being read now, shared by whoever asks for the same one meanwhile: a page view asks for its
   * products and its filters' counts at once, and reads the plan once.
   */
  private readonly planning = new Map<string, Promise<SearchPlan>>();
  private keepPlans: boolean;
  private readonly index: ProductIndex | null;
  private readonly pageRows: RowReader;

  constructor(
    /** Search's own reader: on PostgreSQL, a small pool of its own with a statement timeout (db/client.ts). */
    private readonly readRows: RowReader,
    options: SearchOptions = {},
    events?: EventBus,
  ) {
    this.gate = new SearchGate(options.maxInFlight ?? DEFAULT_MAX_SEARCHES_IN_FLIGHT);
    this.lane = new SearchGate(INDEXED_SEARCHES_AT_ONCE, INDEXED_SEARCHES_WAITING);
    this.index = options.index ?? null;
    this.pageRows = options.pageRows ?? readRows;
    this.keepPlans = events?.deliveryState().listening ?? false;
    events?.listen((event) => {
      if (event.type === "catalogueChanged") this.plans.clear();
    });
    events?.watchDelivery((news) => {
      // While interrupted, a change elsewhere would go unheard: keep nothing until listening again.
      this.keepPlans = news === "resumed";
      this.plans.clear();
    });
  }

  /** Whether searches are answered from the in-memory index now (product-index.ts), not in SQL. */
  get indexReady(): boolean {
    return this.index?.ready() != null;
  }

  /** Resolves when the index (if any) has applied every catalogue change it has heard. */
  async indexSettled(): Promise<void> {
    await this.index?.settled();
  }

  /** A page of products matching the text, best matches first (see the top of this file). */
  async page(options: SearchPageOptions): Promise<Page<ProductWithCategory>> {
    // The admin's name filter is SQL's alone.
    if (this.index?.ready() && !options.name) {
      const plan = await this.gatedPlan(options.search, options.category, false);
      const index = this.index.ready();
      if (index) return this.lane.run(() => this.indexedPage(index, options, plan));
    }
    return this.gate.run(() => this.readPageOf(options));
  }

  /** Up to 6 products and the categories matching what the shopper has typed so far: cheap enough per keystroke. */
  suggestions(text: unknown): Promise<SearchSuggestions> {
    const search = typeof text === "string" ? text.trim().slice(0, 255) : "";
    if (!search) return Promise.resolve({ products: [], categories: [] });
    if (this.index?.ready()) {
      return this.gatedPlan(search, null, true).then(async (plan) => {
        const index = this.index?.ready();
        if (!index) return this.suggestionsInSql(search);
        return this.lane.run(async () => {
          const found = index.page(indexQuery(search, plan, { sort: "default" }), null, SUGGESTED_PRODUCTS);
          return { products: await this.productsById(found.ids), categories: plan.categories.found };
        });
      });
    }
    return this.suggestionsInSql(search);
  }

  private suggestionsInSql(search: string): Promise<SearchSuggestions> {
    return this.gate.run(async () => {
      const plan = await this.plan(search, null, true);
      const rows = await this.selectRanked(search, plan, [], SORT_KEYS.default, null, SUGGESTED_PRODUCTS, false);
      return { products: rows.map((row) => row.product), categories: plan.categories.found };
    });
  }

  /** The text with the words the catalogue does not know corrected ('monstra lilly' -> 'monstera lily'); null when none is. */
  didYouMean(text: unknown): Promise<string | null> {
    const search = typeof text === "string" ? text.trim().slice(0, 255) : "";
    if (!search) return Promise.resolve(null);
    return this.gate.run(async () => correctedText((await this.plan(search, null, false)).words));
  }

  /**
   * Rebuilds the dictionary and every product's words from the catalogue as it is (`npm run search:rebuild`);
   * triggers keep both in step with every write, so this is for repairs and imports that bypassed them.
   */
  async rebuild(prisma: Pick<PrismaClient, "$executeRawUnsafe">): Promise<void> {
    await prisma.$executeRawUnsafe(`SELECT rebuild_search()`);
  }

  /** How many products each filter would show beside the search's page (domain/product-filters.ts). */
  async filterCounts(options: SearchPageOptions): Promise<FilterCounts> {
    if (this.index?.ready() && !options.name) {
      const plan = await this.gatedPlan(options.search, options.category, false);
      const index = this.index.ready();
      if (index) {
        if (plan.categories.chosen?.length === 0) return NO_FILTER_COUNTS;
        return this.lane.run(async () => index.counts(indexQuery(options.search, plan, options), true));
      }
    }
    return this.gate.run(async () => {
      const plan = await this.plan(options.search, options.category, false);
      if (plan.categories.chosen?.length === 0) return NO_FILTER_COUNTS;
      return countFilters(this.readRows, matches(options.search, plan), {
        ...options,
        category: plan.categories.chosen?.[0] ?? null,
        byCategory: true,
      });
    });
  }

  /** A search page from the index: ranked and counted in memory, the page's rows read by id. */
  private async indexedPage(index: ReadyIndex, options: SearchPageOptions, plan: SearchPlan): Promise<Page<ProductWithCategory>> {
    const list = listKey(options);
    const request = readPage(options.first, options.after, PRODUCT_PAGE_SIZE, list, [rankKey(options.search, null), ...SORT_KEYS[options.sort]]);
    if (plan.categories.chosen?.length === 0) return emptyPage(request, list);
    const found = index.page(indexQuery(options.search, plan, options), request.after, request.size + 1);
    return this.pageFound(found, request, list, (keys) => keys);
  }

  async browse(options: SearchPageOptions): Promise<Page<ProductWithCategory> | null> {
    const index = this.index?.ready();
    // A category's page (its total is one count among thousands); the whole catalogue's lists (the home
    // page's) are a few rows read straight off SQL's indexes, which visiting every product cannot beat.
    if (!index || options.name || options.category === null) return null;
    const list = listKey(options);
    const request = readPage(options.first, options.after, PRODUCT_PAGE_SIZE, list, SORT_KEYS[options.sort]);
    const category = index.categoryNamed(options.category);
    if (category === undefined) return emptyPage(request, list);
    // The index ranks every product alike (rank 0); a page without text has no rank in its cursors.
    const found = index.page(browseQuery(category, options), request.after && [0, ...request.after], request.size + 1);
    return this.pageFound(found, request, list, (keys) => keys.slice(1));
  }

  async browseCounts(options: SearchPageOptions): Promise<FilterCounts | null> {
    const index = this.index?.ready();
    if (!index || options.name) return null;
    const category = options.category === null ? null : index.categoryNamed(options.category);
    if (category === undefined) return NO_FILTER_COUNTS;
    return index.counts(browseQuery(category, options), false);
  }

  /** The page of what the index found: the rows read by id, in the index's order, with its total. */
  private async pageFound(found: IndexPage, request: PageRequest, list: string, cursorKeys: (keys: KeyValue[]) => KeyValue[]) {
    const products = new Map((await this.productsById(found.ids)).map((product) => [product.id, product]));
    // A product deleted since the index heard of it is left out.
    const rows = found.ids.flatMap((id, position) => {
      const product = products.get(id);
      return product ? [{ product, keys: cursorKeys(found.keys[position]) }] : [];
    });
    return pageOf(rows, request, list, (row) => row.keys, (row) => row.product, async () => found.total);
  }

  /** The products with these ids, with their categories (one statement on the main pool). */
  private async productsById(ids: number[]): Promise<ProductWithCategory[]> {
    if (ids.length === 0) return [];
    const rows = await this.pageRows<ProductListRow>(Prisma.sql`SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCTS_JOINED} WHERE p.id = ANY(${ids}::int4[])`);
    return alignedById(ids, rows.map(productFromListRow)).filter((product) => product !== undefined);
  }

  /** The plan, read under the gate when it is not kept (a statement on search's own pool). */
  private gatedPlan(search: string, category: string | null, suggesting: boolean): Promise<SearchPlan> {
    return this.keptPlan(search, category, suggesting) ?? this.gate.run(() => this.plan(search, category, suggesting));
  }

  private async readPageOf(options: SearchPageOptions): Promise<Page<ProductWithCategory>> {
    const { search, sort, category } = options;
    const list = listKey(options);
    const keys = [rankKey(search, null), ...SORT_KEYS[sort]];
    const request = readPage(options.first, options.after, PRODUCT_PAGE_SIZE, list, keys);
    const plan = await this.plan(search, category, false);
    if (plan.categories.chosen?.length === 0) return emptyPage(request, list);
    const filters = filterConditions(options, plan.categories);
    // The first page counts the matches along (they are all visited to rank them anyway).
    const countAlong = request.after === null;
    const rows = await this.selectRanked(search, plan, filters, SORT_KEYS[sort], request.after, request.size + 1, countAlong);
    const counted = countAlong ? (rows[0]?.matching ?? 0) : null;
    const count = async () => counted ?? this.countMatches(search, plan, filters);
    return pageOf(rows, request, list, (row) => row.keys, (row) => row.product, count);
  }

  /**
   * The plan of a search, in one small query: the category the filter names, the categories containing
   * the text (and, for suggestions, those whose name holds every word), and for each word whether the
   * dictionary knows it (as a prefix, for the last) and its closest spellings there.
   */
  private async plan(search: string, category: string | null, suggesting: boolean): Promise<SearchPlan> {
    const key = planKey(search, category, suggesting);
    const kept = this.plans.get(key) ?? this.planning.get(key);
    if (kept) return kept;
    const reading = this.readPlan(search, category, suggesting);
    this.planning.set(key, reading);
    let plan: SearchPlan;
    try {
      plan = await reading;
    } finally {
      this.planning.delete(key);
    }
    if (this.keepPlans) {
      if (this.plans.size >= MAX_KEPT_PLANS) this.plans.delete(this.plans.keys().next().value!);
      this.plans.set(key, plan);
    }
    return plan;
  }

  /** The plan when it is kept or being read already (no statement of its own). */
  private keptPlan(search: string, category: string | null, suggesting: boolean): Promise<SearchPlan> | undefined {
    const key = planKey(search, category, suggesting);
    const kept = this.plans.get(key);
    return kept ? Promise.resolve(kept) : this.planning.get(key);
  }

  private async readPlan(search: string, category: string | null, suggesting: boolean): Promise<SearchPlan> {
    const typed = wordsOf(search);
    const parts: Prisma.Sql[] = [
      Prisma.sql`SELECT 'containing' AS role, id, name, created_at, NULL::int4 AS position, NULL::text AS word
                 FROM categories WHERE name ILIKE ${containsPattern(search)}`,
    ];
    if (category !== null) {
      parts.push(Prisma.sql`SELECT 'chosen', id, name, created_at, NULL, NULL FROM categories WHERE lower(name) = lower(${category}::text)`);
    }
    if (suggesting && typed.length) {
      const words: ReadWord[] = typed.map((word, index) => ({ word, last: index === typed.length - 1, corrections: [] }));
      parts.push(Prisma.sql`SELECT 'named', id, name, created_at, NULL, NULL FROM categories
                 WHERE to_tsvector('simple'::regconfig, name) @@ ${tsquery(matchQuery(words))}`);
    }
    typed.forEach((word, index) => {
      const last = index === typed.length - 1;
      // Words are letters and digits only (wordsOf): nothing in them to escape for LIKE.
      const known = last ? Prisma.sql`word LIKE ${`${word}%`}` : Prisma.sql`word = ${word}`;
      parts.push(Prisma.sql`(SELECT 'known', NULL, NULL, NULL, ${index}::int4, word FROM search_words WHERE ${known} LIMIT 1)`);
      if (word.length >= MIN_CORRECTED_LENGTH) {
        parts.push(Prisma.sql`(SELECT 'close', NULL, NULL, NULL, ${index}::int4, word FROM search_words
                   WHERE word % ${word} AND word <> ${word}
                   ORDER BY similarity(word, ${word}) DESC, word LIMIT ${CORRECTIONS_PER_WORD})`);
      }
    });
    const rows = await this.readRows<{ role: string; id: number | null; name: string | null; created_at: Date | string | null; position: number | null; word: string | null }>(
      Prisma.join(parts, " UNION ALL "),
    );
    const categories: SearchPlan["categories"] = { chosen: category === null ? null : [], containing: [], found: [] };
    const known = new Set<number>();
    const close = typed.map((): string[] => []);
    for (const row of rows) {
      if (row.role === "known") known.add(Number(row.position));
      else if (row.role === "close") close[Number(row.position)].push(row.word!);
      else {
        const id = Number(row.id);
        if (row.role === "chosen") categories.chosen!.push(id);
        if (row.role === "containing") categories.containing.push(id);
        if ((row.role === "containing" || row.role === "named") && !categories.found.some((found) => found.id === id)) {
          categories.found.push({ id, name: row.name!, createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at!) });
        }
      }
    }
    categories.found.sort((a, b) => a.name.localeCompare(b.name));
    const words = typed.map((word, index) => ({
      word,
      last: index === typed.length - 1,
      // A word the catalogue knows is meant as typed: correcting it would only add noise.
      corrections: known.has(index) ? [] : close[index],
    }));
    return { categories, words };
  }

  /** Products matching the text, ranked, after the cursor; with `countAlong`, each row also says how many match in all. */
  private async selectRanked(
    search: string,
    plan: SearchPlan,
    filters: Prisma.Sql[],
    sortKeys: SortKey[],
    after: KeyValue[] | null,
    limit: number,
    countAlong: boolean,
  ) {
    const keys = [rankKey(search, plan), ...sortKeys];
    const conditions = [...filters, matches(search, plan)];
    if (after) conditions.push(comesAfter(keys, after));
    const matching = countAlong ? Prisma.sql`, count(*) OVER () AS matching` : Prisma.empty;
    // Rank the matching ids only (narrow rows), then join the full rows of the page's few products.
    // Ordered by the output columns k0, k1...: each key's expression is computed once per row.
    const byColumns = (alias: string) =>
      Prisma.raw(keys.map((key, index) => `${alias}k${index} ${key.descending ? "DESC" : "ASC"}`).join(", "));
    const rows = await this.readRows<ProductListRow & Record<string, unknown>>(Prisma.sql`
      WITH f AS (
        SELECT p.id AS found_id, ${keyColumns(keys)} ${matching}
        FROM products p WHERE ${allOf(conditions)}
        ORDER BY ${byColumns("")} LIMIT ${limit})
      SELECT ${PRODUCT_COLUMNS}, f.*
      FROM ${PRODUCTS_JOINED} JOIN f ON f.found_id = p.id
      ORDER BY ${byColumns("f.")}`);
    return rows.map((row) => ({
      product: productFromListRow(row),
      get keys() {
        return keysOfRow(keys, row);
      },
      matching: Number(row.matching ?? 0),
    }));
  }

  private async countMatches(search: string, plan: SearchPlan, filters: Prisma.Sql[]): Promise<number> {
    const rows = await this.gate.run(() =>
      this.readRows<{ count: unknown }>(Prisma.sql`SELECT count(*) AS count FROM products p WHERE ${allOf([...filters, matches(search, plan)])}`),
    );
    return countOf(rows);
  }
}
