// The wish-list (spec section 2): 'My Wishlist', the favourite products a page at a time ('Load more'),
// or the empty text. A failed load is silent (logged) and shows the empty text.
import { PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Stack } from "@mantine/core";
import { useEffect } from "react";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { LoadMore } from "../../components/LoadMore";
import { cardLoading, ProductCard } from "../../components/ProductCard";
import { ProductGrid } from "../../components/ProductGrid";
import { FavouritesDocument } from "../../graphql/generated/graphql";
import { RequireUser } from "../../components/RequireUser";
import { nextPageVariables, nodesOf, STOREFRONT_PAGE_SIZE } from "../../lib/apollo/pages";

export const EMPTY_WISHLIST_TEXT = "You have not added any products to your wishlist yet.";

export function WishlistScreen() {
  return (
    <RequireUser>{() => <Wishlist />}</RequireUser>
  );
}

function Wishlist() {
  const { data, loading, error, fetchMore } = useQuery(FavouritesDocument, {
    variables: { first: STOREFRONT_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  useEffect(() => {
    if (error) console.error("Could not load the wish-list", error);
  }, [error]);
  const page = data?.favourites;
  const products = page ? nodesOf(page) : [];
  return (
    <Stack gap="lg">
      <PageTitle title="My Wishlist" />
      {loading && !data ? (
        <LoadingView label="Loading your wish-list" />
      ) : !page || products.length === 0 ? (
        <EmptyState title={EMPTY_WISHLIST_TEXT} />
      ) : (
        <>
          <ProductGrid>
            {products.map((product, index) => (
              <ProductCard key={product.id} product={product} {...cardLoading(index)} />
            ))}
          </ProductGrid>
          <LoadMore
            shown={products.length}
            total={page.totalCount}
            noun="products"
            hasMore={page.pageInfo.hasNextPage}
            onLoadMore={() => fetchMore({ variables: nextPageVariables(page) })}
          />
        </>
      )}
    </Stack>
  );
}
