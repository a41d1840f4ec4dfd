// After a change the lists that show it reload: after a create, update or delete the lists it touches
// reload, and after a successful order the products do (their stock changed).
// Dropping a list field from the cache drops every page and every filter of it at once: each screen that
// shows the list fetches its first page again, and screens opened later fetch afresh.
import type { ApolloCache } from "@apollo/client";

/** Which root fields each kind of change makes stale. */
export const LISTS_CHANGED_BY = {
  /** A product, category or region created, updated or deleted (names, prices, stock and membership). */
  catalogueChange: ["products", "productFilters", "categories", "regions", "favourites"],
  /** A rating moves the product in the highest-rated order (no filter counts by rating). */
  rating: ["products"],
  favourite: ["favourites"],
  /** Stock went down (and with it the 'In stock' counts); the new order joins the order lists; product pages show the new stock. */
  orderPlaced: ["products", "productFilters", "product", "favourites", "myOrders", "orders", "userOrders"],
  /** The order may leave a list filtered by status. */
  orderStatus: ["orders", "myOrders", "userOrders"],
  /**
   * As a status change, and the order's units are back in stock (the products, their counts and pages) and
   * the dashboard no longer counts it.
   */
  orderCancelled: ["orders", "myOrders", "userOrders", "products", "productFilters", "product", "favourites", "analytics", "topProducts", "salesReport"],
  /** Money was given back on an order: the dashboard's revenue is net of refunds. */
  orderRefunded: ["analytics", "salesReport"],
  role: ["users"],
  /** Someone's order arrived (admins, live): the order lists, the dashboard's figures, the stock shown. */
  newOrder: ["orders", "userOrders", "analytics", "topProducts", "salesReport", "products", "productFilters", "product"],
} as const satisfies Record<string, readonly string[]>;

export type ListChange = keyof typeof LISTS_CHANGED_BY;

export function reloadLists(cache: ApolloCache, change: ListChange): void {
  for (const fieldName of LISTS_CHANGED_BY[change]) cache.evict({ id: "ROOT_QUERY", fieldName });
  cache.gc();
}

/** For a mutation's `update` option: `useMutation(Doc, { update: reloadListsAfter("role") })`. */
export const reloadListsAfter = (change: ListChange) => (cache: ApolloCache) => reloadLists(cache, change);
