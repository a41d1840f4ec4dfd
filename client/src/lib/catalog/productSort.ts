// The search and category pages' sort selector: default, price-highest,
// price-lowest, highest-rated, as the URL spells them (?sort=), and the API order each one asks for.
// The ordering itself is the server's (ProductSort in schema.graphql).
import type { ProductSort } from "../../graphql/generated/graphql";

export const SORT_ORDERS = ["default", "price-highest", "price-lowest", "highest-rated"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_ORDER_LABELS: Record<SortOrder, string> = {
  default: "Default",
  "price-highest": "Price: highest first",
  "price-lowest": "Price: lowest first",
  "highest-rated": "Highest rated",
};

export const PRODUCT_SORT: Record<SortOrder, ProductSort> = {
  default: "DEFAULT",
  "price-highest": "PRICE_HIGHEST",
  "price-lowest": "PRICE_LOWEST",
  "highest-rated": "HIGHEST_RATED",
};

export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === "string" && (SORT_ORDERS as readonly string[]).includes(value);
}

/** The sort a URL asks for (?sort=…); anything unknown is the default. */
export const sortOrderFrom = (value: string | null): SortOrder => (isSortOrder(value) ? value : "default");
