// The search page's document; codegen turns it into a typed document. The server matches the text
// (words in any order, typos corrected, the last word as a prefix; see server domain/search) and ranks the results.
export const searchOperations = /* GraphQL */ `
  query SearchProducts($search: String!, $sort: ProductSort!, $first: Int!, $after: String) {
    products(search: $search, sort: $sort, first: $first, after: $after) {
      ...ProductCardPage
    }
  }
`;
