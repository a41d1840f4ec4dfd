// The wish-list: 'My Wishlist', the favourite products a page at a time ('Load more'),
// or the empty text. A failed load is silent (logged) and shows the empty text.
import { PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Stack } from "@mantine/core";
import { useEffect } from "react";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { PagedProductGrid } from "../../components/PagedProductGrid";
import { FavouritesDocument } from "../../graphql/generated/graphql";
import { RequireUser } from "../../components/RequireUser";
import { nextPageVariables, STOREFRONT_PAGE_SIZE } from "../../lib/apollo/pages";

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
  return (
    <Stack gap="lg">
      <PageTitle title="My Wishlist" />
      {loading && !data ? (
        <LoadingView label="Loading your wish-list" />
      ) : !page || page.edges.length === 0 ? (
        <EmptyState title={EMPTY_WISHLIST_TEXT} />
      ) : (
        <PagedProductGrid page={page} onLoadMore={() => fetchMore({ variables: nextPageVariables(page) })} />
      )}
    </Stack>
  );
}
