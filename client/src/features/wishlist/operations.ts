// The wish-list's document; codegen turns it into a typed document. Most recently added first, a page
// at a time.
export const wishlistOperations = /* GraphQL */ `
  query Favourites($first: Int!, $after: String) {
    favourites(first: $first, after: $after) {
      ...ProductCardPage
    }
  }
`;
