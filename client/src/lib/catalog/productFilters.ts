// The filters of the search and category pages: category (search page only), price range, in
// stock and discounted, as the URL spells them (?category=Ferns&price=10-25&inStock=1&discounted=1) and as
// the API's products() and productFilters() take them. Kept in the URL so a filtered list can be shared
// and reloaded, and rendered by the server; anything the URL holds that is not a valid filter is no filter.
// Which ranges are offered, and the counts, are the server's (productFilters in schema.graphql).
import { formatMoney, groupThousands } from "../money";

/** A price range in dollars, on the price the shopper pays: from minPrice (included) to maxPrice (left out; null: no upper bound). */
export interface PriceRange {
  minPrice: number;
  maxPrice: number | null;
}

export interface ProductFilterChoice {
  /** A category's name as the URL holds it (the server matches it whatever its case). */
  category: string | null;
  price: PriceRange | null;
  inStock: boolean;
  discounted: boolean;
}

export const NO_PRODUCT_FILTERS: ProductFilterChoice = { category: null, price: null, inStock: false, discounted: false };

/** What the filters add to the variables of products() and productFilters(): only the chosen ones. */
export interface ProductFilterVariables {
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: true;
  discounted?: true;
}

/** The URL parameters the filters are read from. */
export const PRODUCT_FILTER_PARAMS = ["category", "price", "inStock", "discounted"] as const;

// Dollars with at most two decimals and at most 7 digits before the point: the API refuses amounts from
// $21,474,836.48 up, and a URL asking for more is treated as no filter rather than as a failed page.
const AMOUNT = String.raw`\d{1,7}(?:\.\d{1,2})?`;
const PRICE_PARAM = new RegExp(`^(${AMOUNT})-(${AMOUNT})?$`);

/** "10-25" -> $10 to $25, "100-" -> $100 and over; null for anything else (an empty or reversed range too). */
export function parsePriceRange(text: string | null): PriceRange | null {
  const match = text === null ? null : PRICE_PARAM.exec(text.trim());
  if (!match) return null;
  const minPrice = Number(match[1]);
  const maxPrice = match[2] === undefined ? null : Number(match[2]);
  if (maxPrice !== null && maxPrice <= minPrice) return null;
  return { minPrice, maxPrice };
}

/** A price range as the URL spells it: "10-25", "100-". */
export const priceRangeParam = (range: PriceRange): string => `${range.minPrice}-${range.maxPrice ?? ""}`;

export const samePriceRange = (a: PriceRange | null, b: PriceRange | null): boolean =>
  a !== null && b !== null && a.minPrice === b.minPrice && a.maxPrice === b.maxPrice;

/** The filters a page's URL asks for. A category page is its own category: it reads no ?category=. */
export function productFiltersFrom(params: URLSearchParams, { category }: { category: boolean }): ProductFilterChoice {
  const name = category ? params.get("category")?.trim() : undefined;
  return {
    category: name ? name : null,
    price: parsePriceRange(params.get("price")),
    inStock: params.get("inStock") === "1",
    discounted: params.get("discounted") === "1",
  };
}

/** The URL's parameters with the filters replaced by `choice` (the text, the sort and the rest kept). */
export function withProductFilters(params: URLSearchParams, choice: ProductFilterChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of PRODUCT_FILTER_PARAMS) next.delete(key);
  if (choice.category) next.set("category", choice.category);
  if (choice.price) next.set("price", priceRangeParam(choice.price));
  if (choice.inStock) next.set("inStock", "1");
  if (choice.discounted) next.set("discounted", "1");
  return next;
}

export function productFilterVariables(choice: ProductFilterChoice): ProductFilterVariables {
  return {
    ...(choice.category ? { category: choice.category } : {}),
    ...(choice.price ? { minPrice: choice.price.minPrice } : {}),
    ...(choice.price && choice.price.maxPrice !== null ? { maxPrice: choice.price.maxPrice } : {}),
    ...(choice.inStock ? { inStock: true as const } : {}),
    ...(choice.discounted ? { discounted: true as const } : {}),
  };
}

/** How many filters are chosen. */
export const chosenFilterCount = (choice: ProductFilterChoice): number =>
  [choice.category !== null, choice.price !== null, choice.inStock, choice.discounted].filter(Boolean).length;

export const hasProductFilters = (choice: ProductFilterChoice): boolean => chosenFilterCount(choice) > 0;

/** Bounds of the ranges are mostly whole dollars, which read better without cents: "$10", "$25.50". */
const priceBound = (amount: number) => formatMoney(amount).replace(/\.00$/, "");

/** "Under $10", "$10 to $25", "$100 and over". */
export function priceRangeLabel({ minPrice, maxPrice }: PriceRange): string {
  if (maxPrice === null) return `${priceBound(minPrice)} and over`;
  if (minPrice === 0) return `Under ${priceBound(maxPrice)}`;
  return `${priceBound(minPrice)} to ${priceBound(maxPrice)}`;
}

/** A choice with how many products it would show: "Ferns (12)", "$10 to $25 (16,524)". */
export const countedLabel = (label: string, count: number): string => `${label} (${groupThousands(count)})`;
