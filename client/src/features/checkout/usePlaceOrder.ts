// Placing an order and what it changes in the cache: after the order the products (their
// stock), the product pages and the order lists reload.
import { useMutation } from "@apollo/client/react";
import { PlaceOrderDocument } from "../../graphql/generated/graphql";
import { reloadListsAfter } from "../../lib/apollo/reloadLists";

export function usePlaceOrder() {
  return useMutation(PlaceOrderDocument, { update: reloadListsAfter("orderPlaced") });
}
