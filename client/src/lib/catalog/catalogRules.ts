// Which products a screen shows and in what order: the home page's sections, a category's products,
// search matching and the four sort orders (spec sections 2, 5 and 9).
import { unitPrice, hasDiscount, type Priced } from "../pricing";
import { averageRating, type Rated } from "../rating";

export const NEW_ARRIVALS_LIMIT = 6;
export const DISCOUNTED_PRODUCTS_LIMIT = 12;

export interface CatalogProduct extends Priced, Rated {
  id: number;
  name: string;
  quantity: number;
  category: { name: string };
  /** ISO date-time; newer products sort first. */
  createdAt: string;
}

/** Lists are shown newest first: by creation time, then by the larger id. */
export function newestFirst<T extends Pick<CatalogProduct, "id" | "createdAt">>(products: readonly T[]): T[] {
  return [...products].sort((a, b) => {
    const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
    return byTime !== 0 && !Number.isNaN(byTime) ? byTime : b.id - a.id;
  });
}

export const isInStock = (product: Pick<CatalogProduct, "quantity">) => product.quantity > 0;

/** New arrivals: up to 6 in-stock products, most recently added first. */
export function newArrivals<T extends CatalogProduct>(products: readonly T[]): T[] {
  return newestFirst(products.filter(isInStock)).slice(0, NEW_ARRIVALS_LIMIT);
}

/** 'Save more when you by this products': up to 12 in-stock discounted products, newest first. */
export function discountedProducts<T extends CatalogProduct>(products: readonly T[]): T[] {
  return newestFirst(products.filter((product) => isInStock(product) && hasDiscount(product))).slice(
    0,
    DISCOUNTED_PRODUCTS_LIMIT,
  );
}

/** The category page: the products whose category equals the name. */
export function productsInCategory<T extends CatalogProduct>(products: readonly T[], categoryName: string): T[] {
  return newestFirst(products.filter((product) => product.category.name === categoryName));
}

/** The search text as it is matched: trimmed. */
export const normaliseSearchText = (text: string) => text.trim();

/** Whether `value` holds the trimmed search text as a case-insensitive substring (blank text is in everything). */
export function containsSearchText(value: string | null | undefined, text: string): boolean {
  return (value ?? "").toLowerCase().includes(normaliseSearchText(text).toLowerCase());
}

/** The text is trimmed and matched case-insensitively as a substring against product name and category name. */
export function matchesSearch(product: Pick<CatalogProduct, "name" | "category">, text: string): boolean {
  if (normaliseSearchText(text) === "") return false;
  return containsSearchText(product.name, text) || containsSearchText(product.category.name, text);
}

export function searchProducts<T extends CatalogProduct>(products: readonly T[], text: string): T[] {
  return products.filter((product) => matchesSearch(product, text));
}

export const SORT_ORDERS = ["default", "price-highest", "price-lowest", "highest-rated"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_ORDER_LABELS: Record<SortOrder, string> = {
  default: "Default",
  "price-highest": "Price: highest first",
  "price-lowest": "Price: lowest first",
  "highest-rated": "Highest rated",
};

export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === "string" && (SORT_ORDERS as readonly string[]).includes(value);
}

/**
 * The four sort orders. default keeps the given order; price sorting uses the unit price; highest-rated
 * sorts by average rating, ties broken by the larger number of raters. The sort is stable.
 */
export function sortProducts<T extends CatalogProduct>(products: readonly T[], order: SortOrder): T[] {
  const sorted = [...products];
  switch (order) {
    case "default":
      return sorted;
    case "price-highest":
      return sorted.sort((a, b) => unitPrice(b) - unitPrice(a));
    case "price-lowest":
      return sorted.sort((a, b) => unitPrice(a) - unitPrice(b));
    case "highest-rated":
      return sorted.sort((a, b) => averageRating(b) - averageRating(a) || b.peopleRated - a.peopleRated);
  }
}
