// 'Manage Status': after a successful change the order reloads, and so do the order
// lists (the order may leave a list filtered by status). A cancelled order's units are back in stock and the
// dashboard stops counting it: the products and the dashboard's figures reload too. Cancelling also refunds what
// is left of the payment: the order read again brings its refunds and payment status.
import { useMutation } from "@apollo/client/react";
import { UpdateOrderStatusDocument } from "../../../graphql/generated/graphql";
import { reloadLists } from "../../../lib/apollo/reloadLists";
import { AdminOrderDocument } from "./viewOperations";

export function useUpdateOrderStatus() {
  return useMutation(UpdateOrderStatusDocument, {
    refetchQueries: [AdminOrderDocument],
    update: (cache, { data }) => reloadLists(cache, data?.updateOrderStatus.order.status === "CANCELLED" ? "orderCancelled" : "orderStatus"),
  });
}
