// The search page's document; codegen turns it into a typed document. The server matches the text
// (trimmed, any case, product and category names, then close spellings) and orders the results.
export const searchOperations = /* GraphQL */ `
  query SearchProducts($search: String!, $sort: ProductSort!, $first: Int!, $after: String) {
    products(search: $search, sort: $sort, first: $first, after: $after) {
      ...ProductCardPage
    }
  }
`;
