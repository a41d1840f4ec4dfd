// What the order list, the order view and the user detail share: the status badge and the order's address.
import { Badge } from "@mantine/core";
import type { OrderStatus } from "../../../graphql/generated/graphql";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT } from "../../../lib/orders/orderStatus";

/** The admin order view: /admin/view-order/{order_number}. */
export const adminOrderPath = (orderNumber: string) => `/admin/view-order/${encodeURIComponent(orderNumber)}`;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  // Never cut short in a narrow table column.
  return (
    <Badge color={ORDER_STATUS_COLOR[status]} style={{ minWidth: "max-content" }}>
      {ORDER_STATUS_TEXT[status]}
    </Badge>
  );
}
