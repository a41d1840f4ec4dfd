// The catalogue every storefront screen shares: products, categories and regions, fetched once at
// start-up and kept in the Apollo cache; screens read them from there and refetch after changes.
import { useQuery } from "@apollo/client/react";
import { ShopCatalogDocument } from "../../graphql/generated/graphql";

export const shopCatalogOperations = /* GraphQL */ `
  fragment ProductCardFields on Product {
    id
    slug
    name
    imageOne
    price
    discountPrice
    quantity
    rating
    peopleRated
    createdAt
    category {
      id
      name
    }
  }

  query ShopCatalog {
    products {
      ...ProductCardFields
    }
    categories {
      id
      name
    }
    regions {
      id
      name
      fee
    }
  }
`;

export { ShopCatalogDocument };

/** The shared catalogue; the first caller fetches it, everyone else reads the cache. */
export function useShopCatalog() {
  return useQuery(ShopCatalogDocument, { notifyOnNetworkStatusChange: true });
}
