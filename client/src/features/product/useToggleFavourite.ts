// Adding a product to the wish-list or taking it off: the heart reads the answer from the cache (it
// flips only after the call succeeds), and the wish-lists reload.
import { useMutation } from "@apollo/client/react";
import { IsFavouriteDocument, ToggleFavouriteDocument } from "../../graphql/generated/graphql";
import { reloadLists } from "../../lib/apollo/reloadLists";

export function useToggleFavourite(productId: number) {
  return useMutation(ToggleFavouriteDocument, {
    update(cache, result) {
      const next = result.data?.toggleFavourite.isFavourite;
      if (next === undefined) return;
      cache.writeQuery({ query: IsFavouriteDocument, variables: { productId }, data: { isFavourite: next } });
      reloadLists(cache, "favourite");
    },
  });
}
