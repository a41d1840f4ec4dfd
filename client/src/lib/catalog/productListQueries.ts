// What the category page and the search page ask the server, worked out from the page's address. The
// screen asks it, and the server render asks it before drawing the page (app/pageQueries.ts), so that the
// page is drawn once, with its data. Both read it from here: variables that differed by one key would make
// the screen ask again, and the server would draw the page twice.
import { STOREFRONT_PAGE_SIZE } from "../apollo/pages";
import { productFiltersFrom, productFilterVariables } from "./productFilters";
import { PRODUCT_SORT, sortOrderFrom } from "./productSort";

/** A category page's query variables: the category is the page's own (it reads no ?category=). */
export const categoryPageVariables = (categoryName: string, params: URLSearchParams) => ({
  category: categoryName,
  sort: PRODUCT_SORT[sortOrderFrom(params.get("sort"))],
  first: STOREFRONT_PAGE_SIZE,
  ...productFilterVariables(productFiltersFrom(params, { category: false })),
});

/** A search page's query variables: the text of ?q= (trimmed), its sort, its filters. An empty text asks nothing. */
export const searchPageVariables = (params: URLSearchParams) => ({
  search: (params.get("q") ?? "").trim(),
  sort: PRODUCT_SORT[sortOrderFrom(params.get("sort"))],
  first: STOREFRONT_PAGE_SIZE,
  ...productFilterVariables(productFiltersFrom(params, { category: true })),
});
