// Lists come from the API one page at a time (Relay-style connections, see schema.graphql): what a
// screen needs to show a page, ask for the next one, and keep the last answer on screen while a new one
// (another search, another sort) loads.
import { useState } from "react";

/** A page of the storefront's product lists (category, search, wish-list): 4 rows of the 6-column grid. */
export const STOREFRONT_PAGE_SIZE = 24;
/** A page of the order lists (own orders, admin orders, a user's orders). */
export const ORDERS_PAGE_SIZE = 20;
/** A page of the admin lists: the 5-column product grid, the category and region grids, the user table. */
export const ADMIN_PAGE_SIZE = 20;

/** The part of a connection a paged screen reads. */
export interface Page<T> {
  edges: ReadonlyArray<{ node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  totalCount: number;
}

export const nodesOf = <T,>(page: { edges: ReadonlyArray<{ node: T }> }): T[] => page.edges.map((edge) => edge.node);

/** The variables that fetch the page after this one ('Load more'); the cache appends it to the list. */
export const nextPageVariables = (page: Page<unknown>) => ({ after: page.pageInfo.endCursor ?? null });

/** Search boxes ask the server once the typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface Answer<T, K> {
  data: T;
  /** What the answer is for, e.g. the search text and sort. */
  key: K;
  /** The answer is for what the screen asks now (else it is the last one, kept while the new one loads). */
  forKey: boolean;
  /** The answer is the current one, not a kept one being replaced. */
  current: boolean;
}

/**
 * The answer to show: the current one when it is there, else the last one the screen had (with the key
 * it answered), so a new search or sort dims the previous results instead of blanking them, and a list
 * reloading after a change stays on screen until its new first page arrives.
 */
export function useLastAnswer<T, K>(data: T | undefined, key: K): Answer<T, K> | undefined {
  const [last, setLast] = useState<{ data: T; keyText: string } | undefined>(undefined);
  const keyText = JSON.stringify(key);
  // Remembered while rendering (React's "storing information from previous renders"), not in an effect,
  // so the kept answer never lags one render behind.
  if (data !== undefined && (last?.data !== data || last.keyText !== keyText)) setLast({ data, keyText });
  if (data !== undefined) return { data, key, forKey: true, current: true };
  if (!last) return undefined;
  return { data: last.data, key: JSON.parse(last.keyText) as K, forKey: last.keyText === keyText, current: false };
}
