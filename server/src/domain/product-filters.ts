// The filters of the search and category pages, with how many products each would show (issue 17):
// category, price range, in stock, discounted. Each filter is counted under every other chosen filter but
// not its own (ticking 'In stock' does not hide the count of a price range that has none in stock, and a
// chosen category still shows the others' counts), as shops' faceted search does.
//
// All of it is one statement: the matching products' few columns are read once (a materialised CTE) and
// counted five ways from there.
import { Prisma, type Category } from "../generated/prisma/client.js";
import type { Cents } from "./money.js";
import type { RowReader } from "./pages.js";
import { UNIT_PRICE } from "./catalog.js";

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

const BOUNDS = PRICE_RANGES.slice(1).map((range) => range.min);

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

  const parts = [
    Prisma.sql`SELECT 'total' AS facet, NULL::int4 AS key, count(*) AS count FROM m WHERE ${all(byCategory, byStock, byDiscount, byPrice)}`,
    Prisma.sql`SELECT 'inStock', NULL, count(*) FROM m WHERE ${all(Prisma.sql`m.stocked`, byCategory, byDiscount, byPrice)}`,
    Prisma.sql`SELECT 'discounted', NULL, count(*) FROM m WHERE ${all(Prisma.sql`m.off`, byCategory, byStock, byPrice)}`,
    // width_bucket: 0 below the first bound, i above the i-th.
    Prisma.sql`SELECT 'price', width_bucket(m.cents, ${BOUNDS}::int4[]), count(*) FROM m WHERE ${all(byCategory, byStock, byDiscount)} GROUP BY 2`,
  ];
  if (chosen.byCategory) {
    parts.push(Prisma.sql`SELECT 'category', m.category_id, count(*) FROM m WHERE ${all(byStock, byDiscount, byPrice)} GROUP BY 2`);
  }
  const rows = await readRows<{ facet: string; key: number | null; count: unknown; name: string | null; created_at: Date | string | null }>(Prisma.sql`
    WITH m AS MATERIALIZED (
      SELECT p.category_id, ${UNIT_PRICE} AS cents, p.quantity > 0 AS stocked, p.discount_price_cents IS NOT NULL AS off
      FROM products p WHERE ${matching}),
    f AS (${Prisma.join(parts, " UNION ALL ")})
    SELECT f.facet, f.key, f.count, c.name, c.created_at
    FROM f LEFT JOIN categories c ON f.facet = 'category' AND c.id = f.key`);

  const counts: FilterCounts = { ...NO_FILTER_COUNTS, priceRanges: NO_FILTER_COUNTS.priceRanges.map((range) => ({ ...range })), categories: [] };
  for (const row of rows) {
    const count = Number(row.count);
    if (row.facet === "total") counts.total = count;
    else if (row.facet === "inStock") counts.inStock = count;
    else if (row.facet === "discounted") counts.discounted = count;
    else if (row.facet === "price") counts.priceRanges[Number(row.key)].count = count;
    else if (row.facet === "category" && row.name !== null) {
      const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at!);
      counts.categories.push({ category: { id: Number(row.key), name: row.name, createdAt }, count });
    }
  }
  counts.categories.sort((a, b) => b.count - a.count || a.category.name.localeCompare(b.category.name));
  return counts;
}
