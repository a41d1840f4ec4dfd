// The catalogue: listing, searching and sorting products, and the admin's product forms (money in cents).
import { Prisma, type Category, type Product, type PrismaClient } from "../../generated/prisma/client.js";
import { invalid, isForeignKeyViolation, isUniqueViolation, notFound, ShopError } from "../shared/errors.js";
import { renditionsOf, type ImageRecord } from "../images/pictures.js";
import { IMAGE_UNREADABLE } from "../images/rules.js";
import type { ImageService, StoredPicture } from "../images/service.js";
import type { CheckedImage, ImageUpload } from "../images/uploads.js";
import {
  allOf,
  asDate,
  comesAfter,
  containsPattern,
  countOf,
  keyColumns,
  keysOfRow,
  orderBy,
  pageOf,
  prismaReader,
  readPage,
  type RowReader,
  type KeyValue,
  type Page,
  type SortKey,
} from "../shared/paging.js";
import { firstFreeSlug, slugify } from "./slugs.js";
import { cents, Checks, fieldRule, isBlank, parseId, received, text, wholeNumber, type Deferred, type FormInput } from "../shared/input.js";
import { MAX_MONEY_CENTS, type Cents } from "../shared/money.js";
import { UNIT_PRICE_SQL } from "./prices.js";
import { countFilters, type FilterCounts } from "./filters.js";
import { requireAdmin, type Viewer } from "../shared/viewer.js";
import { reportWebhookEvents } from "../integrations/webhook-events.js";
import type { ProductSearch } from "../search/service.js";

/**
 * A product with its category; read by the catalogue's own queries, it also carries the rows of its
 * pictures (by ref; null for a ref without one), so showing them costs no further query.
 */
export type ProductWithCategory = Product & { category: Category; pictures?: Map<string, ImageRecord | null> };

/** The spec's four sorts (section 9), as the REST shim offers them. */
export const PRODUCT_SORTS = ["default", "price-highest", "price-lowest", "highest-rated"] as const;
/** The sorts of a page of products: the spec's four, plus newest first whatever the search. */
export const PAGE_SORTS = [...PRODUCT_SORTS, "newest"] as const;
export type ProductSortOrder = (typeof PAGE_SORTS)[number];

export interface ProductListOptions {
  /** Trimmed, case-insensitive substring of the product's name or its category's name; blank means all. */
  search?: string | null;
  sort?: ProductSortOrder | null;
  /** The category's name, whatever its case. */
  category?: string | null;
  /** true: quantity > 0 only; false: out of stock only; absent: both. */
  inStock?: boolean | null;
  /** true: with a discount price only; false: without one only; absent: both. */
  discounted?: boolean | null;
  /** 1..1000; all products when absent. */
  limit?: number | null;
}

export interface ProductPageOptions {
  /** 1..100, 24 when absent. */
  first?: number | null;
  /** The endCursor of the page before. */
  after?: string | null;
  /**
   * Trimmed; every word of it in the product's name, its category's name or its description (typos
   * corrected, the last word as a prefix), and every product whose name or category's name contains it;
   * best matches first (see domain/search).
   */
  search?: string | null;
  /** Admin list: a case-insensitive part of the product's name only, with no close spellings. */
  name?: string | null;
  sort?: ProductSortOrder | null;
  category?: string | null;
  inStock?: boolean | null;
  discounted?: boolean | null;
  /** The price the shopper pays (the discount price when set), in cents: from minPrice (included)... */
  minPrice?: number | null;
  /** ...to maxPrice (left out). */
  maxPrice?: number | null;
}

export const PRODUCT_PAGE_SIZE = 24;

/** An image as the adapters hold it: a GraphQL upload (or its promise) or the bytes of a multipart file. */
export type ImageSource = ImageUpload | Uint8Array | PromiseLike<ImageUpload | Uint8Array>;

/** A product's category: its id, or its name (whatever its case). */
export type CategoryChoice = number | { name: string };

/** The product form's plain fields; the category and the images are checked against the shop. */
export const productForm = {
  name: text("name", { max: 255 }),
  description: text("description", { max: 5000 }),
  priceCents: cents("price"),
  /** Below the price; none (null) for no discount. */
  discountPriceCents: fieldRule<Cents | null, Cents | null | undefined>(
    (value, problem) => {
      if (isBlank(value)) return null;
      const result = cents("discount price", { allowZero: true }).safeParse(value);
      if (!result.success) for (const issue of result.error.issues) problem(issue.message);
      return result.data ?? null;
    },
    { type: ["integer", "null"], minimum: 0 },
  ),
  quantity: wholeNumber("quantity", { min: 0, max: 1_000_000 }),
};

/** Create or update a product. On update, images left out keep the current ones. */
export interface ProductInput extends FormInput<typeof productForm> {
  category: CategoryChoice;
  imageOne?: ImageSource | null;
  imageTwo?: ImageSource | null;
}

/** Where the clients read each field's problems (both APIs answer with these names). */
const PRODUCT_FIELD_NAMES = { priceCents: "price", discountPriceCents: "discount_price" } as const;

const MAX_LIST_LIMIT = 1000;
const MAX_SEARCH_LENGTH = 255;
const CATEGORY_INVALID = "The selected category is invalid.";
const withCategory = { category: true } as const;

// Spec section 9. Every order ends newest first, then by id, so that ties always come out the same way
// (and a page's cursor points at exactly one place in the list).
// The price sorts are the SQL twin of unitPriceCents in pricing.ts: the discount price when set, else the price.
const NEWEST: SortKey[] = [
  { sql: Prisma.sql`p.created_at`, descending: true, kind: "time" },
  { sql: Prisma.sql`p.id`, descending: true, kind: "int" },
];
const UNIT_PRICE = UNIT_PRICE_SQL;
const AVERAGE_RATING = Prisma.sql`(CASE WHEN p.people_rated > 0 THEN p.rating_sum::float8 / p.people_rated ELSE 0 END)`;
export const SORT_KEYS: Record<ProductSortOrder, SortKey[]> = {
  default: NEWEST,
  newest: NEWEST,
  "price-highest": [{ sql: UNIT_PRICE, descending: true, kind: "int" }, ...NEWEST],
  "price-lowest": [{ sql: UNIT_PRICE, descending: false, kind: "int" }, ...NEWEST],
  "highest-rated": [
    { sql: AVERAGE_RATING, descending: true, kind: "float" },
    { sql: Prisma.sql`p.people_rated`, descending: true, kind: "int" },
    ...NEWEST,
  ],
};

// ---- search: the spec's substring rule (the REST shim's whole lists; pages go through domain/search) ----
// ILIKE '%text%' uses the trigram index on products.name. Category names are few: the categories a list
// needs (the chosen one, those containing the text) are looked up first, and their ids passed as values,
// so the planner sees what it is filtering by and keeps to the product indexes (a sub-select there hid the
// values and cost a full scan: 500 ms at 100k products).

/** The categories a list of products depends on, by id. */
export interface CategoryMatches {
  /** The category filter's category (none when it names no category); null without a filter. */
  chosen: number[] | null;
  /** Categories whose name contains the search text. */
  containing: number[];
}

/** The spec's rule: the product's name or its category's name contains the text, any case, % and _ literal. */
export function containsText(text: string, categories: CategoryMatches): Prisma.Sql {
  const byName = Prisma.sql`p.name ILIKE ${containsPattern(text)}`;
  return categories.containing.length ? Prisma.sql`(${byName} OR p.category_id = ANY(${categories.containing}::int4[]))` : byName;
}

/** The filters every product list shares; none needs the category join, so counts can skip it. */
export function filterConditions(
  filters: { inStock: boolean | null; discounted: boolean | null; name?: string; minPrice?: Cents | null; maxPrice?: Cents | null },
  categories: CategoryMatches,
): Prisma.Sql[] {
  const { inStock, discounted, name, minPrice = null, maxPrice = null } = filters;
  const conditions: Prisma.Sql[] = [];
  // One id at most (names are unique whatever their case): as a plain equality it lets a category's
  // indexes deliver the page in its sort order.
  if (categories.chosen?.length) conditions.push(Prisma.sql`p.category_id = ${categories.chosen[0]}::int4`);
  if (inStock !== null) conditions.push(inStock ? Prisma.sql`p.quantity > 0` : Prisma.sql`p.quantity = 0`);
  if (discounted !== null) {
    conditions.push(discounted ? Prisma.sql`p.discount_price_cents IS NOT NULL` : Prisma.sql`p.discount_price_cents IS NULL`);
  }
  if (minPrice !== null) conditions.push(Prisma.sql`${UNIT_PRICE} >= ${minPrice}::int4`);
  if (maxPrice !== null) conditions.push(Prisma.sql`${UNIT_PRICE} < ${maxPrice}::int4`);
  if (name) conditions.push(Prisma.sql`p.name ILIKE ${containsPattern(name)}`);
  return conditions;
}

/** A row of the list query, in the database's own column names. */
export interface ProductListRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  category_id: number;
  price_cents: number;
  discount_price_cents: number | null;
  quantity: number;
  image_one: string;
  image_two: string | null;
  rating_sum: number;
  people_rated: number;
  created_at: Date | string;
  updated_at: Date | string;
  category_name: string;
  category_created_at: Date | string;
  image_one_width: number | null;
  image_one_height: number | null;
  image_one_placeholder: string | null;
  image_one_renditions: unknown;
  image_one_state: string | null;
  image_two_width: number | null;
  image_two_height: number | null;
  image_two_placeholder: string | null;
  image_two_renditions: unknown;
  image_two_state: string | null;
}

export const PRODUCT_COLUMNS = Prisma.sql`
  p.id, p.slug, p.name, p.description, p.category_id, p.price_cents, p.discount_price_cents, p.quantity,
  p.image_one, p.image_two, p.rating_sum, p.people_rated, p.created_at, p.updated_at,
  c.name AS category_name, c.created_at AS category_created_at,
  i1.width AS image_one_width, i1.height AS image_one_height, i1.placeholder AS image_one_placeholder,
  i1.renditions AS image_one_renditions, i1.state AS image_one_state,
  i2.width AS image_two_width, i2.height AS image_two_height, i2.placeholder AS image_two_placeholder,
  i2.renditions AS image_two_renditions, i2.state AS image_two_state`;

/** The products with their category and the rows of their pictures (one unique-index lookup each). */
export const PRODUCTS_JOINED = Prisma.sql`
  products p JOIN categories c ON c.id = p.category_id
  LEFT JOIN images i1 ON i1.ref = p.image_one LEFT JOIN images i2 ON i2.ref = p.image_two`;

/** A picture's row from the joined columns, or null when the ref has none (yet). */
function pictureFromRow(row: ProductListRow, which: "one" | "two"): ImageRecord | null {
  const ref = which === "one" ? row.image_one : row.image_two;
  const state = which === "one" ? row.image_one_state : row.image_two_state;
  if (ref === null || state === null) return null;
  return which === "one"
    ? { ref, state, width: row.image_one_width, height: row.image_one_height, placeholder: row.image_one_placeholder, renditions: renditionsOf(row.image_one_renditions) }
    : { ref, state, width: row.image_two_width, height: row.image_two_height, placeholder: row.image_two_placeholder, renditions: renditionsOf(row.image_two_renditions) };
}

// Raw rows come back with driver-specific types (PGlite and node-postgres differ on timestamps): normalise here.
export function productFromListRow(row: ProductListRow): ProductWithCategory {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    categoryId: Number(row.category_id),
    priceCents: Number(row.price_cents),
    discountPriceCents: row.discount_price_cents === null ? null : Number(row.discount_price_cents),
    quantity: Number(row.quantity),
    imageOne: row.image_one,
    imageTwo: row.image_two,
    ratingSum: Number(row.rating_sum),
    peopleRated: Number(row.people_rated),
    createdAt: asDate(row.created_at),
    updatedAt: asDate(row.updated_at),
    category: { id: Number(row.category_id), name: row.category_name, createdAt: asDate(row.category_created_at) },
    pictures: new Map([
      [row.image_one, pictureFromRow(row, "one")],
      ...(row.image_two === null ? [] : [[row.image_two, pictureFromRow(row, "two")] as const]),
    ]),
  };
}

interface CheckedProduct {
  name: string;
  description: string;
  priceCents: number;
  discountPriceCents: number | null;
  quantity: number;
  categoryId: number;
  imageOne: CheckedImage | null;
  imageTwo: CheckedImage | null;
}

export class CatalogService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly images: ImageService,
    /** The hot reads (lists, product by slug) go through this; see RowReader. */
    private readonly readRows: RowReader = prismaReader(prisma),
    /** Pages with a search text (domain/search); given by createShop. */
    private readonly search?: ProductSearch,
  ) {}

  /** Products filtered and sorted in SQL, in one query whatever the size of the catalogue. */
  async list(options: ProductListOptions = {}): Promise<ProductWithCategory[]> {
    const { conditions, sort, limit } = await this.listConditions(options);
    if (conditions === null) return [];
    const limitClause = limit === null ? Prisma.empty : Prisma.sql`LIMIT ${limit}`;
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
   * How many products each filter of a search or category page would show (issue 17): the search text and
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
      WHERE ${where} ORDER BY ${orderBy(keys)} LIMIT ${limit}`);
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

  async byId(id: unknown): Promise<ProductWithCategory> {
    const productId = parseId(id);
    const product =
      productId === null ? null : await this.prisma.product.findUnique({ where: { id: productId }, include: withCategory });
    if (!product) throw notFound("Product");
    return product;
  }

  /** Admin only. Images are stored before the row is written, and removed again if the write fails. */
  async create(viewer: Viewer | null, input: Deferred<ProductInput>): Promise<ProductWithCategory> {
    requireAdmin(viewer, "catalogue:write");
    const checked = await this.check(await received(input), { imageOneRequired: true });
    const stored = await this.storeImages(checked);
    try {
      const product = await this.withFreeSlug(checked.name, null, (slug) =>
        this.prisma.$transaction(async (tx) => {
          const created = await tx.product.create({
            data: { ...columns(checked), slug, imageOne: stored.imageOne!.ref, imageTwo: stored.imageTwo?.ref ?? null },
            include: withCategory,
          });
          // Webhooks: product.created, in this transaction (issue 22).
          await reportWebhookEvents(tx, [{ type: "product.created", data: { product: created } }]);
          return created;
        }),
      );
      this.images.saved();
      return product;
    } catch (error) {
      await this.removeImages(stored);
      throw categoryGoneOr(error);
    }
  }

  /**
   * Admin only. Every field is required as on create, except the images: a product keeps its current
   * images when none is sent. The slug changes only when the name does. Replaced pictures stay stored
   * (files and rows) because past orders' snapshots may still show them.
   */
  async update(viewer: Viewer | null, id: unknown, input: Deferred<ProductInput>): Promise<ProductWithCategory> {
    requireAdmin(viewer, "catalogue:write");
    const product = await this.byId(id);
    const checked = await this.check(await received(input), { imageOneRequired: false });
    const stored = await this.storeImages(checked);
    const data = {
      ...columns(checked),
      ...(stored.imageOne ? { imageOne: stored.imageOne.ref } : {}),
      ...(stored.imageTwo ? { imageTwo: stored.imageTwo.ref } : {}),
    };
    const write = (slug?: string) =>
      this.prisma.$transaction(async (tx) => {
        const [before] = await tx.$queryRaw<{ quantity: number }[]>`SELECT quantity FROM products WHERE id = ${product.id} FOR UPDATE`;
        const updated = await tx.product.update({ where: { id: product.id }, data: slug ? { ...data, slug } : data, include: withCategory });
        // Webhooks: product.updated, and product.stock_low when the new stock crosses a threshold (issue 22).
        await reportWebhookEvents(tx, [
          { type: "product.updated", data: { product: updated } },
          ...(before ? [{ type: "product.stock_low" as const, data: { product: updated }, stock: { before: Number(before.quantity), after: updated.quantity } }] : []),
        ]);
        return updated;
      });
    try {
      const updated = checked.name === product.name ? await write() : await this.withFreeSlug(checked.name, product.id, write);
      if (stored.imageOne || stored.imageTwo) this.images.saved();
      return updated;
    } catch (error) {
      await this.removeImages(stored);
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Product");
      throw categoryGoneOr(error);
    }
  }

  /**
   * Admin only. Ratings and favourites go with the product; order lines keep their snapshot (their
   * product_id becomes null). Its pictures stay stored: past orders still show them.
   */
  async delete(viewer: Viewer | null, id: unknown): Promise<void> {
    requireAdmin(viewer, "catalogue:write");
    const productId = parseId(id);
    if (productId === null) throw notFound("Product");
    await this.prisma.$transaction(async (tx) => {
      const product = await tx.product.findUnique({ where: { id: productId }, include: withCategory });
      const { count } = await tx.product.deleteMany({ where: { id: productId } });
      if (!product || count === 0) throw notFound("Product");
      // Webhooks: product.deleted with the product as it was, in this transaction (issue 22).
      await reportWebhookEvents(tx, [{ type: "product.deleted", data: { product } }]);
    });
  }

  // ---- product form ------------------------------------------------------------------------------

  private async check(input: ProductInput, { imageOneRequired }: { imageOneRequired: boolean }): Promise<CheckedProduct> {
    const checks = new Checks();
    const fields: Partial<ProductInput> = typeof input === "object" && input !== null ? input : {};
    const { name, description, priceCents, discountPriceCents, quantity } = checks.form(productForm, fields, PRODUCT_FIELD_NAMES);
    if (
      discountPriceCents !== undefined &&
      discountPriceCents !== null &&
      !checks.has("price") &&
      !checks.has("discount_price") &&
      discountPriceCents >= priceCents
    ) {
      checks.add("discount_price", "The discount price must be less than the price.");
    }
    const categoryId = await this.checkCategory(checks, fields.category);
    const imageOne = await this.checkImage(checks, "image_one", "image one", fields.imageOne, imageOneRequired);
    const imageTwo = await this.checkImage(checks, "image_two", "image two", fields.imageTwo, false);
    checks.done();
    return { name, description, priceCents, discountPriceCents, quantity, categoryId, imageOne, imageTwo };
  }

  /** The id of the chosen category, given by id or by name (whatever its case); 0 after adding an error. */
  private async checkCategory(checks: Checks, category: unknown): Promise<number> {
    const name = typeof category === "object" && category !== null ? (category as { name?: unknown }).name : undefined;
    if (isBlank(category) || (typeof category === "object" && isBlank(name))) {
      checks.add("category", "The category field is required.");
      return 0;
    }
    if (typeof category === "number") {
      const id = parseId(category);
      const found = id === null ? null : await this.prisma.category.findUnique({ where: { id }, select: { id: true } });
      if (found) return found.id;
    } else if (typeof name === "string") {
      const found = await this.prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM categories WHERE lower(name) = lower(${name.trim()})`;
      if (found.length) return Number(found[0].id);
    }
    checks.add("category", CATEGORY_INVALID);
    return 0;
  }

  /** Reads and checks an image without storing it, so a form with any error leaves no file behind. */
  private async checkImage(checks: Checks, field: string, label: string, value: unknown, required: boolean) {
    if (isBlank(value)) {
      if (required) checks.add(field, `The ${label} field is required.`);
      return null;
    }
    let source: unknown;
    try {
      source = await value;
    } catch {
      checks.add(field, IMAGE_UNREADABLE);
      return null;
    }
    try {
      if (source instanceof Uint8Array || isUpload(source)) return await this.images.check(source, field);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      for (const message of error.fields?.[field] ?? [error.message]) checks.add(field, message);
      return null;
    }
    checks.add(field, `The ${label} must be a file.`);
    return null;
  }

  /**
   * Stores the checked images (the work of resizing and encoding happens here, once every field passed).
   * An image that turns out unreadable while decoding fails the form on its field, leaving nothing stored.
   */
  private async storeImages(checked: CheckedProduct): Promise<{ imageOne: StoredPicture | null; imageTwo: StoredPicture | null }> {
    const imageOne = checked.imageOne ? await this.images.save(checked.imageOne, "image_one") : null;
    try {
      const imageTwo = checked.imageTwo ? await this.images.save(checked.imageTwo, "image_two") : null;
      return { imageOne, imageTwo };
    } catch (error) {
      if (imageOne) await this.images.discard(imageOne);
      throw error;
    }
  }

  private async removeImages(stored: { imageOne: StoredPicture | null; imageTwo: StoredPicture | null }): Promise<void> {
    for (const picture of [stored.imageOne, stored.imageTwo]) if (picture) await this.images.discard(picture);
  }

  /** Runs `write` with the first free slug for `name`, trying again if another product takes it meanwhile. */
  private async withFreeSlug<T>(name: string, exceptId: number | null, write: (slug: string) => Promise<T>): Promise<T> {
    const base = slugify(name);
    for (let attempt = 1; ; attempt += 1) {
      const taken = await this.prisma.product.findMany({
        where: { slug: { startsWith: base }, ...(exceptId === null ? {} : { id: { not: exceptId } }) },
        select: { slug: true },
      });
      try {
        return await write(firstFreeSlug(base, taken.map((row) => row.slug)));
      } catch (error) {
        const slugTaken = isUniqueViolation(error);
        if (!slugTaken || attempt === 3) throw error;
      }
    }
  }
}

function columns(checked: CheckedProduct) {
  return {
    name: checked.name,
    description: checked.description,
    priceCents: checked.priceCents,
    discountPriceCents: checked.discountPriceCents,
    quantity: checked.quantity,
    categoryId: checked.categoryId,
  };
}

/** The category was deleted between the check and the write: the same answer as an unknown category. */
function categoryGoneOr(error: unknown): unknown {
  return isForeignKeyViolation(error)
    ? invalid({ category: [CATEGORY_INVALID] })
    : error;
}

const isUpload = (value: unknown): value is ImageUpload =>
  typeof value === "object" && value !== null && typeof (value as ImageUpload).createReadStream === "function";

/** What a page's cursor belongs to: the same list (its sort, text and filters) or none. */
export function listKey(checked: Omit<ReturnType<typeof checkListOptions>, "limit">): string {
  const { sort, search, name, category, inStock, discounted, minPrice, maxPrice } = checked;
  return JSON.stringify(["products", sort, search.toLowerCase(), name.toLowerCase(), category?.toLowerCase() ?? null, inStock, discounted, minPrice, maxPrice]);
}

export function checkListOptions(options: ProductListOptions | ProductPageOptions, sorts: readonly ProductSortOrder[]) {
  const checks = new Checks();
  const raw = options as Record<string, unknown>;

  const searchText = (field: string, label: string) => {
    let text = "";
    if (typeof raw[field] === "string") text = (raw[field] as string).trim();
    else if (raw[field] != null) checks.add(field, `The ${label} must be text.`);
    if (text.length > MAX_SEARCH_LENGTH) checks.add(field, `The ${label} may not be greater than ${MAX_SEARCH_LENGTH} characters.`);
    return text;
  };
  const search = searchText("search", "search");
  const name = searchText("name", "name");

  const sort = (raw.sort ?? "default") as ProductSortOrder;
  if (!sorts.includes(sort)) checks.add("sort", `The selected sort is invalid. Choose one of: ${sorts.join(", ")}.`);

  let category: string | null = null;
  if (typeof raw.category === "string") category = raw.category.trim() || null;
  else if (raw.category != null) checks.add("category", "The category must be text.");

  const flag = (field: string, value: unknown, label: string): boolean | null => {
    if (value == null) return null;
    if (typeof value === "boolean") return value;
    checks.add(field, `The ${label} field must be true or false.`);
    return null;
  };
  const inStock = flag("in_stock", raw.inStock, "in stock");
  const discounted = flag("discounted", raw.discounted, "discounted");

  const limit = raw.limit == null ? null : checks.field("limit", wholeNumber("limit", { min: 1, max: MAX_LIST_LIMIT }), raw.limit);
  const price = (field: string, label: string): Cents | null =>
    raw[field] == null ? null : checks.field(field === "minPrice" ? "min_price" : "max_price", wholeNumber(label, { min: 0, max: MAX_MONEY_CENTS }), raw[field]);
  const minPrice = price("minPrice", "lowest price");
  const maxPrice = price("maxPrice", "highest price");
  if (minPrice !== null && maxPrice !== null && minPrice >= maxPrice) {
    checks.add("max_price", "The highest price must be more than the lowest price.");
  }

  checks.done();
  return { search, name, sort, category, inStock, discounted, limit, minPrice, maxPrice };
}
