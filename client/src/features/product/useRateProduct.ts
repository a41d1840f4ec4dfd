// Rating a product: the product reloads (its stars), and so do the product lists (a
// rating moves the product in the highest-rated order).
import { useMutation } from "@apollo/client/react";
import { ProductDetailDocument, RateProductDocument } from "../../graphql/generated/graphql";
import { reloadListsAfter } from "../../lib/apollo/reloadLists";

export function useRateProduct() {
  return useMutation(RateProductDocument, { refetchQueries: [ProductDetailDocument], update: reloadListsAfter("rating") });
}
