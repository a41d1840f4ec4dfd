// The URL parameters the storefront's screens read (the search text, the sort, the filters, the product
// page's chosen variant): a page is drawn, and kept, for its path and these only (app/pageAddress.ts), and a
// form of a page carries these only (components/SortSelect.tsx).
import { PRODUCT_FILTER_PARAMS } from "../catalog/productFilters";
import { VARIANT_PARAM } from "../catalog/variants";

export const PAGE_PARAMS: ReadonlySet<string> = new Set(["q", "sort", ...PRODUCT_FILTER_PARAMS, VARIANT_PARAM]);

/** Whether a screen reads this parameter. */
export const isPageParam = (name: string): boolean => PAGE_PARAMS.has(name);
