// The search cases, measured by bench:search (100,000 products) and bench:api (10,000): a page of
// 24 with its total for one word, two words in reverse order, a typo, a three-letter prefix and no match;
// and the header's suggestions for a prefix.
export const CARD = "id slug name unitPrice price discountPrice quantity imageOne category { id name }";
export const PAGE = `query($q: String) { products(search: $q, first: 24) { nodes { ${CARD} } totalCount pageInfo { hasNextPage endCursor } } }`;
const SUGGEST = `query($q: String!) { searchSuggestions(text: $q) { products { id slug name unitPrice imageOne } categories { id name } } }`;

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
