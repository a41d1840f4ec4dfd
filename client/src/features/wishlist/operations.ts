// The wish-list's document; codegen turns it into a typed document.
export const wishlistOperations = /* GraphQL */ `
  query Favourites {
    favourites {
      ...ProductCardFields
    }
  }
`;
