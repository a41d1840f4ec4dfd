// The home and category pages' documents; codegen turns them into typed documents.
// A category page's first view is one request: its first page of products and the filters' counts, with
// the same filters (the option values chosen included). 'Load more' asks for the products only (CategoryProducts).
// Home in one request: new arrivals are the 6 newest in-stock products; 'Save more when
// you by this products' the 12 newest in-stock discounted ones; then every category.
export const catalogOperations = /* GraphQL */ `
  query HomePage {
    newArrivals: products(first: 6, sort: NEWEST, inStock: true) {
      nodes {
        ...ProductCardFields
      }
    }
    discounted: products(first: 12, sort: NEWEST, inStock: true, discounted: true) {
      nodes {
        ...ProductCardFields
      }
    }
    categories(first: 100) {
      nodes {
        id
        name
      }
    }
  }

  query CategoryPage(
    $category: String!
    $sort: ProductSort!
    $first: Int!
    $minPrice: Money
    $maxPrice: Money
    $inStock: Boolean
    $discounted: Boolean
    $options: [OptionChoiceInput!]
  ) {
    products(category: $category, minPrice: $minPrice, maxPrice: $maxPrice, inStock: $inStock, discounted: $discounted, options: $options, sort: $sort, first: $first) {
      ...ProductCardPage
    }
    productFilters(category: $category, minPrice: $minPrice, maxPrice: $maxPrice, inStock: $inStock, discounted: $discounted, options: $options) {
      ...ProductFilterCounts
    }
  }

  query CategoryProducts(
    $category: String!
    $sort: ProductSort!
    $first: Int!
    $after: String
    $minPrice: Money
    $maxPrice: Money
    $inStock: Boolean
    $discounted: Boolean
    $options: [OptionChoiceInput!]
  ) {
    products(
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

