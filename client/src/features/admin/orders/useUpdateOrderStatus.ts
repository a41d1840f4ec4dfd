// 'Manage Status': after a successful change the order reloads, and so do the order
// lists (the order may leave a list filtered by status).
import { useMutation } from "@apollo/client/react";
import { AdminOrderDocument, UpdateOrderStatusDocument } from "../../../graphql/generated/graphql";
import { reloadListsAfter } from "../../../lib/apollo/reloadLists";

export function useUpdateOrderStatus() {
  return useMutation(UpdateOrderStatusDocument, { refetchQueries: [AdminOrderDocument], update: reloadListsAfter("orderStatus") });
}
