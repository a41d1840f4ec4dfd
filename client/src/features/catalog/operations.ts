// The home and category pages' documents; codegen turns them into typed documents.
// Home (spec section 2) in one request: new arrivals are the 6 newest in-stock products; 'Save more when
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

  query CategoryProducts($category: String!, $sort: ProductSort!, $first: Int!, $after: String) {
    products(category: $category, sort: $sort, first: $first, after: $after) {
      ...ProductCardPage
    }
  }
`;

