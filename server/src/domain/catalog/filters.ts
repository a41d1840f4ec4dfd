// The filters of the search and category pages, with how many products each would show:
// category, price range, in stock, discounted, and the options products are sold in (Pot size: 24 cm). Each filter is counted under every other chosen filter but
// not its own (ticking 'In stock' does not hide the count of a price range that has none in stock, and a
// chosen category still shows the others' counts), as shops' faceted search does.
//
// All of it is one statement, reading the matching products' few columns once.
import { Prisma, type Category } from "../../generated/prisma/client.js";
import type { Cents, RowReader } from "../shared/index.js";
import { UNIT_PRICE_SQL as UNIT_PRICE } from "./prices.js";

/** The price ranges offered, in cents: from min (included) to max (left out; null: no upper bound). */
export const PRICE_RANGES: ReadonlyArray<{ min: Cents; max: Cents | null }> = [
  { min: 0, max: 1000 },
  { min: 1000, max: 2500 },
  { min: 2500, max: 5000 },
  { min: 5000, max: 10000 },
  { min: 10000, max: null },
];

/** An option value chosen as a filter: products with a variant on sale of that value. */
export interface OptionChoice {
  name: string;
  value: string;
}

/** An option offered as a filter: its values, each with how many products it would show. */
export interface OptionFacet {
  name: string;
  values: Array<{ value: string; count: number }>;
}

/** At most this many options are offered, each with at most this many values (the most common first). */
export const OPTION_FACET_LIMITS = { options: 8, values: 30, choices: 20 } as const;

/**
 * Products match the chosen option values when, for every option named, they have a variant on sale of one
 * of the values chosen for it: values of one option widen the choice (12 cm or 17 cm), options narrow it
 * (12 cm and White). Answers the choices grouped by option name, in the order first named.
 */
export function groupChoices(choices: readonly OptionChoice[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const { name, value } of choices) {
    const values = byName.get(name) ?? [];
    if (!values.includes(value)) values.push(value);
    byName.set(name, values);
  }
  return byName;
}

/** One option's chosen values as SQL over an option_pairs `column`: any of them. */
const oneOption = (name: string, values: readonly string[], column: Prisma.Sql) =>
  Prisma.sql`(${Prisma.join(values.map((value) => Prisma.sql`${column} @> ${JSON.stringify([[name, value]])}::jsonb`), " OR ")})`;

/** The chosen option values as SQL over an option_pairs `column` (products.option_pairs: `p.option_pairs`). */
export function optionCondition(choices: readonly OptionChoice[], column: Prisma.Sql): Prisma.Sql {
  const conditions = [...groupChoices(choices)].map(([name, values]) => oneOption(name, values, column));
  return conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
}

const VALUE_ORDER = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/**
 * The option facets from every (option, value, count) counted: options with the most products first (then
 * by name), at most OPTION_FACET_LIMITS.options; within one, its values in natural order (12 cm before
 * 100 cm), at most OPTION_FACET_LIMITS.values of the most common. Values counting no product are left out.
 */
export function optionFacets(counted: Iterable<{ name: string; value: string; count: number }>): OptionFacet[] {
  const byName = new Map<string, { total: number; values: Array<{ value: string; count: number }> }>();
  for (const { name, value, count } of counted) {
    if (count <= 0) continue;
    const facet = byName.get(name) ?? { total: 0, values: [] };
    facet.total += count;
    facet.values.push({ value, count });
    byName.set(name, facet);
  }
  return [...byName]
    .sort(([a, x], [b, y]) => y.total - x.total || VALUE_ORDER.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, OPTION_FACET_LIMITS.options)
    .map(([name, facet]) => ({
      name,
      values: facet.values
        .sort((a, b) => b.count - a.count || VALUE_ORDER.compare(a.value, b.value) || (a.value < b.value ? -1 : 1))
        .slice(0, OPTION_FACET_LIMITS.values)
        .sort((a, b) => VALUE_ORDER.compare(a.value, b.value) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    }));
}

export interface FilterCounts {
  /** Products matching the text and every chosen filter. */
  total: number;
  /** Categories holding matching products under the other filters, most first (then by name); empty when not asked. */
  categories: Array<{ category: Category; count: number }>;
  /** Every range of PRICE_RANGES, in order, with its products under the other filters. */
  priceRanges: Array<{ min: Cents; max: Cents | null; count: number }>;
  /** Products in stock under the other filters. */
  inStock: number;
  /** Products with a discount under the other filters. */
  discounted: number;
  /** The options of the matching products, each value counted under the other filters (other options' choices included). */
  options: OptionFacet[];
}

export const NO_FILTER_COUNTS: FilterCounts = {
  total: 0,
  categories: [],
  priceRanges: PRICE_RANGES.map((range) => ({ ...range, count: 0 })),
  inStock: 0,
  discounted: 0,
  options: [],
};

export interface ChosenFilters {
  /** The chosen category's id (already looked up), or null. */
  category: number | null;
  inStock: boolean | null;
  discounted: boolean | null;
  minPrice: Cents | null;
  maxPrice: Cents | null;
  /** Option values chosen (groupChoices). */
  options: readonly OptionChoice[];
  /** Whether to count the categories (a search page offers them; a category page is its own category). */
  byCategory: boolean;
}

/**
 * Counts the filters over the products matching `matching` (a condition on products `p`, without the
 * chosen filters, which are applied here).
 */
export async function countFilters(readRows: RowReader, matching: Prisma.Sql, chosen: ChosenFilters): Promise<FilterCounts> {
  const { category, inStock, discounted, minPrice, maxPrice } = chosen;
  const byCategory = category === null ? Prisma.sql`TRUE` : Prisma.sql`m.category_id = ${category}::int4`;
  const byStock = inStock === null ? Prisma.sql`TRUE` : inStock ? Prisma.sql`m.stocked` : Prisma.sql`NOT m.stocked`;
  const byDiscount = discounted === null ? Prisma.sql`TRUE` : discounted ? Prisma.sql`m.off` : Prisma.sql`NOT m.off`;
  const byPrice = Prisma.sql`${minPrice === null ? Prisma.sql`TRUE` : Prisma.sql`m.cents >= ${minPrice}::int4`} AND ${
    maxPrice === null ? Prisma.sql`TRUE` : Prisma.sql`m.cents < ${maxPrice}::int4`
  }`;
  const byOptions = optionCondition(chosen.options, Prisma.sql`m.pairs`);
  const all = (...conditions: Prisma.Sql[]) => Prisma.join([...conditions, byOptions], " AND ");
  const band = (index: number) => {
    const { min, max } = PRICE_RANGES[index];
    return max === null ? Prisma.sql`m.cents >= ${min}::int4` : Prisma.sql`m.cents >= ${min}::int4 AND m.cents < ${max}::int4`;
  };
  // One pass over the matching rows counts all but the categories (one FILTER per count); the categories,
  // when asked, group the same rows (PostgreSQL then keeps them once for both).
  const categories = chosen.byCategory
    ? Prisma.sql`(SELECT json_agg(json_build_array(c.id, c.name, c.created_at, g.count))
        FROM (SELECT m.category_id, count(*) AS count FROM m WHERE ${all(byStock, byDiscount, byPrice)} GROUP BY 1) g
        JOIN categories c ON c.id = g.category_id)`
    : Prisma.sql`NULL::json`;
  // Each option's values under the other filters and the other options' choices, not its own: a row for a
  // value of option N passes every chosen option but N's.
  const otherOptions = [...groupChoices(chosen.options)].map(([name, values]) => Prisma.sql`(pair->>0 = ${name} OR ${oneOption(name, values, Prisma.sql`m.pairs`)})`);
  const facets = Prisma.sql`(SELECT json_agg(json_build_array(f.name, f.value, f.count)) FROM (
      SELECT pair->>0 AS name, pair->>1 AS value, count(*) AS count
      FROM m CROSS JOIN LATERAL jsonb_array_elements(m.pairs) pair
      WHERE ${Prisma.join([byCategory, byStock, byDiscount, byPrice, ...otherOptions], " AND ")}
      GROUP BY 1, 2) f)`;
  const [row] = await readRows<Record<string, unknown>>(Prisma.sql`
    WITH m AS (
      SELECT p.category_id, ${UNIT_PRICE} AS cents, p.stock_total > 0 AS stocked, p.discount_price_cents IS NOT NULL AS off, p.option_pairs AS pairs
      FROM products p WHERE ${matching})
    SELECT count(*) FILTER (WHERE ${all(byCategory, byStock, byDiscount, byPrice)}) AS total,
           count(*) FILTER (WHERE ${all(Prisma.sql`m.stocked`, byCategory, byDiscount, byPrice)}) AS in_stock,
           count(*) FILTER (WHERE ${all(Prisma.sql`m.off`, byCategory, byStock, byPrice)}) AS discounted,
           ${Prisma.join(
             PRICE_RANGES.map((_, index) => Prisma.sql`count(*) FILTER (WHERE ${all(band(index), byCategory, byStock, byDiscount)}) AS ${Prisma.raw(`price_${index}`)}`),
             ", ",
           )},
           ${categories} AS categories,
           ${facets} AS options
    FROM m`);

  const counts: FilterCounts = {
    total: Number(row.total),
    inStock: Number(row.in_stock),
    discounted: Number(row.discounted),
    priceRanges: PRICE_RANGES.map((range, index) => ({ ...range, count: Number(row[`price_${index}`]) })),
    options: [],
    categories: ((row.categories ?? []) as Array<[number, string, string, number]>).map(([id, name, createdAt, count]) => ({
      category: { id: Number(id), name, createdAt: new Date(createdAt) },
      count: Number(count),
    })),
  };
  counts.categories.sort((a, b) => b.count - a.count || a.category.name.localeCompare(b.category.name));
  counts.options = optionFacets(((row.options ?? []) as Array<[string, string, number]>).map(([name, value, count]) => ({ name, value, count: Number(count) })));
  return counts;
}
