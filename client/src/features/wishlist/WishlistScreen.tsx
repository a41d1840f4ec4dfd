// The wish-list (spec section 2): 'My Wishlist', the favourite products, or the empty text. A failed
// load is silent (logged) and shows the empty text.
import { useQuery } from "@apollo/client/react";
import { Stack, Title } from "@mantine/core";
import { useEffect } from "react";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { ProductCard } from "../../components/ProductCard";
import { ProductGrid } from "../../components/ProductGrid";
import { FavouritesDocument } from "../../graphql/generated/graphql";
import { RequireUser } from "../../components/RequireUser";

export const EMPTY_WISHLIST_TEXT = "You have not added any products to your wishlist yet.";

export function WishlistScreen() {
  return (
    <RequireUser>{() => <Wishlist />}</RequireUser>
  );
}

function Wishlist() {
  const { data, loading, error } = useQuery(FavouritesDocument, { fetchPolicy: "cache-and-network" });
  useEffect(() => {
    if (error) console.error("Could not load the wish-list", error);
  }, [error]);
  const products = data?.favourites ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>My Wishlist</Title>
      {loading && !data ? (
        <LoadingView label="Loading your wish-list" />
      ) : products.length === 0 ? (
        <EmptyState title={EMPTY_WISHLIST_TEXT} />
      ) : (
        <ProductGrid>
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ProductGrid>
      )}
    </Stack>
  );
}
