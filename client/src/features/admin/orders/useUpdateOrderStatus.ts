// 'Manage Status': after a successful change the order reloads, and so do the order
// lists (the order may leave a list filtered by status). A cancelled order's units are back in stock and the
// dashboard stops counting it: the products and the dashboard's figures reload too.
import { useMutation } from "@apollo/client/react";
import { AdminOrderDocument, UpdateOrderStatusDocument } from "../../../graphql/generated/graphql";
import { reloadLists } from "../../../lib/apollo/reloadLists";

export function useUpdateOrderStatus() {
  return useMutation(UpdateOrderStatusDocument, {
    refetchQueries: [AdminOrderDocument],
    update: (cache, { data }) => reloadLists(cache, data?.updateOrderStatus.order.status === "CANCELLED" ? "orderCancelled" : "orderStatus"),
  });
}
