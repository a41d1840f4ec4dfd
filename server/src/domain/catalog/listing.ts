// The catalogue's lists: the sorts, the filters and the spec's substring rule as SQL, the columns a list
// reads and how a row becomes a product, the checked options of a list and the key of its cursors. The
// catalogue's own lists and search (domain/search) both build on these, so each rule exists once.
import { Prisma, type Category, type Product } from "../../generated/prisma/client.js";
import { asDate, Checks, containsPattern, MAX_MONEY_CENTS, wholeNumber, type Cents, type Page, type SortKey, type Viewer } from "../shared/index.js";
import { UNIT_PRICE_SQL } from "./prices.js";
import { OPTION_FACET_LIMITS, optionCondition, type FilterCounts, type OptionChoice } from "./filters.js";

/** A product with its category; its pictures are shown from their refs (the images room). */
/** A product as the catalogue hands it out; its option words are the search's alone (lists never read them). */
export type ProductWithCategory = Omit<Product, "optionWords" | "optionPairs"> & { category: Category };

/** A category as the catalogue hands it out. */
export type { Category };

/** An admin (a person with the admin role, on the back office's screens) reads the catalogue on the primary: they must see their own writes at once. */
export const readsCatalogueFromPrimary = (viewer: Viewer | null): boolean => viewer?.role === "admin";

/** A product's average rating: the sum of its ratings over the number of raters, 0 while nobody rated. */
export const averageRating = (product: { ratingSum: number; peopleRated: number }): number =>
  product.peopleRated > 0 ? product.ratingSum / product.peopleRated : 0;

/** The spec's four sorts, as the REST shim offers them. */
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
  /** true: in stock only (any variant on sale has a unit left); false: out of stock only; absent: both. */
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
  /** Option values (Pot size: 24 cm): products with a variant on sale of one of each option's chosen values. */
  options?: OptionChoice[] | null;
}

export const PRODUCT_PAGE_SIZE = 24;

const MAX_LIST_LIMIT = 1000;
const MAX_SEARCH_LENGTH = 255;

// Every order ends newest first, then by id, so that ties always come out the same way
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
  filters: { inStock: boolean | null; discounted: boolean | null; name?: string; minPrice?: Cents | null; maxPrice?: Cents | null; options?: readonly OptionChoice[] },
  categories: CategoryMatches,
): Prisma.Sql[] {
  const { inStock, discounted, name, minPrice = null, maxPrice = null, options = [] } = filters;
  const conditions: Prisma.Sql[] = [];
  // One id at most (names are unique whatever their case): as a plain equality it lets a category's
  // indexes deliver the page in its sort order.
  if (categories.chosen?.length) conditions.push(Prisma.sql`p.category_id = ${categories.chosen[0]}::int4`);
  // In stock: any variant on sale has a unit left (stock_total; for a product sold in one variant, its stock).
  if (inStock !== null) conditions.push(inStock ? Prisma.sql`p.stock_total > 0` : Prisma.sql`p.stock_total = 0`);
  if (discounted !== null) {
    conditions.push(discounted ? Prisma.sql`p.discount_price_cents IS NOT NULL` : Prisma.sql`p.discount_price_cents IS NULL`);
  }
  if (minPrice !== null) conditions.push(Prisma.sql`${UNIT_PRICE} >= ${minPrice}::int4`);
  if (maxPrice !== null) conditions.push(Prisma.sql`${UNIT_PRICE} < ${maxPrice}::int4`);
  if (name) conditions.push(Prisma.sql`p.name ILIKE ${containsPattern(name)}`);
  if (options.length) conditions.push(optionCondition(options, Prisma.sql`p.option_pairs`));
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
  variant_count: number;
  stock_total: number;
  unit_price_min_cents: number;
  unit_price_max_cents: number;
  image_one: string;
  image_two: string | null;
  rating_sum: number;
  people_rated: number;
  created_at: Date | string;
  updated_at: Date | string;
  category_name: string;
  category_created_at: Date | string;
}

export const PRODUCT_COLUMNS = Prisma.sql`
  p.id, p.slug, p.name, p.description, p.category_id, p.price_cents, p.discount_price_cents, p.quantity,
  p.variant_count, p.stock_total, p.unit_price_min_cents, p.unit_price_max_cents, p.image_one, p.image_two, p.rating_sum, p.people_rated, p.created_at, p.updated_at,
  c.name AS category_name, c.created_at AS category_created_at`;

/**
 * The products with their category. Their pictures' rows are not joined: the images room keeps the rows it
 * has read (most pages show pictures already seen), so a list reads only its products.
 */
export const PRODUCTS_JOINED = Prisma.sql`products p JOIN categories c ON c.id = p.category_id`;

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
    variantCount: Number(row.variant_count),
    stockTotal: Number(row.stock_total),
    unitPriceMinCents: Number(row.unit_price_min_cents),
    unitPriceMaxCents: Number(row.unit_price_max_cents),
    imageOne: row.image_one,
    imageTwo: row.image_two,
    ratingSum: Number(row.rating_sum),
    peopleRated: Number(row.people_rated),
    createdAt: asDate(row.created_at),
    updatedAt: asDate(row.updated_at),
    category: { id: Number(row.category_id), name: row.category_name, createdAt: asDate(row.category_created_at) },
  };
}

/** What a page's cursor belongs to: the same list (its sort, text and filters) or none. */
export function listKey(checked: Omit<ReturnType<typeof checkListOptions>, "limit">): string {
  const { sort, search, name, category, inStock, discounted, minPrice, maxPrice, options } = checked;
  const chosen = options.length ? [options.map((option) => [option.name, option.value])] : [];
  return JSON.stringify(["products", sort, search.toLowerCase(), name.toLowerCase(), category?.toLowerCase() ?? null, inStock, discounted, minPrice, maxPrice, ...chosen]);
}

export function checkListOptions(given: ProductListOptions | ProductPageOptions, sorts: readonly ProductSortOrder[]) {
  const checks = new Checks();
  const raw = given as Record<string, unknown>;

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

  const options = checkOptionChoices(checks, raw.options);

  checks.done();
  return { search, name, sort, category, inStock, discounted, limit, minPrice, maxPrice, options };
}

/** Option values chosen as filters: a list of { name, value } texts (at most OPTION_FACET_LIMITS.choices), trimmed. */
function checkOptionChoices(checks: Checks, given: unknown): OptionChoice[] {
  if (given == null) return [];
  const problem = "The options must be a list of an option's name and one of its values.";
  if (!Array.isArray(given)) {
    checks.add("options", problem);
    return [];
  }
  if (given.length > OPTION_FACET_LIMITS.choices) checks.add("options", `At most ${OPTION_FACET_LIMITS.choices} option values may be chosen.`);
  const choices: OptionChoice[] = [];
  for (const item of given) {
    const { name, value } = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof name !== "string" || typeof value !== "string" || !name.trim() || !value.trim() || name.length > 50 || value.length > 50) {
      checks.add("options", problem);
      return [];
    }
    choices.push({ name: name.trim(), value: value.trim() });
  }
  // One order for the same choices, so a list's key (and its cursors) does not depend on the order they were ticked.
  return choices.sort((a, b) => (a.name === b.name ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) : a.name < b.name ? -1 : 1));
}

/** A page of products with a search text, its options already checked (CatalogService.page). */
export interface SearchPageOptions {
  search: string;
  /** The admin's name filter (a plain part of the name), if any. */
  name: string;
  sort: ProductSortOrder;
  category: string | null;
  inStock: boolean | null;
  discounted: boolean | null;
  minPrice: Cents | null;
  maxPrice: Cents | null;
  options: OptionChoice[];
  first?: unknown;
  after?: unknown;
}

/** What the catalogue asks of search: a page of products for a search text, and its filters' counts. */
export interface ProductSearch {
  page(options: SearchPageOptions): Promise<Page<ProductWithCategory>>;
  filterCounts(options: SearchPageOptions): Promise<FilterCounts>;
  /** A category's page without a search text from the index; null when SQL must answer. */
  browse(options: SearchPageOptions): Promise<Page<ProductWithCategory> | null>;
  /** The filters' counts of such a page from the index; null when SQL must answer. */
  browseCounts(options: SearchPageOptions): Promise<FilterCounts | null>;
}
