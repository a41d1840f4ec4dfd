// The catalogue's product reads: whole lists (the REST shim), keyset pages and their filters' counts
// (GraphQL; with a search text, or a category's page while the search index is ready, domain/search
// answers), and one product by slug or id. The hot reads are hand-written SQL through RowReader.

import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import {
  allOf,
  comesAfter,
  containsPattern,
  countOf,
  invalid,
  keyColumns,
  keysOfRow,
  limitRows,
  notFound,
  oneById,
  orderBy,
  pageOf,
  prismaReader,
  readPage,
  requireAdmin,
  type KeyValue,
  type Page,
  type RowReader,
  type SortKey,
  type Viewer,
} from "../shared/index.js";
import { countFilters, type FilterCounts } from "./filters.js";
import {
  checkListOptions,
  containsText,
  filterConditions,
  listKey,
  PAGE_SORTS,
  PRODUCT_COLUMNS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  productFromListRow,
  PRODUCTS_JOINED,
  SORT_KEYS,
  type CategoryMatches,
  type ProductListOptions,
  type ProductListRow,
  type ProductPageOptions,
  type ProductSearch,
  type ProductWithCategory,
} from "./listing.js";

const withCategory = { category: true } as const;

/** The most ids byIds takes of each kind (a promotion names at most 500 of each). */
export const MAX_BY_IDS = 500;

export class ProductLists {
  constructor(
    protected readonly prisma: PrismaClient,
    /** The hot reads (lists, product by slug) go through this; see RowReader. */
    protected readonly readRows: RowReader = prismaReader(prisma),
    /** Pages with a search text (domain/search); given by createShop. */
    private readonly search?: ProductSearch,
  ) {}

  /** Products filtered and sorted in SQL, in one query whatever the size of the catalogue. */
  async list(options: ProductListOptions = {}): Promise<ProductWithCategory[]> {
    const { conditions, sort, limit } = await this.listConditions(options);
    if (conditions === null) return [];
    const limitClause = limit === null ? Prisma.empty : limitRows(limit);
    return this.selectProducts(Prisma.sql`WHERE ${allOf(conditions)} ORDER BY ${orderBy(SORT_KEYS[sort])} ${limitClause}`);
  }

  /**
   * The same products as list(), in the same order, read `batchSize` at a time by keyset: the REST shim
   * streams the whole catalogue without ever holding all of it.
   */
  async *listInBatches(options: ProductListOptions = {}, batchSize = 1000): AsyncGenerator<ProductWithCategory[]> {
    const { conditions, sort, limit } = await this.listConditions(options);
    if (conditions === null) return;
    let left = limit ?? Infinity;
    let after: KeyValue[] | null = null;
    while (left > 0) {
      const wanted = Math.min(batchSize, left);
      const rows = await this.selectPage(conditions, SORT_KEYS[sort], after, wanted);
      if (rows.length > 0) yield rows.map((row) => row.product);
      if (rows.length < wanted) return;
      left -= rows.length;
      after = rows[rows.length - 1].keys;
    }
  }

  /** list()'s checked options as SQL conditions; null conditions when no product can match (an unknown category). */
  private async listConditions(options: ProductListOptions) {
    const { search, sort, category, inStock, discounted, limit } = checkListOptions(options ?? {}, PRODUCT_SORTS);
    const categories = await this.categoryMatches(category, search);
    if (categories.chosen?.length === 0) return { conditions: null, sort, limit };
    const conditions = filterConditions({ inStock, discounted }, categories);
    if (search) conditions.push(containsText(search, categories));
    return { conditions, sort, limit };
  }

  /**
   * A page of products (GraphQL): filtered and sorted in SQL, read by keyset. With a search text, the
   * shop's search answers (domain/search: words in any order, typos, best matches first).
   */
  async page(options: ProductPageOptions = {}): Promise<Page<ProductWithCategory>> {
    const checked = checkListOptions(options ?? {}, PAGE_SORTS);
    const { search, sort, category } = checked;
    if (search) return this.searching().page({ ...checked, first: options.first, after: options.after });
    const browsed = await this.search?.browse({ ...checked, first: options.first, after: options.after });
    if (browsed) return browsed;
    const list = listKey(checked);
    const categories = await this.categoryMatches(category, search);
    const filters = filterConditions(checked, categories);
    const keys = SORT_KEYS[sort];
    const request = readPage(options.first, options.after, PRODUCT_PAGE_SIZE, list, keys);
    // A category that does not exist has no products: nothing to ask the database.
    const rows = categories.chosen?.length === 0 ? [] : await this.selectPage(filters, keys, request.after, request.size + 1);
    const count = async () => (categories.chosen?.length === 0 ? 0 : this.countProducts(filters));
    return pageOf(rows, request, list, (row) => row.keys, (row) => row.product, count);
  }

  /**
   * How many products each filter of a search or category page would show: the search text and
   * the chosen filters as page() reads them, each filter counted under the others. With a search text,
   * the shop's search answers; without one, the products of the chosen category (or all) are counted.
   */
  async filterCounts(options: ProductPageOptions = {}): Promise<FilterCounts> {
    const checked = checkListOptions(options ?? {}, PAGE_SORTS);
    if (checked.search) return this.searching().filterCounts(checked);
    const browsed = await this.search?.browseCounts(checked);
    if (browsed) return browsed;
    // The category by name inside the statement (the one round trip of the page's filters): a unique name,
    // so the planner reads its products through the category's index; an unknown name matches nothing.
    const matching =
      checked.category === null
        ? Prisma.sql`TRUE`
        : Prisma.sql`p.category_id = (SELECT c.id FROM categories c WHERE lower(c.name) = lower(${checked.category}::text))`;
    return countFilters(this.readRows, matching, { ...checked, category: null, byCategory: false });
  }

  private searching(): ProductSearch {
    if (!this.search) throw new Error("CatalogService: searching needs the shop's ProductSearch.");
    return this.search;
  }

  /**
   * The categories a products list depends on, in one small query (categories are few): the one the
   * category filter names (by name, whatever its case), and those containing the search text.
   */
  private async categoryMatches(category: string | null, search: string): Promise<CategoryMatches> {
    const matches: CategoryMatches = { chosen: category === null ? null : [], containing: [] };
    if (category === null && !search) return matches;
    const rows = await this.readRows<{ id: number; chosen: boolean; containing: boolean }>(Prisma.sql`
      SELECT id, chosen, containing FROM (
        SELECT id,
               COALESCE(lower(name) = lower(${category}::text), false) AS chosen,
               (${search} <> '' AND name ILIKE ${containsPattern(search)}) AS containing
        FROM categories) matched
      WHERE chosen OR containing`);
    for (const row of rows) {
      if (row.chosen) matches.chosen!.push(Number(row.id));
      if (row.containing) matches.containing.push(Number(row.id));
    }
    return matches;
  }

  /** Up to `limit` products after the cursor. */
  private async selectPage(conditions: Prisma.Sql[], keys: SortKey[], after: KeyValue[] | null, limit: number) {
    const where = allOf(after ? [...conditions, comesAfter(keys, after)] : conditions);
    const rows = await this.readRows<ProductListRow & Record<string, unknown>>(Prisma.sql`
      SELECT ${PRODUCT_COLUMNS}, ${keyColumns(keys)}
      FROM ${PRODUCTS_JOINED}
      WHERE ${where} ORDER BY ${orderBy(keys)} ${limitRows(limit)}`);
    return rows.map((row) => ({
      product: productFromListRow(row),
      // Read only for the cursors a query asks for (see pageOf).
      get keys() {
        return keysOfRow(keys, row);
      },
    }));
  }

  private async countProducts(conditions: Prisma.Sql[]): Promise<number> {
    return countOf(await this.readRows<{ count: unknown }>(Prisma.sql`SELECT count(*) AS count FROM products p WHERE ${allOf(conditions)}`));
  }

  /**
   * One hand-written query with the category joined. The home page's lists and the product page are the
   * shop's hottest paths, and this is measurably faster than Prisma's findMany with include (npm run bench:api).
   */
  private async selectProducts(rest: Prisma.Sql): Promise<ProductWithCategory[]> {
    const rows = await this.readRows<ProductListRow>(Prisma.sql`
      SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCTS_JOINED} ${rest}`);
    return rows.map(productFromListRow);
  }

  async bySlug(slug: unknown): Promise<ProductWithCategory> {
    const [product] = typeof slug === "string" ? await this.selectProducts(Prisma.sql`WHERE p.slug = ${slug}`) : [];
    if (!product) throw notFound("Product");
    return product;
  }

  /**
   * Admins: the products of these ids and those holding the variants of these ids, each once, by id (at most
   * MAX_BY_IDS of each; unknown ids are left out). The promotion editor names what a promotion was given
   * this way, whichever page of a large catalogue the products are on.
   */
  async byIds(viewer: Viewer | null, productIds: readonly number[], variantIds: readonly number[] = []): Promise<ProductWithCategory[]> {
    requireAdmin(viewer, "catalogue:read");
    if (productIds.length > MAX_BY_IDS || variantIds.length > MAX_BY_IDS) throw invalid({ ids: [`At most ${MAX_BY_IDS} ids of each.`] });
    if (productIds.length + variantIds.length === 0) return [];
    return this.prisma.product.findMany({
      where: { OR: [{ id: { in: [...productIds] } }, { variants: { some: { id: { in: [...variantIds] } } } }] },
      include: withCategory,
      orderBy: { id: "asc" },
    });
  }

  async byId(id: unknown): Promise<ProductWithCategory> {
    return oneById(id, "Product", (productId) => this.prisma.product.findUnique({ where: { id: productId }, include: withCategory }));
  }
}
