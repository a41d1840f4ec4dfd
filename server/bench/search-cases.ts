// The search cases, measured by bench:search (100,000 products) and bench:api (10,000): a page of
// 24 with its total for one word, two words in reverse order, a typo, a three-letter prefix and no match;
// and the header's suggestions for a prefix. bench:search also measures the common words (commonWordCases).
export const CARD = "id slug name unitPrice price discountPrice quantity imageOne category { id name }";
export const PAGE = `query($q: String) { products(search: $q, first: 24) { nodes { ${CARD} } totalCount pageInfo { hasNextPage endCursor } } }`;
const SUGGEST = `query($q: String!) { searchSuggestions(text: $q) { products { id slug name unitPrice imageOne } categories { id name } } }`;
/**
 * The storefront's search page as it asks (client/src/features/search/operations.ts, SearchPage): the first
 * 24 products with their total and the filter panel's counts, in one request.
 */
export const SEARCH_PAGE = `query($q: String!, $sort: ProductSort!) {
  products(search: $q, sort: $sort, first: 24) { nodes { ${CARD} } totalCount pageInfo { hasNextPage endCursor } }
  productFilters(search: $q) { total categories { category { id name } count } priceRanges { minPrice maxPrice count } inStock discounted }
}`;

export interface SearchCase {
  name: string;
  query: string;
  variables: Record<string, unknown>;
}

/** `twoWords` names a product of the seeded catalogue in reverse order ('Peace Lily' in bench:search's shop,
 * 'Orchid Monstera No. n' in bench:api's generated names), so the case measures a search that finds something. */
export const searchCases = (twoWords = "lily peace") => [
  { name: "one word 'fern'", query: PAGE, q: "fern" },
  { name: `two words reversed '${twoWords}'`, query: PAGE, q: twoWords },
  { name: "typo 'monstra'", query: PAGE, q: "monstra" },
  { name: "prefix 'lav'", query: PAGE, q: "lav" },
  { name: "no match 'xylophone'", query: PAGE, q: "xylophone" },
  { name: "suggestions 'monst'", query: SUGGEST, q: "monst" },
];

/**
 * Words a large shop's products share, in bench:search's 100,000 products (bench/catalogue-seed.ts):
 * 'seeds' about 10,000 (the Seeds & Bulbs category), 'plant' about 45,000 (plant, plants, planter, planters:
 * the last word is a prefix) and 'care' every product (their descriptions' "care notes"). Each as a page of
 * 24 with its total, and as the storefront's search page (the page and the filters' counts together).
 */
export const commonWordCases = (): SearchCase[] => [
  { name: "common 'seeds'", query: PAGE, variables: { q: "seeds" } },
  { name: "common 'seeds', search page", query: SEARCH_PAGE, variables: { q: "seeds", sort: "DEFAULT" } },
  { name: "common 'plant'", query: PAGE, variables: { q: "plant" } },
  { name: "common 'plant', search page", query: SEARCH_PAGE, variables: { q: "plant", sort: "DEFAULT" } },
  { name: "common 'plant', search page, lowest price", query: SEARCH_PAGE, variables: { q: "plant", sort: "PRICE_LOWEST" } },
  { name: "common 'care'", query: PAGE, variables: { q: "care" } },
  { name: "common 'care', search page", query: SEARCH_PAGE, variables: { q: "care", sort: "DEFAULT" } },
];
