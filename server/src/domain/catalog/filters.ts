// The filters of the search and category pages, with how many products each would show:
// category, price range, in stock, discounted. Each filter is counted under every other chosen filter but
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
}

export const NO_FILTER_COUNTS: FilterCounts = {
  total: 0,
  categories: [],
  priceRanges: PRICE_RANGES.map((range) => ({ ...range, count: 0 })),
  inStock: 0,
  discounted: 0,
};

export interface ChosenFilters {
  /** The chosen category's id (already looked up), or null. */
  category: number | null;
  inStock: boolean | null;
  discounted: boolean | null;
  minPrice: Cents | null;
  maxPrice: Cents | null;
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
  const all = (...conditions: Prisma.Sql[]) => Prisma.join(conditions, " AND ");
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
  const [row] = await readRows<Record<string, unknown>>(Prisma.sql`
    WITH m AS (
      SELECT p.category_id, ${UNIT_PRICE} AS cents, p.stock_total > 0 AS stocked, p.discount_price_cents IS NOT NULL AS off
      FROM products p WHERE ${matching})
    SELECT count(*) FILTER (WHERE ${all(byCategory, byStock, byDiscount, byPrice)}) AS total,
           count(*) FILTER (WHERE ${all(Prisma.sql`m.stocked`, byCategory, byDiscount, byPrice)}) AS in_stock,
           count(*) FILTER (WHERE ${all(Prisma.sql`m.off`, byCategory, byStock, byPrice)}) AS discounted,
           ${Prisma.join(
             PRICE_RANGES.map((_, index) => Prisma.sql`count(*) FILTER (WHERE ${all(band(index), byCategory, byStock, byDiscount)}) AS ${Prisma.raw(`price_${index}`)}`),
             ", ",
           )},
           ${categories} AS categories
    FROM m`);

  const counts: FilterCounts = {
    total: Number(row.total),
    inStock: Number(row.in_stock),
    discounted: Number(row.discounted),
    priceRanges: PRICE_RANGES.map((range, index) => ({ ...range, count: Number(row[`price_${index}`]) })),
    categories: ((row.categories ?? []) as Array<[number, string, string, number]>).map(([id, name, createdAt, count]) => ({
      category: { id: Number(id), name, createdAt: new Date(createdAt) },
      count: Number(count),
    })),
  };
  counts.categories.sort((a, b) => b.count - a.count || a.category.name.localeCompare(b.category.name));
  return counts;
}
