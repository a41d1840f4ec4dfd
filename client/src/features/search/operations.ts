// The search page's documents; codegen turns them into typed documents. The server matches the text
// (words in any order, typos corrected, the last word as a prefix; see server domain/search) and ranks the results.
// The page's first view is one request: the first page of results and the filters' counts, with
// the same filters. 'Load more' asks for the products only.
export const searchOperations = /* GraphQL */ `
  query SearchPage(
    $search: String!
    $sort: ProductSort!
    $first: Int!
    $category: String
    $minPrice: Money
    $maxPrice: Money
    $inStock: Boolean
    $discounted: Boolean
    $options: [OptionChoiceInput!]
  ) {
    products(
      search: $search
      category: $category
      minPrice: $minPrice
      maxPrice: $maxPrice
      inStock: $inStock
      discounted: $discounted
      options: $options
      sort: $sort
      first: $first
    ) {
      ...ProductCardPage
    }
    productFilters(
      search: $search
      category: $category
      minPrice: $minPrice
      maxPrice: $maxPrice
      inStock: $inStock
      discounted: $discounted
      options: $options
    ) {
      ...ProductFilterCounts
    }
  }

  query SearchProducts(
    $search: String!
    $sort: ProductSort!
    $first: Int!
    $after: String
    $category: String
    $minPrice: Money
    $maxPrice: Money
    $inStock: Boolean
    $discounted: Boolean
    $options: [OptionChoiceInput!]
  ) {
    products(
      search: $search
      category: $category
      minPrice: $minPrice
      maxPrice: $maxPrice
      inStock: $inStock
      discounted: $discounted
      options: $options
      sort: $sort
      first: $first
      after: $after
    ) {
      ...ProductCardPage
    }
  }
`;
